/**
 * Concurrency of the single writer: bursts of simultaneous commands (Promise.all on
 * engine.execute) are decided one at a time against the state the earlier ones left, so exactly the
 * affordable bets are accepted, whatever the group commit puts in one turn.
 */
import t from 'tap';
import type { Command, ExecuteResult } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine } from '@exch/engine';
import { envelope, hierarchy, matchCatalogue, must, placeBet, positionsOf } from './fixtures.js';

const silent = { info() {}, warn() {}, error() {} };
const STAKE = 100_00; // ₹100
const BALANCE = 10_000_00; // ₹10,000: exactly 100 back bets of ₹100
const AFFORDABLE = BALANCE / STAKE;

async function market(maxBatch?: number) {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 0, ...(maxBatch ? { maxBatch } : {}) });
  t.teardown(async () => {
    await engine.stop().catch(() => {});
    await store.close();
  });
  const [p0, p1] = await hierarchy(engine, 2, BALANCE);
  await must(engine, matchCatalogue([1]), null);
  // Deep liquidity on Home: 2.00 to back, 2.02 to lay; the bookmaker and fancy steady.
  engine.quote({
    type: 'exchange',
    marketId: 'mo1',
    selectionId: 1,
    status: 'ACTIVE',
    back: [{ price: 200, size: 1e9 }],
    lay: [{ price: 202, size: 1e9 }],
  });
  engine.quote({ type: 'bookmaker', marketId: 'bm1', selectionId: 1, status: 'ACTIVE', back: 90, lay: 95 });
  engine.quote({
    type: 'fancy',
    marketId: 'fy1',
    status: 'ACTIVE',
    no: { line: 50, rate: 100 },
    yes: { line: 51, rate: 100 },
  });
  return { store, engine, p0: p0!, p1: p1! };
}

/** A back (fancy: Yes) of ₹100 on one of the three markets: each adds exactly ₹100 of exposure, the same outcome losing. */
const backBet = (i: number): Command =>
  i % 3 === 0
    ? placeBet(`b${i}`, 'mo1', 1, 'back', 200, STAKE)
    : i % 3 === 1
      ? placeBet(`b${i}`, 'bm1', 1, 'back', 90, STAKE)
      : placeBet(`b${i}`, 'fy1', null, 'back', 51, STAKE, 100);

for (const maxBatch of [undefined, 7]) {
  t.test(
    `500 simultaneous bets from one player, ${maxBatch ? `${maxBatch} a turn` : 'one turn'}: exactly the affordable ones are accepted`,
    async (t) => {
      const { store, engine, p0 } = await market(maxBatch);
      const commands = Array.from({ length: 500 }, (_, i) => backBet(i));
      const results: ExecuteResult[] = await Promise.all(commands.map((c) => engine.execute(envelope(c, p0))));
      const accepted = results.flatMap((r, i) => (r.ok ? [i] : []));
      t.equal(accepted.length, AFFORDABLE, `${AFFORDABLE} accepted`);
      t.same(
        accepted,
        Array.from({ length: AFFORDABLE }, (_, i) => i),
        'the first ones in arrival order',
      );
      for (const r of results.slice(AFFORDABLE)) {
        if (r.ok || r.refusal.message !== 'Insufficient balance: this bet needs ₹100.00, available ₹0.00') {
          t.fail(`unexpected answer ${JSON.stringify(r)}`);
          break;
        }
      }
      const view = engine.view;
      t.equal(view.exposure.get(p0), AFFORDABLE * STAKE, 'exposure = accepted x stake');
      t.equal(view.balances.get(`wallet:${p0}`), BALANCE, 'placing moves no money');
      t.same(
        Object.entries(positionsOf(view).marketExposure)
          .filter(([k]) => k.startsWith(`${p0}|`))
          .map(([, v]) => v)
          .sort(),
        [34, 33, 33].map((n) => n * STAKE).sort(),
      );
      const placedEvents = (await store.readAll(0, 10_000)).filter((e) => e.type === 'BetPlaced');
      t.equal(placedEvents.length, AFFORDABLE, 'only the accepted bets are in the log');
      t.ok(
        placedEvents.every((e) => (e.data as { totalExposure: number }).totalExposure <= BALANCE),
        'no event ever shows exposure above the balance',
      );
    },
  );
}

t.test('bets and withdrawals racing: available never goes below zero and everything adds up', async (t) => {
  const { engine, p0 } = await market();
  const commands: Command[] = [];
  for (let i = 0; i < 300; i++) {
    commands.push(backBet(i));
    // Every tenth command the dealer withdraws ₹250 from the player.
    if (i % 10 === 9)
      commands.push({ type: 'TransferChips', fromUserId: p0, toUserId: 'd', amount: 250_00, remark: '' });
  }
  const results = await Promise.all(
    commands.map((c) => engine.execute(envelope(c, c.type === 'TransferChips' ? 'd' : p0))),
  );
  const ok = (type: string) => commands.filter((c, i) => c.type === type && results[i]!.ok).length;
  const bets = ok('PlaceBet');
  const withdrawals = ok('TransferChips');
  const balance = engine.view.balances.get(`wallet:${p0}`)!;
  const exposure = engine.view.exposure.get(p0)!;
  t.equal(balance, BALANCE - withdrawals * 250_00);
  t.equal(exposure, bets * STAKE);
  t.equal(balance - exposure, 0, `${bets} bets and ${withdrawals} withdrawals use every paisa, and not one more`);
  t.ok(bets > 0 && withdrawals > 0);
  // Replaying the arrival order by hand gives the same split.
  let available = BALANCE;
  let expectBets = 0;
  let expectWithdrawals = 0;
  for (const c of commands) {
    const need = c.type === 'PlaceBet' ? STAKE : 250_00;
    if (available < need) continue;
    available -= need;
    if (c.type === 'PlaceBet') expectBets++;
    else expectWithdrawals++;
  }
  t.same([bets, withdrawals], [expectBets, expectWithdrawals]);
});

t.test('two players crossing at one price in a burst: backers and layers match the same amount', async (t) => {
  const { engine, p0, p1 } = await market();
  // The Away runner has no feed prices: players can only match each other. p0 backs and p1 lays at 1.50, interleaved.
  engine.quote({ type: 'exchange', marketId: 'mo1', selectionId: 2, status: 'ACTIVE', back: [], lay: [] });
  const commands = Array.from(
    { length: 120 },
    (_, i) =>
      [
        placeBet(`x${i}`, 'mo1', 2, i % 2 === 0 ? 'back' : 'lay', 150, 100_00 + (i % 7) * 1_03),
        i % 2 === 0 ? p0 : p1,
      ] as const,
  );
  const results = await Promise.all(commands.map(([c, a]) => engine.execute(envelope(c, a))));
  t.ok(
    results.every((r) => r.ok),
    'all affordable',
  );
  t.ok(
    [...engine.view.bets.values()].filter((b) => b.side === 'lay').every((b) => b.unmatched === 0),
    'every lay found a resting back (a back always came first)',
  );
  const bets = [...engine.view.bets.values()];
  const matched = (side: 'back' | 'lay') =>
    bets.filter((b) => b.side === side).reduce((s, b) => s + b.fills.reduce((a, f) => a + f.size, 0), 0);
  t.equal(matched('back'), matched('lay'), 'backers matched exactly what layers matched');
  const staked = (side: 'back' | 'lay') => bets.filter((b) => b.side === side).reduce((s, b) => s + b.stake, 0);
  t.equal(matched('back'), Math.min(staked('back'), staked('lay')), 'the smaller side is fully matched');
  const book = engine.view.books.get('mo1|2')!;
  t.equal(book.backs.length + book.lays.length <= 1, true, 'only one side still rests');
});

/**
 * The in-play bet delay in the engine loop (docs/exchange.md): a bet on a match in play is checked at
 * arrival, then decided again after the market's delay against the prices and the state of then.
 * A suspension or ball in play meanwhile lapses it; a price move meanwhile is taken at the new price;
 * a retry during the wait gets the same answer; a match not in play has no delay.
 */
import t from 'tap';
import { openPGliteStore } from '@exch/eventstore';
import { Engine } from '@exch/engine';
import { envelope, hierarchy, matchCatalogue, must, placeBet } from './fixtures.js';

const silent = { info() {}, warn() {}, error() {} };
const store = await openPGliteStore({});
const engine = await Engine.start({ store, log: silent, snapshotEvery: 0 });
t.teardown(async () => {
  await engine.stop();
  await store.close();
});
const [p] = await hierarchy(engine, 1, 10_000_00);
const player = p!;
await must(engine, matchCatalogue([1], true), null); // M1 in play
await must(engine, matchCatalogue([2], false), null); // M2 before the off
await must(engine, matchCatalogue([3], true), null); // M3 in play, with a long delay
for (const m of ['mo1', 'fy1'])
  await must(
    engine,
    {
      type: 'SetMarketSettings',
      marketId: m,
      minStake: 100_00,
      maxStake: 1_00_000_00,
      betDelaySec: 1,
      commissionBp: 200,
    },
    'a',
  );
// A long delay on the markets whose bets must not wait it: a bet that waited would take 30 s, so the
// tests tell "answered at once" from "waited" with a wide margin, however busy the machine.
const LONG_DELAY_SEC = 30;
for (const m of ['mo2', 'mo3'])
  await must(
    engine,
    {
      type: 'SetMarketSettings',
      marketId: m,
      minStake: 100_00,
      maxStake: 1_00_000_00,
      betDelaySec: LONG_DELAY_SEC,
      commissionBp: 200,
    },
    'a',
  );

const home = (marketId: string, status: 'ACTIVE' | 'SUSPENDED' | 'Ball Running', back: number) =>
  engine.quote({
    type: 'exchange',
    marketId,
    selectionId: 1,
    status,
    back: [{ price: back, size: 1_000_000 }],
    lay: [{ price: back + 2, size: 1_000_000 }],
  });
const fancy = (status: 'ACTIVE' | 'Ball Running') =>
  engine.quote({ type: 'fancy', marketId: 'fy1', status, no: { line: 50, rate: 100 }, yes: { line: 51, rate: 100 } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('in play: the bet waits out the delay and takes the price of then', async (t) => {
  home('mo1', 'ACTIVE', 200);
  const started = Date.now();
  const answer = engine.execute(envelope(placeBet('ip1', 'mo1', 1, 'back', 200, 100_00), player, 'cmd-ip1'));
  await sleep(300);
  t.notOk(engine.view.bets.get('ip1'), 'not decided yet');
  home('mo1', 'ACTIVE', 210); // the price drifts out meanwhile: better for the backer
  const retry = await engine.execute(envelope(placeBet('ip1', 'mo1', 1, 'back', 200, 100_00), player, 'cmd-ip1'));
  const r = await answer;
  t.ok(Date.now() - started >= 1_000, `answered after ${Date.now() - started} ms`);
  t.match(r, { ok: true, duplicate: false });
  t.match(retry, { ok: true, duplicate: true }, 'a retry during the wait gets the same answer');
  t.same(engine.view.bets.get('ip1')!.fills, [{ price: 210, size: 100_00 }]);
});

t.test('in play: a suspension during the delay lapses the bet, and nothing is written', async (t) => {
  home('mo1', 'ACTIVE', 200);
  const head = await store.head();
  const answer = engine.execute(envelope(placeBet('ip2', 'mo1', 1, 'back', 200, 100_00), player));
  await sleep(300);
  home('mo1', 'SUSPENDED', 200);
  t.same(await answer, { ok: false, refusal: { code: 'MARKET_SUSPENDED', message: 'Market is suspended' } });
  t.notOk(engine.view.bets.get('ip2'));
  t.equal(await store.head(), head);
});

t.test('in play: a ball in play during the delay lapses a fancy bet', async (t) => {
  fancy('ACTIVE');
  const answer = engine.execute(envelope(placeBet('ip3', 'fy1', null, 'back', 51, 100_00, 100), player));
  await sleep(300);
  fancy('Ball Running');
  t.same(await answer, {
    ok: false,
    refusal: { code: 'BALL_RUNNING', message: 'Ball Running: bets are not accepted right now' },
  });
});

t.test('in play: money that left during the delay is not there to bet', async (t) => {
  home('mo1', 'ACTIVE', 200);
  const available = engine.view.balances.get(`wallet:${player}`)! - engine.view.exposure.get(player)!;
  const answer = engine.execute(envelope(placeBet('ip4', 'mo1', 1, 'back', 200, available), player));
  await sleep(300);
  await must(engine, { type: 'TransferChips', fromUserId: player, toUserId: 'd', amount: 100_00, remark: '' }, 'd');
  t.match(await answer, {
    ok: false,
    refusal: {
      code: 'INSUFFICIENT_BALANCE',
      message: `Insufficient balance: this bet needs ₹${(available / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}, available ₹${((available - 100_00) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    },
  });
});

t.test('refused at arrival: answered at once, without the delay', async (t) => {
  home('mo3', 'SUSPENDED', 200);
  const started = Date.now();
  t.match(await engine.execute(envelope(placeBet('ip5', 'mo3', 1, 'back', 200, 100_00), player)), {
    ok: false,
    refusal: { code: 'MARKET_SUSPENDED' },
  });
  t.ok(Date.now() - started < (LONG_DELAY_SEC * 1000) / 2, `no wait: ${Date.now() - started} ms`);
});

t.test('before the off: no delay', async (t) => {
  home('mo2', 'ACTIVE', 200);
  const started = Date.now();
  t.match(await engine.execute(envelope(placeBet('pre1', 'mo2', 1, 'back', 200, 100_00), player)), { ok: true });
  t.ok(Date.now() - started < (LONG_DELAY_SEC * 1000) / 2, `answered in ${Date.now() - started} ms`);
});

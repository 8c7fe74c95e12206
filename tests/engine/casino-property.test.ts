/**
 * Property test of the casino through a real Engine and Dealer on an in-memory PGlite log: many
 * rounds on every table, seeded random bets (some at a stale price, too small or too big, after
 * betting closed, on a suspended table, beyond the balance), suspensions, dealers replaced in the
 * middle of a round (the new one voids what it has no seed for) and engine restarts. After every step:
 *
 * - the ledger sums to zero and no player's balance goes below zero;
 * - each player's exposure is the stakes of their bets on rounds under way (tracked by the test), and
 *   exposure never exceeds the balance;
 * - each settled bet's P&L is what its market's outcome pays at its odds, computed here apart from
 *   the engine (profit rounds down, a half loss up), and the wallet moved by exactly that.
 *
 * At the end: a fold of the log and a fresh engine (snapshot + tail) equal the live state, and
 * ledger:verify passes on the read models.
 *
 *   PROPERTY_SEED=123 PROPERTY_ROUNDS=300 npx tap tests/engine/casino-property.test.ts
 */
import t from 'tap';
import pino from 'pino';
import {
  parseCard,
  type CasinoBetPlaced,
  type CasinoRoundResulted,
  type CasinoRoundSettled,
  type Command,
  type CommittedEvent,
  type DomainEvent,
  type Paise,
} from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine, emptyState, fold, type EngineState } from '@exch/engine';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { Dealer } from '@exch/server';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { envelope, hierarchy, prng } from './fixtures.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = Number(process.env.PROPERTY_ROUNDS ?? 300);
const PLAYERS = 8;
const BALANCE = 20_000_00;
const silent = { info() {}, warn() {}, error() {} };
const quiet = pino({ level: 'silent' });

t.comment(`PROPERTY_SEED=${SEED} PROPERTY_ROUNDS=${ROUNDS}`);
const rng = prng(SEED);

const store = await openPGliteStore({});
t.teardown(() => store.close());
let engine = await Engine.start({ store, log: silent, snapshotEvery: 500 });
const players = await hierarchy(engine, PLAYERS, BALANCE);
const newDealer = () =>
  new Dealer(
    { bus: { execute: (e) => engine.execute(e) }, view: () => engine.view, log: quiet },
    { auto: false, bettingMs: 600_000 },
  );
let dealer = newDealer();
await dealer.start();
const tables = Object.keys(engine.view.casino.tables);

/** The test's own books: what each player has staked on rounds under way, and the bets by id. */
const openStakes = new Map<string, Paise>();
const bets = new Map<
  string,
  { userId: string; odds: number; stake: Paise; sid: number; tableCode: string; ranks: number[] | undefined }
>();
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const view = (): Readonly<EngineState> => engine.view;

/** A back bet's P&L from its market's outcome, written apart from the engine's backProfit. */
function pays(stake: Paise, odds: number, outcome: string, handOdds: number | undefined): Paise {
  const price = handOdds ?? odds;
  if (outcome === 'win') return Math.floor(((price - 100) * stake) / 100);
  if (outcome === 'half-win') return Math.floor(((price - 100) * stake) / 200);
  if (outcome === 'push') return 0;
  if (outcome === 'half-lose') return -Math.ceil(stake / 2);
  return -stake;
}

/**
 * A bet that names ranks (3 Cards Judgement), judged apart from the table's own judgePick: Yes wins
 * when a dealt card is of a named rank, No when none is.
 */
function judgePick(tableCode: string, sid: number, ranks: number[], cards: readonly { card: string }[]): string {
  const yes = view().casino.tables[tableCode]!.markets.find((m) => m.sid === sid)!.group === 'Yes';
  const hit = cards.some((c) => ranks.includes(parseCard(c.card)!.rank));
  return hit === yes ? 'win' : 'lose';
}

/** Folds what the test must know from committed events: stakes placed, and released by a settlement or void. */
function observe(events: readonly CommittedEvent[], failures: string[]): void {
  let result: CasinoRoundResulted | null = null;
  for (const e of events) {
    if (e.type === 'CasinoBetPlaced') {
      const d = e.data as CasinoBetPlaced;
      bets.set(d.betId, {
        userId: d.userId,
        odds: d.odds,
        stake: d.stake,
        sid: d.sid,
        tableCode: d.tableCode,
        ranks: d.ranks,
      });
      openStakes.set(d.userId, (openStakes.get(d.userId) ?? 0) + d.stake);
    } else if (e.type === 'CasinoRoundResulted') result = e.data as CasinoRoundResulted;
    else if (e.type === 'CasinoRoundSettled' || e.type === 'CasinoRoundVoided') {
      const settled =
        e.type === 'CasinoRoundSettled'
          ? (e.data as CasinoRoundSettled).bets
          : (e.data as { betIds: string[] }).betIds.map((betId) => ({ betId, pnl: 0, outcome: 'void' }));
      for (const b of settled) {
        const bet = bets.get(b.betId)!;
        openStakes.set(bet.userId, openStakes.get(bet.userId)! - bet.stake);
        if (e.type === 'CasinoRoundSettled') {
          const market = bet.ranks
            ? { outcome: judgePick(bet.tableCode, bet.sid, bet.ranks, result!.cards), odds: undefined }
            : result!.markets.find((m) => m.sid === bet.sid)!;
          if (bet.ranks) count('settled on named ranks');
          const want = pays(bet.stake, bet.odds, market.outcome, market.odds);
          if (b.outcome !== market.outcome || b.pnl !== want)
            failures.push(`bet ${b.betId}: ${b.outcome} ${b.pnl}, the result says ${market.outcome} ${want}`);
        }
      }
      count(e.type);
    }
  }
}

async function run(command: Command, actor: string | null): Promise<void> {
  const r = await engine.execute({ ...envelope(command, actor), at: new Date().toISOString() });
  count(`${command.type} ${r.ok ? 'ok' : r.refusal.code}`);
  if (r.ok) observe(r.events, failures);
}
const failures: string[] = [];

/** Random bets on the table's round under way: most valid, some off by price, size or funds. */
async function bets_(code: string): Promise<void> {
  const table = view().casino.tables[code]!;
  const round = table.round;
  const mid = round?.mid ?? `${code}-none`;
  const burst = Array.from({ length: rng.int(0, 12) }, () => {
    const market = rng.pick(table.markets);
    const odds = rng.chance(0.05) ? market.odds + 1 : market.odds;
    const r = rng.next();
    const stake =
      r < 0.03 ? 99_99 : r < 0.05 ? 1_00_000_01 : r < 0.9 ? rng.int(100_00, 1_000_00) : rng.int(1_000_00, 12_000_00);
    const betId = `b${tally.size}-${rng.int(0, 1e9)}`;
    // A market that takes ranks gets as many different ones, now and then one too many.
    const picks = market.picks === undefined ? 0 : market.picks + (rng.chance(0.05) ? 1 : 0);
    const ranks: number[] = [];
    while (ranks.length < picks) {
      const rank = rng.int(1, 13);
      if (!ranks.includes(rank)) ranks.push(rank);
    }
    return [
      {
        type: 'PlaceCasinoBet',
        betId,
        tableCode: code,
        mid,
        sid: market.sid,
        odds,
        stake,
        referenceId: betId,
        ...(picks > 0 ? { ranks } : {}),
      } as Command,
      rng.pick(players),
    ] as const;
  });
  await Promise.all(burst.map(([c, a]) => run(c, a)));
}

function check(step: number): void {
  const s = view();
  const sum = [...s.balances.values()].reduce((a, b) => a + b, 0);
  if (sum !== 0) failures.push(`step ${step}: the ledger sums to ${sum}`);
  for (const p of players) {
    const balance = s.balances.get(`wallet:${p}`) ?? 0;
    const exposure = s.exposure.get(p) ?? 0;
    if (balance < 0) failures.push(`step ${step}: ${p} balance ${balance}`);
    if (exposure !== (openStakes.get(p) ?? 0))
      failures.push(`step ${step}: ${p} exposure ${exposure}, stakes under way ${openStakes.get(p) ?? 0}`);
    if (exposure > balance) failures.push(`step ${step}: ${p} exposure ${exposure} above balance ${balance}`);
  }
}

t.test(
  `${ROUNDS} rounds across ${tables.length} tables with random bets, suspensions, lost dealers and restarts`,
  async (t) => {
    let settled = 0;
    for (let step = 0; settled < ROUNDS; step++) {
      const code = rng.pick(tables);
      const table = view().casino.tables[code]!;
      const r = rng.next();
      const poor = players.find(
        (p) => (view().balances.get(`wallet:${p}`) ?? 0) - (view().exposure.get(p) ?? 0) < 3_000_00,
      );
      if (poor && rng.chance(0.5)) {
        // Their dealer tops up a player who lost most of their chips.
        await run({ type: 'TransferChips', fromUserId: 'd', toUserId: poor, amount: 10_000_00, remark: 'top-up' }, 'd');
      } else if (r < 0.02) {
        await run({ type: 'SetCasinoTableStatus', tableCode: code, suspended: !table.suspended }, 'a');
      } else if (r < 0.04 && table.round) {
        // A dealer lost (a crash, a failover): the next one has no seed for what is not dealt yet.
        dealer.stop();
        dealer = newDealer();
        await dealer.start();
      } else if (r < 0.05) {
        engine = await restart(engine);
      } else {
        if (table.round?.phase === 'betting') await bets_(code);
        const before = engine.headPosition;
        const did = await dealer.step(code);
        count(`step ${did}`);
        if (did === 'settled') settled++;
        if (did !== 'idle') observe((await store.readAll(before, 100_000)) as unknown as CommittedEvent[], failures);
        // Bets once betting has closed are refused by the engine.
        if (did === 'closed' && rng.chance(0.3)) await bets_(code);
      }
      check(step);
      if (failures.length > 0) break;
    }
    t.same(failures.slice(0, 10), [], 'every step held');
    t.comment(
      [...tally]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    );
    t.ok((tally.get('CasinoRoundVoided') ?? 0) > 0, 'some rounds were voided');
    t.ok((tally.get('PlaceCasinoBet ok') ?? 0) > ROUNDS, 'bets were placed');
    t.ok((tally.get('settled on named ranks') ?? 0) > 0, '3 Cards Judgement bets settled on the ranks they named');
    for (const code of ['ODDS_CHANGED', 'STAKE_TOO_LOW', 'STAKE_TOO_HIGH', 'BETTING_CLOSED', 'TABLE_SUSPENDED'])
      t.ok((tally.get(`PlaceCasinoBet ${code}`) ?? 0) > 0, `some bets refused with ${code}`);

    const events = (await store.readAll(0, 10_000_000)) as unknown as DomainEvent[];
    const live = JSON.parse(JSON.stringify(view()));
    t.same(
      JSON.parse(JSON.stringify(fold(emptyState(), events))),
      live,
      'a fold of the whole log equals the live state',
    );
    engine = await restart(engine);
    t.same(JSON.parse(JSON.stringify(view())), live, 'a fresh engine (snapshot + tail) equals the live state');

    const runner = new ProjectionRunner(store, allProjections, silent);
    await runner.start();
    await runner.waitFor(engine.headPosition, 120_000);
    const report = await verifyLedger(store);
    await runner.stop();
    t.ok(
      report.ok,
      `ledger:verify: ${
        report.differences
          .slice(0, 5)
          .map((d) => d.message)
          .join('; ') || 'OK'
      }`,
    );
    await engine.stop();
  },
);

async function restart(old: Engine): Promise<Engine> {
  await old.stop();
  return Engine.start({ store, log: silent, snapshotEvery: 500 });
}

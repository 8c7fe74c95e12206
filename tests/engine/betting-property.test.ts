/**
 * Property test of the exchange through a real Engine on an in-memory PGlite log: seeded random
 * bets of every kind, feed price moves (which rematch resting orders), cancels, deletes,
 * settlements, voids, revokes and re-declares (some after the market was archived and read back
 * from the log), withdrawals and deposits. After every step:
 *
 * - the ledger sums to zero (every balance, the mint and the house included);
 * - no player's available balance (balance - exposure) goes below zero, or lower while below zero,
 *   except by an upline's act: a revoke (it may take back winnings already staked or withdrawn) or
 *   a delete (it may void one side of a hedge). Bets, withdrawals, settlements, voids, cancels and
 *   fills by the feed or by other players never do it;
 * - exposure in the engine equals a recomputation from the open bets (tests/engine/fixtures.ts);
 * - the order books hold exactly the unmatched rest of the open match odds bets, in price-time order.
 *
 * Every snapshot the engine saves (every 100 events) is read back as it is saved and equals a fold
 * of the log up to its position, though most of its slices were written by an earlier one.
 *
 * At the end: player-to-player fills pair up in the log, every money event sums to zero, and a
 * fresh engine started on the same log (snapshot + tail) and a fold of the log from nothing both
 * equal the live state.
 *
 *   PROPERTY_SEED=123 PROPERTY_STEPS=4000 npx tap tests/engine/betting-property.test.ts
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { LADDER, type Command, type DomainEvent, type ExecuteResult, type Paise, type Posting } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine, emptyState, fold, SNAPSHOT_NAME, type EngineState } from '@exch/engine';
import {
  envelope,
  feedWalk,
  hierarchy,
  matchCatalogue,
  must,
  placeBet,
  positionsOf,
  prng,
  recomputeExposure,
  RUNNERS,
} from './fixtures.js';
import { snapshotAndFold } from './snapshot-while.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.PROPERTY_STEPS ?? 4_000);
const PLAYERS = 10;
const BALANCE = 5_000_00; // ₹5,000 each: big bets are refused often
const LIVE_MATCHES = 2;
// Often enough that a market's book lives across several snapshots (most live a few hundred events).
const SNAPSHOT_EVERY = 100;
const silent = { info() {}, warn() {}, error() {} };

t.comment(`PROPERTY_SEED=${SEED} PROPERTY_STEPS=${STEPS}`);
const rng = prng(SEED);

const store = await openPGliteStore({});
t.teardown(() => store.close());

// Every snapshot the engine saves along the way is read back at once and compared with a fold of
// the log up to its position; most name slices an earlier snapshot wrote (parts kept, not written again).
const snapshotsChecked: { position: number; same: boolean; earlierTables: number; earlierOpen: number }[] = [];
const saveSnapshot = store.saveSnapshot.bind(store);
store.saveSnapshot = async (name, position, json, parts) => {
  await saveSnapshot(name, position, json, parts);
  const { restored, atPosition } = await snapshotAndFold(store);
  const earlier = (kind: string) =>
    (parts ?? []).filter((key) => {
      const at = new RegExp(`^${kind}:[^@]*@(\\d+)#`).exec(key);
      return at !== null && Number(at[1]) < position;
    }).length;
  const same = isDeepStrictEqual(asJson(restored), asJson(atPosition));
  if (!same) firstDifferent ??= { restored: asJson(restored), atPosition: asJson(atPosition) };
  snapshotsChecked.push({ position, same, earlierTables: earlier('table'), earlierOpen: earlier('open') });
};
let firstDifferent: { restored: unknown; atPosition: unknown } | undefined;
const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

let engine = await Engine.start({ store, log: silent, snapshotEvery: SNAPSHOT_EVERY });
const players = await hierarchy(engine, PLAYERS, BALANCE);

// ---- The feed: one random walk per runner, sent to the engine as it moves. ----

// The engine variable changes when the test restarts it, so the walk quotes through it late.
const walk = feedWalk({ quote: (u) => engine.quote(u) }, rng, [
  ...Array<'ACTIVE'>(14).fill('ACTIVE'),
  'SUSPENDED',
  'Ball Running',
]);
const { exchange, bookmaker, fancy } = walk;

let matches = 0;
async function newMatch(): Promise<void> {
  const n = ++matches;
  await must(engine, matchCatalogue([n]), null);
  for (const kind of ['mo', 'bm', 'fy']) {
    await must(
      engine,
      {
        type: 'SetMarketSettings',
        marketId: `${kind}${n}`,
        minStake: 100,
        maxStake: 10_000_00,
        betDelaySec: 0,
        commissionBp: rng.pick([0, 200, 500]),
      },
      'a',
    );
  }
  walk.openMatch(n);
}

// ---- Commands. ----

const view = (): Readonly<EngineState> => engine.view;
const live = () => [...view().markets.values()].filter((m) => m.status !== 'SETTLED' && m.status !== 'VOID');
const openBets = () => [...view().bets.values()].filter((b) => b.status === 'open');
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
/** Players an upline's revoke or delete touched in the current step: their available may fall. */
const touched = new Set<string>();
let betN = 0;

function betCommand(): Command {
  const active = live().filter((m) => m.status === 'ACTIVE');
  const market = rng.pick(active.length > 0 && rng.chance(0.9) ? active : live());
  const side = rng.chance(0.5) ? 'back' : 'lay';
  const r = rng.next();
  const stake = r < 0.45 ? rng.int(100, 5_000) : r < 0.85 ? rng.int(5_000, 100_000) : rng.int(100_000, 700_000);
  const betId = `b${++betN}`;
  if (market.kind === 'match_odds') {
    const selectionId = rng.pick(RUNNERS).selectionId;
    const q = exchange.get(`${market.marketId}|${selectionId}`)!;
    // Around the touch: a back at or below the best back matches the feed, above it rests (and the reverse for a lay).
    // Inside the spread it rests where other players' bets can take it.
    const at = side === 'back' ? q.back + rng.int(-2, q.spread + 1) : q.back + q.spread + rng.int(-q.spread - 1, 2);
    const odds = rng.chance(0.02) ? LADDER[at]! + 1 : LADDER[Math.min(LADDER.length - 1, Math.max(0, at))]!;
    return placeBet(betId, market.marketId, selectionId, side, odds, stake);
  }
  if (market.kind === 'bookmaker') {
    const selectionId = rng.pick(RUNNERS).selectionId;
    const q = bookmaker.get(`${market.marketId}|${selectionId}`)!;
    const rate = side === 'back' ? q.back : q.lay;
    return placeBet(betId, market.marketId, selectionId, side, rng.chance(0.05) ? rate + 1 : rate, stake);
  }
  const f = fancy.get(market.marketId)!;
  const line = side === 'back' ? f.yesLine : f.noLine;
  return placeBet(
    betId,
    market.marketId,
    null,
    side,
    rng.chance(0.05) ? line + 1 : line,
    stake,
    side === 'back' ? f.yesRate : f.noRate,
  );
}

function record(command: Command, r: ExecuteResult): void {
  count(`${command.type} ${r.ok ? 'ok' : r.refusal.code}`);
}

const recent: string[] = [];
async function run(command: Command, actor: string | null): Promise<ExecuteResult> {
  const r = await engine.execute(envelope(command, actor));
  recent.push(`${actor}: ${JSON.stringify(command)} -> ${JSON.stringify(r)}`);
  if (recent.length > 8) recent.shift();
  record(command, r);
  return r;
}

async function step(): Promise<void> {
  if (live().length < LIVE_MATCHES * 3 - 1) await newMatch();
  const r = rng.next();
  if (r < 0.4) {
    await run(betCommand(), rng.chance(0.97) ? rng.pick(players) : rng.pick(['d', 'a']));
  } else if (r < 0.45) {
    // A burst: several players' bets decided in one turn.
    const cmds = Array.from({ length: rng.int(3, 15) }, () => [betCommand(), rng.pick(players)] as const);
    const results = await Promise.all(cmds.map(([c, a]) => engine.execute(envelope(c, a))));
    results.forEach((res, i) => record(cmds[i]![0], res));
  } else if (r < 0.65) {
    for (let i = rng.int(1, 4); i > 0; i--) {
      walk.moveMarket(rng.pick(live()));
    }
  } else if (r < 0.73) {
    const resting = openBets().filter((b) => b.unmatched > 0);
    if (resting.length === 0) return;
    const bet = rng.pick(resting);
    await run({ type: 'CancelBet', betId: bet.betId }, rng.pick([bet.userId, bet.userId, 'd', 'g', rng.pick(players)]));
  } else if (r < 0.77) {
    const open = openBets();
    if (open.length === 0) return;
    const ids = Array.from({ length: rng.int(1, 3) }, () => rng.pick(open).betId);
    const r2 = await run({ type: 'DeleteBets', betIds: ids }, rng.chance(0.9) ? 'd' : rng.pick(players));
    if (r2.ok) for (const id of ids) touched.add(view().bets.get(id)!.userId);
  } else if (r < 0.83) {
    const x = rng.next();
    // Past every revoke window: the settled markets leave the state with their bets.
    if (rng.chance(0.1)) count(`archived ${(await engine.housekeep(new Date('2100-01-01'))).ok}`);
    const done = [...view().markets.values()].filter((m) => m.status === 'SETTLED' || m.status === 'VOID');
    if (x < 0.12 && done.length > 0) {
      const m = rng.pick(done);
      if (m.archived) count('revoke after archive');
      const r2 = await run({ type: 'RevokeResult', marketId: m.marketId }, 'a');
      if (r2.ok) for (const id of m.betIds) touched.add(view().bets.get(id)!.userId);
      return;
    }
    const m = rng.pick(live());
    if (x < 0.3) {
      await run({ type: 'VoidMarket', marketId: m.marketId }, 'a');
      return;
    }
    const runs = m.kind === 'fancy' ? Math.max(0, (fancy.get(m.marketId)?.noLine ?? 50) + rng.int(-6, 6)) : null;
    await run(
      {
        type: 'SettleMarket',
        marketId: m.marketId,
        selectionId: m.kind === 'fancy' ? null : rng.pick(RUNNERS).selectionId,
        runs,
      },
      rng.chance(0.95) ? 'a' : 'd',
    );
  } else if (r < 0.9) {
    const p = rng.pick(players);
    const available = (view().balances.get(`wallet:${p}`) ?? 0) - (view().exposure.get(p) ?? 0);
    if (rng.chance(0.6)) {
      // Withdraw: sometimes all that is available, sometimes a paisa more (refused).
      const amount = rng.pick([Math.max(1, available), available + 1, Math.max(1, Math.floor(available / 2))]);
      await run({ type: 'TransferChips', fromUserId: p, toUserId: 'd', amount, remark: '' }, 'd');
    } else {
      await run(
        { type: 'TransferChips', fromUserId: 'd', toUserId: p, amount: rng.int(100, 2_000_00), remark: '' },
        'd',
      );
    }
  } else if (r < 0.93) {
    const m = rng.pick(live());
    await run(
      {
        type: 'SetMarketStatus',
        marketId: m.marketId,
        status: rng.pick(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'SUSPENDED', 'CLOSED'] as const),
      },
      'a',
    );
  } else if (r < 0.94) {
    // An upline locks or unlocks a player on a market.
    const m = rng.pick(live());
    await run(
      {
        type: 'SetMarketLock',
        userId: rng.pick(players),
        matchId: m.matchId,
        marketKind: null,
        marketId: m.marketId,
        locked: rng.chance(0.3),
      },
      'd',
    );
  } else {
    await run(betCommand(), rng.pick(players));
  }
}

// ---- Invariants. ----

let negativeByUpline = 0;
const availableOf = (p: string) => (view().balances.get(`wallet:${p}`) ?? 0) - (view().exposure.get(p) ?? 0);
function check(where: string, before: Map<string, Paise>): string | null {
  const s = view();
  const sum = [...s.balances.values()].reduce((a, b) => a + b, 0);
  if (sum !== 0) return `${where}: balances sum to ${sum}`;
  const { perMarket, total } = recomputeExposure(s);
  const held = positionsOf(s).marketExposure;
  for (const [key, e] of Object.entries(perMarket))
    if (held[key] !== e) return `${where}: market exposure ${key} is ${held[key]}, recomputed ${e}`;
  for (const key of Object.keys(held))
    if (!(key in perMarket)) return `${where}: market exposure ${key} is ${held[key]} with no open risk`;
  for (const u of new Set([...Object.keys(total), ...[...s.exposure.keys()]])) {
    if ((s.exposure.get(u) ?? 0) !== (total[u] ?? 0))
      return `${where}: exposure of ${u} is ${s.exposure.get(u)}, recomputed ${total[u] ?? 0}`;
  }
  for (const p of players) {
    const available = availableOf(p);
    if (available < 0 && available < before.get(p)!) {
      if (!touched.has(p))
        return `${where}: ${p}'s available fell from ${before.get(p)} to ${available} (balance ${s.balances.get(`wallet:${p}`)}, exposure ${s.exposure.get(p)})`;
      negativeByUpline++;
    }
  }
  // Books: exactly the unmatched rests of open match odds bets, best first, then time.
  const resting = new Map<string, number>();
  for (const [key, book] of [...s.books]) {
    for (const [side, levels] of [
      ['back', book.backs],
      ['lay', book.lays],
    ] as const) {
      for (let i = 0; i < levels.length; i++) {
        const level = levels[i]!;
        if (i > 0 && (side === 'back' ? levels[i - 1]!.price >= level.price : levels[i - 1]!.price <= level.price))
          return `${where}: ${key} ${side}s out of price order`;
        if (level.orders.length === 0) return `${where}: empty level in ${key}`;
        for (let j = 0; j < level.orders.length; j++) {
          const o = level.orders[j]!;
          const bet = s.bets.get(o.betId!);
          if (j > 0 && level.orders[j - 1]!.seq >= o.seq) return `${where}: ${key} orders out of time order`;
          if (
            !bet ||
            bet.status !== 'open' ||
            bet.side !== side ||
            bet.odds !== level.price ||
            bet.unmatched !== o.size ||
            `${bet.marketId}|${bet.selectionId}` !== key
          ) {
            return `${where}: resting order ${o.betId} in ${key} does not match its bet ${JSON.stringify(bet)}`;
          }
          if (resting.has(o.betId!)) return `${where}: ${o.betId} rests twice`;
          resting.set(o.betId!, o.size);
        }
      }
    }
  }
  for (const b of [...s.bets.values()]) {
    const matched = b.fills.reduce((a, f) => a + f.size, 0);
    if (matched + b.unmatched > b.stake)
      return `${where}: ${b.betId} matched ${matched} + unmatched ${b.unmatched} > stake ${b.stake}`;
    if (b.status === 'open' && b.unmatched > 0 && !resting.has(b.betId))
      return `${where}: ${b.betId} has ${b.unmatched} unmatched but is not on the book`;
    if (b.status !== 'open' && b.unmatched !== 0) return `${where}: ${b.betId} is ${b.status} with unmatched stake`;
    if (b.status === 'open' && ['SETTLED', 'VOID'].includes(s.markets.get(b.marketId)!.status))
      return `${where}: ${b.betId} open in a settled market`;
  }
  return null;
}

t.test(`${STEPS} random steps keep the ledger, exposure and books right (seed ${SEED})`, async (t) => {
  const started = Date.now();
  for (let i = 0; i < LIVE_MATCHES; i++) await newMatch();
  for (let i = 0; i < STEPS; i++) {
    const before = new Map(players.map((p) => [p, availableOf(p)]));
    touched.clear();
    await step();
    const failure = check(`step ${i}`, before);
    if (failure) {
      const tail = await store.readAll(Math.max(0, (await store.head()) - 12), 12);
      t.fail(failure, {
        seed: SEED,
        recent,
        tail: tail.map((e) => `${e.position} ${e.type} ${JSON.stringify(e.data)}`),
      });
      return;
    }
  }
  const summary = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}: ${v}`);
  t.comment(
    `in ${Date.now() - started} ms; ${matches} matches; ${negativeByUpline} times a revoke or delete left a player below zero\n${summary.join('\n')}`,
  );
  t.ok((tally.get('PlaceBet ok') ?? 0) > STEPS / 5, `${tally.get('PlaceBet ok')} bets accepted`);
  t.ok((tally.get('PlaceBet INSUFFICIENT_BALANCE') ?? 0) > 0, 'some bets were refused for balance');
  t.ok(
    (tally.get('SettleMarket ok') ?? 0) > 0 &&
      (tally.get('VoidMarket ok') ?? 0) > 0 &&
      (tally.get('RevokeResult ok') ?? 0) > 0,
    'settled, voided and revoked',
  );
  t.ok((tally.get('CancelBet ok') ?? 0) > 0 && (tally.get('DeleteBets ok') ?? 0) > 0, 'cancelled and deleted');
  t.ok((tally.get('revoke after archive') ?? 0) > 0, 'results revoked after their market was archived');
  t.ok(
    [...view().bets.values()].every((b) => !view().markets.get(b.marketId)!.archived),
    'no bet of an archived market stays in the state',
  );

  const events = await store.readAll(0, 1_000_000);
  // From the log: the state keeps only markets still live, so by now one kind may have none left in it.
  const kinds = new Set(events.flatMap((e) => (e.type === 'BetPlaced' ? [(e.data as { kind: string }).kind] : [])));
  t.same([...kinds].sort(), ['bookmaker', 'fancy', 'match_odds'], 'every kind of market was bet on');
  // Money events sum to zero one by one.
  for (const e of events) {
    const postings = (e.data as { postings?: Posting[] }).postings;
    if (postings && postings.reduce((a, p) => a + p.amount, 0) !== 0)
      t.fail(`${e.type} at ${e.position} does not sum to zero`);
  }
  // Player-to-player fills pair up: each BetPlaced fill against a resting bet has its BetMatched twin.
  const placedFills = new Map<string, Paise>();
  const matchedFills = new Map<string, Paise>();
  let rematched = 0;
  for (const e of events) {
    if (e.type === 'BetPlaced' || e.type === 'BetMatched') {
      const d = e.data as { betId: string; fills: { price: number; size: Paise; counterBetId: string | null }[] };
      for (const f of d.fills) {
        if (f.counterBetId === null) {
          if (e.type === 'BetMatched') rematched++;
          continue;
        }
        const key =
          e.type === 'BetPlaced'
            ? `${d.betId}>${f.counterBetId}@${f.price}`
            : `${f.counterBetId}>${d.betId}@${f.price}`;
        const map = e.type === 'BetPlaced' ? placedFills : matchedFills;
        map.set(key, (map.get(key) ?? 0) + f.size);
      }
    }
  }
  t.same(matchedFills, placedFills, `${placedFills.size} player-to-player fills pair up`);
  t.ok(placedFills.size > 0, 'players matched each other');
  t.ok(rematched > 0, `${rematched} resting orders were filled later by the feed`);

  const liveState = JSON.parse(JSON.stringify(view())) as EngineState;
  t.same(
    JSON.parse(JSON.stringify(fold(emptyState(), events as unknown as DomainEvent[]))),
    liveState,
    'a fold of the log equals the live state',
  );
  if (firstDifferent) t.same(firstDifferent.restored, firstDifferent.atPosition, 'the first snapshot that differs');
  t.same(
    snapshotsChecked.filter((c) => !c.same).map((c) => c.position),
    [],
    `each of the ${snapshotsChecked.length} snapshots taken is the state at its position`,
  );
  const naming = (n: (c: (typeof snapshotsChecked)[number]) => number) =>
    snapshotsChecked.filter((c) => n(c) > 0).length;
  t.ok(
    naming((c) => c.earlierTables) > 0,
    `and ${naming((c) => c.earlierTables)} of them name table slices an earlier one wrote (${naming((c) => c.earlierOpen)} open markets' slices)`,
  );
  await engine.stop();
  engine = await Engine.start({ store, log: silent, snapshotEvery: SNAPSHOT_EVERY });
  t.ok(await store.loadSnapshot(SNAPSHOT_NAME), 'the restart read a snapshot');
  t.same(JSON.parse(JSON.stringify(view())), liveState, 'a restarted engine (snapshot + log) equals the live state');
  await engine.stop();
});

/**
 * Shared by the exchange's engine-level tests and benchmarks: a seeded PRNG, command envelopes, a
 * hierarchy with funded players, a catalogue, and an exposure recomputation written apart from the
 * engine's code (from the rules: per bet, profit rounds down and liability up; an unmatched part
 * counts only on its losing side; fancy Yes wins at runs >= line).
 */
import {
  LADDER,
  type Command,
  type CommandEnvelope,
  type EventStore,
  type ExecuteResult,
  type FeedStatus,
  type FeedUpdate,
  type Paise,
  type PlaceBet,
  type RoleSlug,
  type SyncCatalogue,
} from '@exch/contracts';
import { Engine, type BetState, type EngineState, type MarketState } from '@exch/engine';
import { mulberry32 } from '@exch/feeds';
import { createUser, envelope as stamp } from '../../services/engine/test/harness.js';

export { positionsOf } from '../../services/engine/test/harness.js';

/** A seeded PRNG (the feed simulator's mulberry32) with the helpers random tests pick commands with. */
export function prng(seed: number) {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof prng>;

let counter = 0;
export const envelope = (
  command: Command,
  actor: string | null,
  commandId = `c-${process.pid}-${++counter}`,
): CommandEnvelope => stamp(command, actor, { commandId, correlationId: commandId, ip: '127.0.0.1', device: 'test' });

export interface Executor {
  execute(envelope: CommandEnvelope): Promise<ExecuteResult>;
}

/** An engine on `store` that snapshots only when told (Engine.saveSnapshot) and never housekeeps by itself; stopped at the test's end. */
export async function engineOn(store: EventStore, t: { teardown(fn: () => unknown): void }): Promise<Engine> {
  const engine = await Engine.start({
    store,
    log: { info() {}, warn() {}, error() {} },
    snapshotEvery: 0,
    housekeepEveryMs: 0,
  });
  t.teardown(() => engine.stop().catch(() => {}));
  return engine;
}

/** Executes a command that must be accepted. */
export async function must(engine: Executor, command: Command, actor: string | null): Promise<void> {
  const r = await engine.execute(envelope(command, actor));
  if (!r.ok) throw new Error(`${command.type} refused: ${r.refusal.code} ${r.refusal.message}`);
}

/** Usernames fit the 20-character rule whatever the id; the full name keeps the id. */
export const create = (userId: string, role: RoleSlug, parentId: string | null): Command => ({
  ...createUser(userId, role, parentId, `u_${userId.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 20)),
  fullName: userId,
});

/**
 * admin a > sadmin s > master m > agent g > dealer d > the players, each funded with `balance`
 * paise by ledger transfers down the chain. Returns the players' ids.
 */
export async function hierarchy(engine: Executor, players: number, balance: Paise, prefix = 'p'): Promise<string[]> {
  const total = players * balance;
  await must(engine, create('a', 'admin', null), null);
  await must(engine, create('s', 'sadmin', 'a'), 'a');
  await must(engine, create('m', 'smdl', 's'), 's');
  await must(engine, create('g', 'mdl', 'm'), 'm');
  await must(engine, create('d', 'dl', 'g'), 'g');
  await must(engine, { type: 'MintChips', userId: 'a', amount: total + 1_000_000_00 }, null);
  for (const [from, to] of [
    ['a', 's'],
    ['s', 'm'],
    ['m', 'g'],
    ['g', 'd'],
  ] as const)
    await must(
      engine,
      { type: 'TransferChips', fromUserId: from, toUserId: to, amount: total + 1_000_000_00, remark: '' },
      from,
    );
  const ids = Array.from({ length: players }, (_, i) => `${prefix}${i}`);
  for (const id of ids) {
    await must(engine, create(id, 'user', 'd'), 'd');
    if (balance > 0)
      await must(engine, { type: 'TransferChips', fromUserId: 'd', toUserId: id, amount: balance, remark: '' }, 'd');
  }
  return ids;
}

export const RUNNERS = [
  { selectionId: 1, name: 'Home' },
  { selectionId: 2, name: 'Away' },
  { selectionId: 3, name: 'The Draw' },
];

/** One cricket match `M{n}` with a match odds `mo{n}`, a bookmaker `bm{n}` and a fancy `fy{n}`. */
export function matchCatalogue(ns: number[], inPlay = false): SyncCatalogue {
  return {
    type: 'SyncCatalogue',
    catalogue: {
      series: [{ id: 'S', sportId: 4, name: 'Series' }],
      matches: ns.map((n) => ({
        id: `M${n}`,
        seriesId: 'S',
        sportId: 4 as const,
        name: `Match ${n}`,
        startTime: '2026-11-22T09:30:00.000Z',
        inPlay,
      })),
      markets: ns.flatMap((n) => [
        { marketId: `mo${n}`, matchId: `M${n}`, kind: 'match_odds' as const, name: 'Match Odds', runners: RUNNERS },
        { marketId: `bm${n}`, matchId: `M${n}`, kind: 'bookmaker' as const, name: 'Bookmaker', runners: RUNNERS },
        {
          marketId: `fy${n}`,
          matchId: `M${n}`,
          kind: 'fancy' as const,
          name: `Fancy ${n}`,
          fancyType: 'Normal' as const,
          runners: [] as [],
        },
      ]),
    },
  };
}

export const placeBet = (
  betId: string,
  marketId: string,
  selectionId: number | null,
  side: 'back' | 'lay',
  odds: number,
  stake: Paise,
  volume: number | null = null,
): PlaceBet => ({
  type: 'PlaceBet',
  betId,
  marketId,
  selectionId,
  side,
  odds,
  volume,
  stake,
  referenceId: `ref-${betId}`,
});

// ---- The feed as a seeded random walk, quoted to the engine. ----

/**
 * One random walk per runner (exchange ladder indices, bookmaker rates, fancy lines), sent to the
 * engine as quotes; `betNear` prices a bet from the walk's last quote so that some bets match the
 * feed, some rest where other players' bets can take them.
 */
export function feedWalk(engine: { quote(update: FeedUpdate): void }, rng: Rng, statuses: readonly FeedStatus[]) {
  const exchange = new Map<string, { back: number; spread: number }>();
  const bookmaker = new Map<string, { back: number; lay: number }>();
  const fancy = new Map<string, { noLine: number; yesLine: number; noRate: number; yesRate: number }>();
  const size = () => (rng.chance(0.3) ? rng.int(100, 5_000) : rng.int(5_000, 200_000));
  const moveExchange = (marketId: string, selectionId: number) => {
    const r = exchange.get(`${marketId}|${selectionId}`) ?? { back: rng.int(40, 160), spread: 1 };
    r.back = Math.min(LADDER.length - 8, Math.max(3, r.back + rng.int(-2, 2)));
    r.spread = rng.int(1, 4);
    exchange.set(`${marketId}|${selectionId}`, r);
    const back = [0, 1, 2].map((i) => ({ price: LADDER[r.back - i]!, size: size() }));
    const lay = [0, 1, 2].map((i) => ({ price: LADDER[r.back + r.spread + i]!, size: size() }));
    engine.quote({ type: 'exchange', marketId, selectionId, status: rng.pick(statuses), back, lay });
  };
  const moveBookmaker = (marketId: string, selectionId: number) => {
    const back = rng.int(20, 300);
    const lay = back + rng.int(1, 5);
    bookmaker.set(`${marketId}|${selectionId}`, { back, lay });
    engine.quote({ type: 'bookmaker', marketId, selectionId, status: rng.pick(statuses), back, lay });
  };
  const moveFancy = (marketId: string) => {
    const noLine = Math.max(1, (fancy.get(marketId)?.noLine ?? rng.int(30, 90)) + rng.int(-3, 3));
    const f = { noLine, yesLine: noLine + rng.int(0, 1), noRate: rng.int(100, 130), yesRate: rng.int(75, 100) };
    fancy.set(marketId, f);
    engine.quote({
      type: 'fancy',
      marketId,
      status: rng.pick(statuses),
      no: { line: f.noLine, rate: f.noRate },
      yes: { line: f.yesLine, rate: f.yesRate },
    });
  };
  /** One move of a market's feed: a runner's prices, or the fancy's line. */
  const moveMarket = (market: { marketId: string; kind: 'match_odds' | 'bookmaker' | 'fancy' }) => {
    if (market.kind === 'match_odds') moveExchange(market.marketId, rng.pick(RUNNERS).selectionId);
    else if (market.kind === 'bookmaker') moveBookmaker(market.marketId, rng.pick(RUNNERS).selectionId);
    else moveFancy(market.marketId);
  };
  /** Quotes every runner of matchCatalogue's match n. */
  const openMatch = (n: number) => {
    for (const r of RUNNERS) {
      moveExchange(`mo${n}`, r.selectionId);
      moveBookmaker(`bm${n}`, r.selectionId);
    }
    moveFancy(`fy${n}`);
  };
  /** A bet around the last quote: a back at or below the best back matches the feed, above it rests (the reverse for a lay). */
  const betNear = (
    market: { marketId: string; kind: 'match_odds' | 'bookmaker' | 'fancy' },
    betId: string,
    side: 'back' | 'lay',
    stake: Paise,
  ): PlaceBet => {
    if (market.kind === 'fancy') {
      const f = fancy.get(market.marketId)!;
      return placeBet(
        betId,
        market.marketId,
        null,
        side,
        side === 'back' ? f.yesLine : f.noLine,
        stake,
        side === 'back' ? f.yesRate : f.noRate,
      );
    }
    const selectionId = rng.pick(RUNNERS).selectionId;
    if (market.kind === 'bookmaker') {
      const q = bookmaker.get(`${market.marketId}|${selectionId}`)!;
      return placeBet(betId, market.marketId, selectionId, side, side === 'back' ? q.back : q.lay, stake);
    }
    const q = exchange.get(`${market.marketId}|${selectionId}`)!;
    const at = side === 'back' ? q.back + rng.int(-2, q.spread + 1) : q.back + q.spread + rng.int(-q.spread - 1, 2);
    return placeBet(
      betId,
      market.marketId,
      selectionId,
      side,
      LADDER[Math.min(LADDER.length - 1, Math.max(0, at))]!,
      stake,
    );
  };
  return { exchange, bookmaker, fancy, moveExchange, moveBookmaker, moveFancy, moveMarket, openMatch, betNear };
}

// ---- Exposure, recomputed from the bets alone. ----

type Bet = BetState;
const floor100 = (n: number) => Math.floor(n / 100);
const ceil100 = (n: number) => Math.ceil(n / 100);
/** Profit per unit of stake x 100 for a fill of this bet: match odds price - 100; bookmaker the rate; fancy the volume. */
const edge = (b: Bet, price: number) =>
  b.kind === 'match_odds' ? price - 100 : b.kind === 'bookmaker' ? price : b.volume!;

function betPnl(b: Bet, wins: boolean): Paise {
  const matchedStake = b.fills.reduce((s, f) => s + f.size, 0);
  // Rounded once per bet (profit down, liability up), over its fills and, for a lay, its unmatched rest too.
  const matchedEdge = b.fills.reduce((s, f) => s + edge(b, f.price) * f.size, 0);
  if (b.side === 'back') {
    // Backer (fancy Yes): wins the fills' profit, loses the whole stake, matched or not.
    return wins ? floor100(matchedEdge) : -(matchedStake + b.unmatched);
  }
  // Layer (fancy No): wins the matched stake; loses the fills' liability plus the unmatched rest's at its price.
  return wins ? matchedStake : -ceil100(matchedEdge + (b.odds - 100) * b.unmatched);
}

/** Worst outcome, as a positive amount, of one user's open bets in one market. */
export function recomputeMarketExposure(market: MarketState, bets: Bet[]): Paise {
  if (bets.length === 0) return 0;
  let worst = 0;
  if (market.kind === 'fancy') {
    const points = new Set([0, ...bets.flatMap((b) => [b.odds - 1, b.odds])].filter((r) => r >= 0));
    for (const runs of points) {
      let pnl = 0;
      for (const b of bets) pnl += betPnl(b, b.side === 'back' ? runs >= b.odds : runs < b.odds);
      worst = Math.min(worst, pnl);
    }
  } else {
    for (const r of market.runners) {
      let pnl = 0;
      // A back wins when its runner wins, a lay when it does not.
      for (const b of bets)
        pnl += betPnl(b, b.side === 'back' ? b.selectionId === r.selectionId : b.selectionId !== r.selectionId);
      worst = Math.min(worst, pnl);
    }
  }
  return -worst;
}

/** Every user's exposure per market and in total, from the open bets. */
export function recomputeExposure(state: Readonly<EngineState>): {
  perMarket: Record<string, Paise>;
  total: Record<string, Paise>;
} {
  const groups = new Map<string, Bet[]>();
  for (const b of [...state.bets.values()]) {
    if (b.status !== 'open') continue;
    const key = `${b.userId}|${b.marketId}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const perMarket: Record<string, Paise> = {};
  const total: Record<string, Paise> = {};
  for (const [key, bets] of groups) {
    const e = recomputeMarketExposure(state.markets.get(bets[0]!.marketId)!, bets);
    if (e !== 0) perMarket[key] = e;
    total[bets[0]!.userId] = (total[bets[0]!.userId] ?? 0) + e;
  }
  return { perMarket, total };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

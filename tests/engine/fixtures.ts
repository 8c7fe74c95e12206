/**
 * Shared by the exchange's engine-level tests and benchmarks: a seeded PRNG, command envelopes, a
 * hierarchy with funded players, a catalogue, and an exposure recomputation written apart from the
 * engine's code (from the rules: per bet, profit rounds down and liability up; an unmatched part
 * counts only on its losing side; fancy Yes wins at runs >= line).
 */
import type { Command, CommandEnvelope, ExecuteResult, Paise, PlaceBet, SyncCatalogue } from '@exch/contracts';
import type { EngineState } from '@exch/engine';
import { mulberry32 } from '@exch/feeds';

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
export const envelope = (command: Command, actor: string | null, commandId = `c-${process.pid}-${++counter}`): CommandEnvelope => ({
  commandId, correlationId: commandId, actor, ip: '127.0.0.1', device: 'test', at: '2026-11-22T10:00:00.000Z', command,
});

export interface Executor {
  execute(envelope: CommandEnvelope): Promise<ExecuteResult>;
}

/** Executes a command that must be accepted. */
export async function must(engine: Executor, command: Command, actor: string | null): Promise<void> {
  const r = await engine.execute(envelope(command, actor));
  if (!r.ok) throw new Error(`${command.type} refused: ${r.refusal.code} ${r.refusal.message}`);
}

const create = (userId: string, role: 'admin' | 'sadmin' | 'smdl' | 'mdl' | 'dl' | 'user', parentId: string | null): Command => ({
  type: 'CreateUser', userId, username: `u_${userId.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 20), fullName: userId, role, parentId, passwordHash: 'h', creditReference: 0, exposureLimit: 0, mustChangePassword: false,
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
  for (const [from, to] of [['a', 's'], ['s', 'm'], ['m', 'g'], ['g', 'd']] as const) await must(engine, { type: 'TransferChips', fromUserId: from, toUserId: to, amount: total + 1_000_000_00, remark: '' }, from);
  const ids = Array.from({ length: players }, (_, i) => `${prefix}${i}`);
  for (const id of ids) {
    await must(engine, create(id, 'user', 'd'), 'd');
    if (balance > 0) await must(engine, { type: 'TransferChips', fromUserId: 'd', toUserId: id, amount: balance, remark: '' }, 'd');
  }
  return ids;
}

export const RUNNERS = [{ selectionId: 1, name: 'Home' }, { selectionId: 2, name: 'Away' }, { selectionId: 3, name: 'The Draw' }];

/** One cricket match `M{n}` with a match odds `mo{n}`, a bookmaker `bm{n}` and a fancy `fy{n}`. */
export function matchCatalogue(ns: number[], inPlay = false): SyncCatalogue {
  return {
    type: 'SyncCatalogue',
    catalogue: {
      series: [{ id: 'S', sportId: 4, name: 'Series' }],
      matches: ns.map((n) => ({ id: `M${n}`, seriesId: 'S', sportId: 4 as const, name: `Match ${n}`, startTime: '2026-11-22T09:30:00.000Z', inPlay })),
      markets: ns.flatMap((n) => [
        { marketId: `mo${n}`, matchId: `M${n}`, kind: 'match_odds' as const, name: 'Match Odds', runners: RUNNERS },
        { marketId: `bm${n}`, matchId: `M${n}`, kind: 'bookmaker' as const, name: 'Bookmaker', runners: RUNNERS },
        { marketId: `fy${n}`, matchId: `M${n}`, kind: 'fancy' as const, name: `Fancy ${n}`, fancyType: 'Normal' as const, runners: [] as [] },
      ]),
    },
  };
}

export const placeBet = (betId: string, marketId: string, selectionId: number | null, side: 'back' | 'lay', odds: number, stake: Paise, volume: number | null = null): PlaceBet => ({
  type: 'PlaceBet', betId, marketId, selectionId, side, odds, volume, stake, referenceId: `ref-${betId}`,
});

// ---- Exposure, recomputed from the bets alone. ----

type Bet = EngineState['bets'][string];
const floor100 = (n: number) => Math.floor(n / 100);
const ceil100 = (n: number) => Math.ceil(n / 100);
/** Profit per unit of stake x 100 for a fill of this bet: match odds price - 100; bookmaker the rate; fancy the volume. */
const edge = (b: Bet, price: number) => (b.kind === 'match_odds' ? price - 100 : b.kind === 'bookmaker' ? price : b.volume!);

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
export function recomputeMarketExposure(market: EngineState['markets'][string], bets: Bet[]): Paise {
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
      for (const b of bets) pnl += betPnl(b, b.side === 'back' ? b.selectionId === r.selectionId : b.selectionId !== r.selectionId);
      worst = Math.min(worst, pnl);
    }
  }
  return -worst;
}

/** Every user's exposure per market and in total, from the open bets. */
export function recomputeExposure(state: Readonly<EngineState>): { perMarket: Record<string, Paise>; total: Record<string, Paise> } {
  const groups = new Map<string, Bet[]>();
  for (const b of Object.values(state.bets)) {
    if (b.status !== 'open') continue;
    const key = `${b.userId}|${b.marketId}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const perMarket: Record<string, Paise> = {};
  const total: Record<string, Paise> = {};
  for (const [key, bets] of groups) {
    const e = recomputeMarketExposure(state.markets[bets[0]!.marketId]!, bets);
    if (e !== 0) perMarket[key] = e;
    total[bets[0]!.userId] = (total[bets[0]!.userId] ?? 0) + e;
  }
  return { perMarket, total };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

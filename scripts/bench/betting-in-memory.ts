import { Session, type HeapProfiler } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import { tickFrom, type DomainEvent } from '@exch/contracts';
import { decide, type EngineState, type Quotes } from '@exch/engine';
import { median, percentile, placeBet, prng, RUNNERS, type Rng } from '../../tests/engine/fixtures.js';
import { env, feedFor, fundedWorld } from './betting-world.js';
import type { BenchRow } from './rows.js';

// Exchange bench 1: engine decisions in memory, PlaceBet decided and folded with no I/O.

const MARKETS = 4;
const PLAYERS = 1_000;
const RESTING = 2_000;
export const OPS = 20_000;
export const RUNS = 5;

/** The state a run starts from: players with ₹1,00,000 each, MARKETS match odds markets, RESTING resting orders from players. */
function world(rng: Rng): {
  state: EngineState;
  quotes: Quotes;
  feed: ReturnType<typeof feedFor>;
  apply: (events: DomainEvent[]) => void;
} {
  const { state, quotes, apply } = fundedWorld(
    Array.from({ length: PLAYERS }, (_, i) => `u${i}`),
    1_00_000_00,
    Array.from({ length: MARKETS }, (_, i) => i + 1),
  );
  const feed = feedFor(rng);
  for (let m = 1; m <= MARKETS; m++) for (const r of RUNNERS) quotes.apply(feed(`mo${m}`, r.selectionId));
  // Resting orders inside and around the spread: backs above the best back, lays below the best lay.
  for (let i = 0; i < RESTING; i++) {
    const marketId = `mo${rng.int(1, MARKETS)}`;
    const selectionId = rng.pick(RUNNERS).selectionId;
    const q = quotes.exchange(marketId, selectionId)!;
    const side = rng.chance(0.5) ? 'back' : 'lay';
    const odds = side === 'back' ? q.lay[rng.int(0, 2)]!.price : q.back[rng.int(0, 2)]!.price;
    const d = decide(
      state,
      env(
        placeBet(`rest${i}`, marketId, selectionId, side, odds, rng.int(100_00, 1_000_00)),
        `u${rng.int(0, PLAYERS - 1)}`,
        `rest${i}`,
      ),
      quotes,
    );
    if (d.ok) apply(d.events);
  }
  return { state, quotes, feed, apply };
}

/** Around a run's timed bets only (the world it starts from is not counted). */
interface Around {
  start(): void;
  stop(): void;
}

/**
 * One run of `ops` bets on a new world. `opsPerSec` is over the whole loop, the load's own work
 * (its random picks, the commands it builds, the feed moves, the per-bet timers) included;
 * `engineOpsPerSec` over the engine's time alone: the bets' decide and evolve, and the feed moves'
 * (taken in, and the rematches they trigger), as exchange-core's throughput test times commands
 * it generated before.
 */
export function runInMemory(
  seed: number,
  ops: number,
  around?: Around,
): { opsPerSec: number; engineOpsPerSec: number; p50: number; p99: number; fills: number; rested: number } {
  const rng = prng(seed);
  const w = world(rng);
  const latencies = new Float64Array(ops);
  let inside = 0;
  let fills = 0;
  let rested = 0;
  around?.start();
  const started = performance.now();
  for (let i = 0; i < ops; i++) {
    const marketId = `mo${rng.int(1, MARKETS)}`;
    const selectionId = rng.pick(RUNNERS).selectionId;
    if (i % 50 === 0) {
      // A feed move and the rematch it triggers: not part of a bet's latency, but taking the move
      // in and the rematch are the engine's work, so their time counts inside.
      const move = w.feed(marketId, selectionId);
      const rematch = env({ type: 'MatchResting', marketId, selectionId }, null, `rm${i}`);
      const t0 = performance.now();
      w.quotes.apply(move);
      const r = decide(w.state, rematch, w.quotes);
      if (r.ok) w.apply(r.events);
      inside += performance.now() - t0;
    }
    const q = w.quotes.exchange(marketId, selectionId)!;
    const side = rng.chance(0.5) ? 'back' : 'lay';
    const odds = tickFrom(side === 'back' ? q.back[0]!.price : q.lay[0]!.price, rng.int(-2, 2))!;
    const command = placeBet(`b${i}`, marketId, selectionId, side, odds, rng.int(100_00, 2_000_00));
    const e = env(command, `u${rng.int(0, PLAYERS - 1)}`, `b${i}`);
    const t0 = performance.now();
    const d = decide(w.state, e, w.quotes);
    if (d.ok) w.apply(d.events);
    latencies[i] = performance.now() - t0;
    inside += latencies[i]!;
    if (d.ok && d.events[0]!.type === 'BetPlaced') {
      if (d.events[0].data.fills.length > 0) fills++;
      if (d.events[0].data.unmatched > 0) rested++;
    }
  }
  const elapsed = performance.now() - started;
  around?.stop();
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return {
    opsPerSec: ops / (elapsed / 1000),
    engineOpsPerSec: ops / (inside / 1000),
    p50: percentile(sorted, 50) * 1000,
    p99: percentile(sorted, 99) * 1000,
    fills,
    rested,
  };
}

/**
 * Bytes allocated per bet over one more run, garbage included: V8's sampling heap profiler, told to
 * keep what the collector freed. A figure that does not swing with the machine's load, and the one
 * a compact state must bring down: on a busy VM the time goes to the collector and to the kernel's
 * first touch of the pages a growing heap takes (docs/performance.md, "What limits each figure").
 */
function allocatedPerBet(): number {
  const session = new Session();
  session.connect();
  // On the thread's own session, post() calls back before it returns.
  const post = (method: string, params?: object): unknown => {
    let result: unknown;
    session.post(method, params, (error, r) => {
      if (error) throw error;
      result = r;
    });
    return result;
  };
  let bytes = 0;
  try {
    post('HeapProfiler.enable');
    runInMemory(200, OPS, {
      start: () =>
        post('HeapProfiler.startSampling', {
          samplingInterval: 64,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        }),
      stop: () => {
        const { profile } = post('HeapProfiler.stopSampling') as HeapProfiler.StopSamplingReturnType;
        const walk = (node: HeapProfiler.SamplingHeapProfileNode): void => {
          bytes += node.selfSize;
          for (const child of node.children) walk(child);
        };
        walk(profile.head);
      },
    });
  } finally {
    session.disconnect();
  }
  return bytes / OPS;
}

/** RUNS runs of OPS bets, each on a new world, after two warm-up runs: benchDecide's, and a process of engine-ab.ts. */
export function timedRuns(): ReturnType<typeof runInMemory>[] {
  // Warm-up, two runs of the full size: after one of 5,000 bets the first timed run was about half
  // as fast as the others (118,000 against 230,000 alone, 2026-12-02), the JIT and heap not settled.
  for (const seed of [1, 2]) runInMemory(seed, OPS);
  return Array.from({ length: RUNS }, (_, i) => runInMemory(100 + i, OPS));
}

export function benchDecide(): BenchRow {
  const runs = timedRuns();
  const r = runs[0]!;
  return {
    bench: 'PlaceBet decide+evolve, in memory',
    setup: `${MARKETS} markets, ${PLAYERS} players, ${RESTING} resting orders`,
    opsPerSec: median(runs.map((x) => x.opsPerSec)),
    p50: `${median(runs.map((x) => x.p50)).toFixed(1)} µs`,
    p99: `${median(runs.map((x) => x.p99)).toFixed(1)} µs`,
    note: `${Math.round((100 * r.fills) / OPS)}% filled, ${Math.round((100 * r.rested) / OPS)}% rested; feed move every 50; decide+evolve alone ${Math.round(median(runs.map((x) => x.engineOpsPerSec))).toLocaleString('en-US')} bets/s (bets, feed moves and rematches; the load's own work left out); ${Math.round(allocatedPerBet()).toLocaleString('en-US')} bytes allocated per bet (garbage included, sampled)`,
  };
}

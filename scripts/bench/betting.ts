/**
 * Exchange benchmarks:
 *
 * 1. Engine decisions in memory: PlaceBet (matching against the feed and other players' resting
 *    orders, exposure against the balance) decided and folded, no I/O, with feed moves and their
 *    rematches in between. ops/s and p50/p99 µs per bet, medians of 5 runs; and the bytes one more
 *    run allocates per bet.
 * 2. Durable bets through Engine.execute (answer after commit) with 32 concurrent callers, on
 *    PGlite on disk and on PostgreSQL (fsync on) when a throwaway cluster can start: bets/s and
 *    p50/p99 ms, medians of 3 runs.
 * 3. (scripts/bench/exchange-http.ts) POST /api/bets end to end, and oddsUpdate to 1,000 websockets.
 *
 *   npx tsx scripts/bench/betting.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Session, type HeapProfiler } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  LADDER,
  tickFrom,
  type Command,
  type CommandEnvelope,
  type DomainEvent,
  type EventStore,
  type FeedUpdate,
} from '@exch/contracts';
import { decide, emptyState, Engine, evolve, fold, Quotes, type EngineState } from '@exch/engine';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';
import {
  envelope,
  hierarchy,
  matchCatalogue,
  median,
  must,
  percentile,
  placeBet,
  prng,
  RUNNERS,
  type Rng,
} from '../../tests/engine/fixtures.js';
import { printRows, type BenchRow } from './rows.js';

const silent = { info() {}, warn() {}, error() {} };

// ---- 1. In memory. ----

const MARKETS = 4;
const PLAYERS = 1_000;
const RESTING = 2_000;
export const OPS = 20_000;
export const RUNS = 5;

/** A feed that random-walks each runner's best back price by a tick, three levels a side. */
function feedFor(rng: Rng) {
  const centre = new Map<string, number>();
  return (marketId: string, selectionId: number): FeedUpdate => {
    const key = `${marketId}|${selectionId}`;
    const i = Math.min(200, Math.max(10, (centre.get(key) ?? rng.int(60, 120)) + rng.int(-1, 1)));
    centre.set(key, i);
    const size = () => rng.int(1_000, 200_000);
    return {
      type: 'exchange',
      marketId,
      selectionId,
      status: 'ACTIVE',
      back: [0, 1, 2].map((k) => ({ price: LADDER[i - k]!, size: size() })),
      lay: [1, 2, 3].map((k) => ({ price: LADDER[i + k]!, size: size() })),
    };
  };
}

export const env = (command: Command, actor: string | null, id: string): CommandEnvelope => ({
  commandId: id,
  correlationId: id,
  actor,
  ip: null,
  device: null,
  at: '2026-11-22T10:00:00.000Z',
  command,
});

/** An admin and players (`u{i}` unless named) funded with `balance` paise each, the given match odds markets listed; decisions applied with apply(). */
export function fundedWorld(
  players: string[],
  balance: number,
  markets: number[],
): { state: EngineState; quotes: Quotes; apply: (events: DomainEvent[]) => void } {
  const events: Pick<DomainEvent, 'type' | 'data'>[] = [
    {
      type: 'UserCreated',
      data: {
        userId: 'a',
        username: 'admin',
        fullName: 'a',
        role: 'admin',
        parentId: null,
        passwordHash: 'h',
        creditReference: 0,
        exposureLimit: 0,
        mustChangePassword: false,
      },
    },
    {
      type: 'ChipsMinted',
      data: {
        userId: 'a',
        amount: 1e13,
        postings: [
          { account: 'mint', amount: -1e13 },
          { account: 'wallet:a', amount: 1e13 },
        ],
      },
    },
  ];
  for (const [i, u] of players.entries()) {
    events.push({
      type: 'UserCreated',
      data: {
        userId: u,
        username: `user${i}`,
        fullName: u,
        role: 'user',
        parentId: 'a',
        passwordHash: 'h',
        creditReference: 0,
        exposureLimit: 0,
        mustChangePassword: false,
      },
    });
    events.push({
      type: 'ChipsTransferred',
      data: {
        kind: 'deposit',
        fromUserId: 'a',
        toUserId: u,
        amount: balance,
        remark: '',
        postings: [
          { account: 'wallet:a', amount: -balance },
          { account: `wallet:${u}`, amount: balance },
        ],
      },
    });
  }
  const state = fold(emptyState(), events);
  const quotes = new Quotes();
  const apply = (evs: DomainEvent[]) => {
    for (const e of evs) {
      evolve(state, e);
      quotes.absorb(e, state);
    }
  };
  const catalogue = decide(state, env(matchCatalogue(markets), null, 'cat'));
  if (!catalogue.ok) throw new Error(catalogue.refusal.message);
  apply(catalogue.events);
  return { state, quotes, apply };
}

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
 * first touch of the pages a growing heap takes (docs/performance.md).
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

// ---- 1b. Decide time as one player's open bets in one market grow. ----

const OPEN_BETS = [10, 1_000, 10_000];
const TIMED_BETS = 2_000;

/**
 * One player with `open` unsettled bets in one market (half matched against the feed, half resting
 * off the price, as a market maker's), then the time of each of its next bets there: exposure is
 * kept bet by bet, so this stays flat however many bets the player has open.
 */
function decideWithOpenBets(open: number): { p50: number; p99: number; opsPerSec: number } {
  const rng = prng(open);
  const { state, quotes, apply } = fundedWorld(['mm'], 1e12, [1]);
  const feed = feedFor(rng);
  const place = (id: string, selectionId: number, side: 'back' | 'lay', odds: number) => {
    const d = decide(
      state,
      env(placeBet(id, 'mo1', selectionId, side, odds, rng.int(100_00, 1_000_00)), 'mm', id),
      quotes,
    );
    if (!d.ok) throw new Error(d.refusal.message);
    apply(d.events);
  };
  for (let i = 0; i < open; i++) {
    const selectionId = rng.pick(RUNNERS).selectionId;
    quotes.apply(feed('mo1', selectionId));
    const q = quotes.exchange('mo1', selectionId)!;
    const side = i % 2 === 0 ? 'back' : 'lay';
    // Even: taken at the feed's best price; odd: resting a few ticks off it.
    const best = side === 'back' ? q.back[0]!.price : q.lay[0]!.price;
    const odds = i % 4 < 2 ? best : tickFrom(best, side === 'back' ? 5 : -5)!;
    place(`open${i}`, selectionId, side, odds);
  }
  const latencies = new Float64Array(TIMED_BETS);
  const started = performance.now();
  for (let i = 0; i < TIMED_BETS; i++) {
    const selectionId = rng.pick(RUNNERS).selectionId;
    quotes.apply(feed('mo1', selectionId));
    const q = quotes.exchange('mo1', selectionId)!;
    const side = i % 2 === 0 ? 'back' : 'lay';
    const t0 = performance.now();
    place(`t${i}`, selectionId, side, side === 'back' ? q.back[0]!.price : q.lay[0]!.price);
    latencies[i] = performance.now() - t0;
  }
  const elapsed = performance.now() - started;
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50) * 1000,
    p99: percentile(sorted, 99) * 1000,
    opsPerSec: TIMED_BETS / (elapsed / 1000),
  };
}

export function benchDecideFlat(): BenchRow[] {
  // Warm-up at every size: the JIT settles before the 10-bet case, which the others are compared with.
  for (const open of OPEN_BETS) decideWithOpenBets(open);
  const results = OPEN_BETS.map((open) => ({
    open,
    runs: Array.from({ length: RUNS }, () => decideWithOpenBets(open)),
  }));
  const p50Of = (runs: { p50: number }[]) => median(runs.map((r) => r.p50));
  const base = p50Of(results[0]!.runs);
  return results.map(({ open, runs }) => ({
    bench: "PlaceBet decide+evolve, one player's open bets",
    setup: `${open.toLocaleString('en-US')} open bets of one player in one market`,
    opsPerSec: median(runs.map((r) => r.opsPerSec)),
    p50: `${p50Of(runs).toFixed(1)} µs`,
    p99: `${median(runs.map((r) => r.p99)).toFixed(1)} µs`,
    note: `p50 ${(p50Of(runs) / base).toFixed(2)}x the 10-bet case; ${TIMED_BETS.toLocaleString('en-US')} bets timed, taken at the feed's price`,
  }));
}

// ---- 2. Durable, through Engine.execute. ----

const CONCURRENCY = 32;
const DURABLE_MS = 2_000;
const DURABLE_RUNS = 3;

async function durableRun(
  engine: Engine,
  players: string[],
  seed: number,
  ms: number,
): Promise<{ opsPerSec: number; p50: number; p99: number; refused: number }> {
  const rng = prng(seed);
  const latencies: number[] = [];
  let refused = 0;
  let n = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline) {
        const marketId = `mo${rng.int(1, 4)}`;
        const selectionId = rng.pick(RUNNERS).selectionId;
        const side = rng.chance(0.5) ? 'back' : 'lay';
        const odds = LADDER[rng.int(80, 100)]!;
        const command = placeBet(
          `d${seed}-${worker}-${++n}`,
          marketId,
          selectionId,
          side,
          odds,
          rng.int(100_00, 500_00),
        );
        const t0 = performance.now();
        const r = await engine.execute(envelope(command, players[(worker + n) % players.length]!));
        latencies.push(performance.now() - t0);
        if (!r.ok) refused++;
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    opsPerSec: latencies.length / (elapsed / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    refused,
  };
}

async function benchDurableOn(label: string, store: EventStore): Promise<BenchRow> {
  const engine = await Engine.start({ store, log: silent });
  try {
    const players = await hierarchy(engine, 64, 10_00_00_000_00, 'bp');
    await must(engine, matchCatalogue([1, 2, 3, 4]), null);
    const rng = prng(9);
    const feed = feedFor(rng);
    const moveAll = () => {
      for (let m = 1; m <= 4; m++) for (const r of RUNNERS) engine.quote(feed(`mo${m}`, r.selectionId));
    };
    moveAll();
    // The feed keeps moving during the run (10 updates a second per runner group), as it would live.
    const timer = setInterval(moveAll, 100);
    try {
      await durableRun(engine, players, 1, 500); // warm-up
      const runs = [];
      for (let i = 0; i < DURABLE_RUNS; i++) runs.push(await durableRun(engine, players, 10 + i, DURABLE_MS));
      return {
        bench: 'PlaceBet durable, Engine.execute',
        setup: `${label}, ${CONCURRENCY} concurrent`,
        opsPerSec: median(runs.map((r) => r.opsPerSec)),
        p50: `${median(runs.map((r) => r.p50)).toFixed(2)} ms`,
        p99: `${median(runs.map((r) => r.p99)).toFixed(2)} ms`,
        note: `group commit; ${runs.reduce((s, r) => s + r.refused, 0)} refused`,
      };
    } finally {
      clearInterval(timer);
    }
  } finally {
    await engine.stop();
  }
}

export async function benchDurable(): Promise<{ rows: BenchRow[]; skipped: string[] }> {
  const rows: BenchRow[] = [];
  const skipped: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-bets-'));
  const pglite = await openPGliteStore({ dataDir: dir });
  try {
    rows.push(await benchDurableOn('PGlite (disk)', pglite));
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const skip = pgSkip();
  if (skip) skipped.push(`PostgreSQL: ${skip}`);
  else {
    const server = await startPostgres();
    try {
      const store = await openPostgresStore({ connectionString: server.connectionString });
      try {
        rows.push(await benchDurableOn('PostgreSQL (fsync on)', store));
      } finally {
        await store.close();
      }
    } finally {
      await server.stop();
    }
  }
  return { rows, skipped };
}

/** Every exchange figure in one table: in memory, durable through the engine, HTTP end to end, oddsUpdate fan-out. */
export async function benchBetting(): Promise<void> {
  console.log(
    `\nExchange: PlaceBet with matching and exposure. In memory: median of ${RUNS} runs of ${OPS.toLocaleString('en-US')} bets; durable and HTTP: median of 3 runs of ${DURABLE_MS / 1000}-2.5 s`,
  );
  const { benchHttp, benchOddsPush } = await import('./exchange-http.js');
  const rows = [benchDecide(), ...benchDecideFlat()];
  const durable = await benchDurable();
  rows.push(...durable.rows);
  const http = await benchHttp();
  rows.push(...http.rows);
  const skipped = [...durable.skipped, ...http.skipped];
  const odds = await benchOddsPush();
  if (typeof odds === 'string') skipped.push(`oddsUpdate: ${odds}`);
  else rows.push(odds);
  printRows(rows);
  for (const s of skipped) console.log(`skipped: ${s}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchBetting().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

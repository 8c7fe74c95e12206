import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LADDER, type EventStore } from '@exch/contracts';
import { Engine } from '@exch/engine';
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
} from '../../tests/engine/fixtures.js';
import { feedFor } from './betting-world.js';
import type { BenchRow } from './rows.js';

// Exchange bench 2: durable bets through Engine.execute, on PGlite on disk and on PostgreSQL.

const silent = { info() {}, warn() {}, error() {} };
const CONCURRENCY = 32;
export const DURABLE_MS = 2_000;
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

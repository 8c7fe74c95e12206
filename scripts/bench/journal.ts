/**
 * Journal benchmark: committed append throughput of the event store, one event per
 * transaction versus 100 events per append call (the engine's group commit).
 *
 *   npx tsx scripts/bench/journal.ts
 *
 * Each figure is the median of 5 runs of about 1 s. PGlite runs on disk in a temp folder;
 * PostgreSQL runs in a throwaway cluster with fsync=on (skipped when it cannot start).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { AppendRequest, EventStore } from '@exch/contracts';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';

const RUNS = 5;
const RUN_MS = 1_000;
const BATCH_SIZES = [1, 100] as const;
const STREAMS = 64;

interface RunResult {
  eventsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  appends: number;
}

interface Row extends RunResult {
  driver: string;
  batch: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

let sequence = 0;

/** One append call's worth: `size` one-event requests over a few streams, as a busy engine turn would produce. */
function batchOf(size: number): AppendRequest[] {
  return Array.from({ length: size }, () => {
    const n = ++sequence;
    return {
      streamId: `wallet-${n % STREAMS}`,
      expectedVersion: 'any' as const,
      events: [
        {
          eventId: `bench-${process.pid}-${n}`,
          type: 'WalletDebited',
          schemaVersion: 1,
          data: { userId: `u${n % STREAMS}`, amount: 12_500, account: 'exposure', marketId: 'm-1', betId: `b-${n}` },
          metadata: {
            commandId: `c-${n}`,
            correlationId: `c-${n}`,
            causationId: null,
            actor: `u${n % STREAMS}`,
            ip: '127.0.0.1',
            device: 'bench',
            at: '2026-01-01T00:00:00.000Z',
          },
        },
      ],
    };
  });
}

async function runOnce(store: EventStore, batch: number, durationMs: number): Promise<RunResult> {
  const latencies: number[] = [];
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    const requests = batchOf(batch);
    const t0 = performance.now();
    await store.append(requests);
    const t1 = performance.now();
    latencies.push(t1 - t0);
    elapsed = t1 - started;
  }
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSec: (latencies.length * batch) / (elapsed / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    appends: latencies.length,
  };
}

async function benchStore(driver: string, store: EventStore): Promise<Row[]> {
  await runOnce(store, 10, 200); // warm-up: JIT, plan cache, first pages
  const rows: Row[] = [];
  for (const batch of BATCH_SIZES) {
    const runs: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(store, batch, RUN_MS));
    rows.push({
      driver,
      batch,
      eventsPerSec: median(runs.map((r) => r.eventsPerSec)),
      p50Ms: median(runs.map((r) => r.p50Ms)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
      appends: median(runs.map((r) => r.appends)),
    });
  }
  return rows;
}

async function benchPGlite(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-pglite-'));
  const store = await openPGliteStore({ dataDir: dir });
  try {
    return await benchStore('PGlite (disk)', store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Row[] | string> {
  const skip = pgSkip();
  if (skip) return skip;
  const server = await startPostgres();
  try {
    const store = await openPostgresStore({ connectionString: server.connectionString, poolSize: 2 });
    try {
      return await benchStore('PostgreSQL (fsync on)', store);
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
}

function printTable(rows: Row[]): void {
  const header = ['driver', 'events/append', 'events/s', 'p50 ms', 'p99 ms', 'appends/run'];
  const body = rows.map((r) => [
    r.driver,
    String(r.batch),
    Math.round(r.eventsPerSec).toLocaleString('en-US'),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    String(r.appends),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

export async function benchJournal(): Promise<void> {
  console.log(
    `Journal: committed appends, median of ${RUNS} runs of ~${RUN_MS / 1000} s each; latency is per append call`,
  );
  const rows = await benchPGlite();
  const pg = await benchPostgres();
  if (Array.isArray(pg)) rows.push(...pg);
  printTable(rows);
  if (typeof pg === 'string') console.log(`PostgreSQL: skipped (${pg})`);
  // Seen in PGlite 0.5's emscripten build: fsync/fdatasync are no-ops, so its commits reach
  // the OS (they survive a process crash) but not necessarily the disk (a power cut).
  console.log('Note: PGlite commits reach the OS page cache but are not fsynced (its WASM fsync is a no-op).');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchJournal().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

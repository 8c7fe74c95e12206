/**
 * The screens while a read model is rebuilt beside its live tables (docs/architecture.md,
 * "Projection versions"): the statement, bet history and reports timed over HTTP with no rebuild,
 * then again while the ledger and bets projections rebuild, p95 of each and the ratio (target: at
 * most 1.5), and whether every answer during the rebuild equals the one before it.
 *
 *   DATA_DIR=/path/to/a/history npx tsx scripts/bench/reads-during-rebuild.ts
 *
 * DATA_DIR: a PGlite folder holding a history (`npm run history`), or DATABASE_URL a PostgreSQL one;
 * the server writes to it (its read models, its snapshots), so give it a copy. Without either, a small
 * history is generated in a temporary folder (what `npm run bench` does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openPGliteStore } from '@exch/eventstore';
import { betsProjection, ledgerProjection } from '@exch/projector';
import { projectionStatus, requestBuild } from '@exch/projector/read';
import { startServer, type RunningServer } from '@exch/server';
import { generateHistory } from '../history/generate.js';
import { timeReports, type ReportRow } from './reports.js';

const SMALL = { bets: 20_000, days: 60, players: 100 };
const TARGET = 1.5;
const SCREENS = /^(statement|bet history|profit-loss|general report|partnership)/;

async function rebuilding(server: RunningServer): Promise<boolean> {
  return (await projectionStatus(server.store.sql)).data.some((p) => p.state === 'rebuilding');
}

async function measure(server: RunningServer): Promise<void> {
  const { sql } = server.store;
  const quiet = new Map<string, ReportRow>();
  const answers = new Map<string, string>();
  // Twice: the first pass warms the server's caches and the read models' pages.
  for (let pass = 0; pass < 2; pass++)
    await timeReports(
      server.url,
      sql,
      (r) => quiet.set(r.query, r),
      (q) => SCREENS.test(q),
      (q, a) => answers.set(q, JSON.stringify(a)),
    );
  // Rebuilds asked again whenever one ends, so that every timed call overlaps one.
  let measuring = true;
  let rebuilds = 0;
  let rates: number[] = [];
  const keepRebuilding = (async () => {
    while (measuring) {
      for (const p of [ledgerProjection, betsProjection])
        if (await requestBuild(sql, { name: p.name, version: p.version, reason: 'request', requestedBy: null }))
          rebuilds++;
      const status = (await projectionStatus(sql)).data.flatMap((p) =>
        p.rebuild?.events ? [p.rebuild.events_per_sec] : [],
      );
      if (status.length > 0) rates = status;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  while ((await projectionStatus(sql)).data.every((p) => !p.rebuild?.events))
    await new Promise((r) => setTimeout(r, 50));
  const during: ReportRow[] = [];
  let differing = 0;
  await timeReports(
    server.url,
    sql,
    (r) => during.push(r),
    (q) => SCREENS.test(q),
    (q, a) => {
      if (answers.get(q) !== JSON.stringify(a)) differing++;
    },
  );
  measuring = false;
  await keepRebuilding;
  console.log(`${'query'.padEnd(48)}  p95 quiet  p95 rebuilding  ratio (target <= ${TARGET})`);
  for (const r of during) {
    const q = quiet.get(r.query)!;
    const ratio = r.p95 / q.p95;
    console.log(
      `${r.query.padEnd(48)}  ${q.p95.toFixed(1).padStart(9)}  ${r.p95.toFixed(1).padStart(13)}  ${ratio.toFixed(2).padStart(5)} ${ratio <= TARGET ? 'holds' : 'MISSED'}`,
    );
  }
  console.log(
    `answers during the rebuilds equal to those before them: ${differing === 0 ? 'all' : `${differing} differ`}; ${rebuilds} rebuilds asked, last seen folding at ${rates.map((r) => r.toLocaleString('en-US')).join(' and ')} events/s`,
  );
  while (await rebuilding(server)) await new Promise((r) => setTimeout(r, 200));
}

export async function benchReadsDuringRebuild(): Promise<void> {
  const given = process.env.DATA_DIR;
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'exch-bench-rebuild-reads-'));
  try {
    if (!given && !databaseUrl) {
      const store = await openPGliteStore({ dataDir });
      const { engine } = await generateHistory({ store, ...SMALL });
      await engine.stop();
      await store.close();
    }
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      seedDemo: false,
      webDist: null,
      feed: null,
      provider: null,
      casino: null,
      logger: pino({ level: 'silent' }),
    });
    try {
      console.log(
        `\nScreens while ledger and bets rebuild beside their live tables (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${given ?? (databaseUrl ? 'DATABASE_URL' : `a generated history of ${SMALL.bets.toLocaleString('en-US')} bets`)}), load ${loadavg()[0]!.toFixed(2)} at the start`,
      );
      await measure(server);
    } finally {
      await server.close();
    }
  } finally {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReadsDuringRebuild();

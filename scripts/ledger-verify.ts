/**
 * `npm run ledger:verify`: replays the whole event log and proves the ledger (DESIGN.md rule 2).
 * Same storage settings as `npm start`: DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR
 * (default ./data, relative to the repository). It never starts the server and changes no data (opening
 * the store runs only the log's idempotent create-if-missing DDL).
 *
 * stdout: one verdict line (then the first differences, on failure). stderr: progress and notes.
 * Exit code: 0 the ledger holds, 1 a difference was found, 2 the log could not be opened or read.
 *
 * PGlite is a single-process database: stop the server first. A folder whose postmaster.pid is
 * still there is refused (the server runs, or it crashed: start and stop it once), unless --force.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventStore } from '@exch/contracts';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { progressBar } from './ledger/progress.js';
import { formatProjections, formatReport, verifyLedger } from './ledger/verify.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
const force = process.argv.includes('--force');

const say = (line: string) => process.stderr.write(`${line}\n`);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function open(): Promise<EventStore> {
  if (databaseUrl) return openPostgresStore({ connectionString: databaseUrl, poolSize: 2, onError: () => {} });
  // Opening a folder that holds no database would create an empty one: refuse instead.
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`no event log in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  if (existsSync(join(dataDir, 'postmaster.pid')) && !force) {
    throw new Error(`${dataDir} is in use (postmaster.pid): stop the server first; if it crashed, start and stop it once, or pass --force`);
  }
  return openPGliteStore({ dataDir });
}

async function main(): Promise<number> {
  let store: EventStore;
  try {
    store = await open();
  } catch (err) {
    say(`ledger: cannot open the log: ${message(err)}`);
    return 2;
  }
  say(`ledger: verifying ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);
  const bar = progressBar({ out: process.stderr });
  try {
    const report = await verifyLedger(store, { onProgress: (p) => bar.update(p) });
    bar.done();
    for (const line of formatProjections(report)) say(`ledger: ${line}`);
    process.stdout.write(formatReport(report).join('\n') + '\n');
    return report.ok ? 0 : 1;
  } catch (err) {
    bar.done();
    say(`ledger: cannot read the log: ${message(err)}`);
    return 2;
  } finally {
    await store.close().catch(() => {});
  }
}

// exit() rather than exitCode: the PostgreSQL driver may hold reconnect timers.
process.exit(await main());

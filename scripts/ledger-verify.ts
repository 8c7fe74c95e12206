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
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { progressBar } from './ledger/progress.js';
import { formatProjections, formatReport } from './ledger/report.js';
import { verifyLedger } from './ledger/verify.js';
import { openLog, type OpenedLog } from './open-store.js';

const say = (line: string) => process.stderr.write(`${line}\n`);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function main(): Promise<number> {
  let opened: OpenedLog;
  try {
    opened = await openLog({
      root: resolve(dirname(fileURLToPath(import.meta.url)), '..'),
      env: process.env,
      force: process.argv.includes('--force'),
    });
  } catch (err) {
    say(`ledger: cannot open the log: ${message(err)}`);
    return 2;
  }
  const { store, where } = opened;
  say(`ledger: verifying ${where}`);
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

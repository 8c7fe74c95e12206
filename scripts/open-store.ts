/**
 * How the operator tools (ledger:verify, replay, statement) open the log: the same storage settings as `npm start`.
 * DATABASE_URL set: PostgreSQL, which many processes share, so the server may keep running.
 * Otherwise PGlite in DATA_DIR (default ./data, relative to the repository): a single-process
 * database. PGlite itself does not refuse a second process on the same folder (both would write
 * to it), so the tools refuse a folder whose postmaster.pid is still there: the server is running,
 * or it crashed (start and stop it once), unless the caller forces it.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EventStore } from '@exch/contracts';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';

export interface OpenLogOptions {
  /** The repository root: DATA_DIR is relative to it. */
  root: string;
  env: NodeJS.ProcessEnv;
  /** Open a PGlite folder even though its postmaster.pid is there (a crashed server's leftover). */
  force?: boolean;
}

export interface OpenedLog {
  store: EventStore;
  /** "PostgreSQL (DATABASE_URL)" or "PGlite in /path". */
  where: string;
}

/** The PGlite folder is in use by another process (the server): stop it first. */
export class LogInUseError extends Error {}

export async function openLog(options: OpenLogOptions): Promise<OpenedLog> {
  const databaseUrl = options.env.DATABASE_URL || undefined;
  if (databaseUrl)
    return {
      store: await openPostgresStore({ connectionString: databaseUrl, poolSize: 2, onError: () => {} }),
      where: 'PostgreSQL (DATABASE_URL)',
    };
  const dataDir = resolve(options.root, options.env.DATA_DIR || 'data');
  // Opening a folder that holds no database would create an empty one: refuse instead.
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new Error(`no event log in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  if (existsSync(join(dataDir, 'postmaster.pid')) && !options.force) {
    throw new LogInUseError(
      `${dataDir} is in use (postmaster.pid is there): PGlite allows one process, so stop the server (npm start) first; ` +
        `if it crashed, start and stop it once, or pass --force`,
    );
  }
  return { store: await openPGliteStore({ dataDir }), where: `PGlite in ${dataDir}` };
}

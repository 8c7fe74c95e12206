import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { BUSINESS_TIME_ZONE, type EventStore, type Leadership, type SqlClient } from '@exch/contracts';
import { migrateLog, transactionClient } from './sql.js';
import { createEventStore } from './store.js';
import { WakeSignal } from './subscription.js';

export interface PGliteStoreOptions {
  /** Folder for the database files; undefined keeps the log in memory (tests). */
  dataDir?: string;
  /**
   * An instance the caller created (extensions, options, or a data dir loaded from a dump,
   * which starts faster than initdb). The store owns it from then on and closes it.
   */
  pglite?: PGlite;
  /** Subscriptions re-read this often even without a wake-up (only direct SQL writes need it). */
  pollIntervalMs?: number;
}

/** The embedded driver: one process owns the folder, so wake-ups are in-process events. */
export async function openPGliteStore(options: PGliteStoreOptions = {}): Promise<EventStore> {
  const { dataDir } = options;
  if (dataDir !== undefined && options.pglite) throw new Error('Give either dataDir or pglite, not both');
  // PGlite creates only the last folder of the path.
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  // Imported here, not at the top: it takes a second or more to load, and processes on PostgreSQL
  // (every distributed one) import this package without ever opening PGlite.
  const db =
    options.pglite ??
    (await (await import('@electric-sql/pglite')).PGlite.create(dataDir !== undefined ? { dataDir } : {}));
  const sql: SqlClient = {
    query: (text, params) => db.query(text, params),
    // PGlite queues every other query behind an open transaction, so this is also the writers' mutex.
    transaction: (fn) => db.transaction((tx) => fn(transactionClient((text, params) => tx.query(text, params)))),
  };
  try {
    // One connection: a session setting holds for every query (days are India's, see BUSINESS_TIME_ZONE).
    await db.exec(`set time zone '${BUSINESS_TIME_ZONE}'`);
    // PGlite runs on the engine's thread, and by default each new 16 MB WAL segment is zero-filled
    // first: 45 to 75 ms of the thread every 16 MB written (docs/performance.md "The embedded
    // database in the main thread"). Off, only its last byte is written; WAL records carry their
    // own checksums, so recovery reads the same.
    await db.exec('set wal_init_zero = off');
    await migrateLog(sql);
  } catch (err) {
    await db.close();
    throw err;
  }
  return createEventStore(
    {
      name: 'pglite',
      concurrentTransactions: false,
      sql,
      // One process is the only possible writer, so the lock is immediate; the epoch still
      // advances so the fencing rule reads the same on both drivers.
      async acquireLeadership(): Promise<Leadership> {
        const { rows } = await sql.query<{ epoch: number | string }>(
          'update log_head set epoch = epoch + 1 where id returning epoch',
        );
        return { epoch: Number(rows[0]?.epoch), lost: new Promise<void>(() => {}), release: async () => {} };
      },
      close: () => db.close(),
    },
    new WakeSignal(),
    { pollIntervalMs: options.pollIntervalMs ?? 5_000, retryDelayMs: 250 },
  );
}

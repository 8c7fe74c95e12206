import pg from 'pg';
import { BUSINESS_TIME_ZONE, type EventStore, type SqlClient } from '@exch/contracts';
import { acquireLeaderLock, holdSessionLock } from './pg-leadership.js';
import { NotificationListener } from './pg-listener.js';
import { EVENTS_CHANNEL } from './schema.js';
import { migrateLog, transactionClient, type QueryFn } from './sql.js';
import { createEventStore } from './store.js';
import { WakeSignal } from './subscription.js';

export interface PostgresStoreOptions {
  connectionString: string;
  poolSize?: number;
  /** Subscriptions re-read this often even without a NOTIFY (one can be lost while the listener reconnects). */
  pollIntervalMs?: number;
  /** Background connection failures (idle pool clients, the listener); defaults to a process warning. */
  onError?: (err: unknown) => void;
}

function warn(err: unknown): void {
  process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'EventStorePostgres');
}

function bindQuery(client: pg.Pool | pg.PoolClient): QueryFn {
  return async <R>(text: string, params?: unknown[]) => {
    const result = await client.query(text, params);
    return { rows: result.rows as R[] };
  };
}

function poolClient(pool: pg.Pool): SqlClient {
  return {
    query: bindQuery(pool),
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection whose rollback failed is in an unknown state: destroy it, do not reuse it.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn(transactionClient(bindQuery(client)));
        await client.query('commit');
        return result;
      } catch (err) {
        try {
          await client.query('rollback');
        } catch (rollbackErr) {
          broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

export interface PostgresEventStore extends EventStore {
  /** Backend pid of the LISTEN connection (tests use it to simulate a dropped connection). */
  listenerPid(): Promise<number | null>;
  /** Waits for a session advisory lock of its own (a standby's wait); close() releases it. */
  holdLock(key: number): Promise<{ lost: Promise<void>; release(): Promise<void> }>;
}

/** The PostgreSQL driver: many processes can share the log; one leads at a time. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresEventStore> {
  const { connectionString } = options;
  const onError = options.onError ?? warn;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    options: `-c TimeZone=${BUSINESS_TIME_ZONE}`,
  });
  // An idle client died (server restart); the pool replaces it on the next checkout.
  pool.on('error', onError);
  const sql = poolClient(pool);
  const wake = new WakeSignal();
  const listener = new NotificationListener(connectionString, wake, onError);
  const leaders = new Set<() => Promise<void>>();
  try {
    await migrateLog(sql);
    await listener.start();
  } catch (err) {
    await listener.stop();
    await pool.end();
    throw err;
  }
  const store = createEventStore(
    {
      name: 'postgres',
      concurrentTransactions: true,
      sql,
      // Queued inside the transaction, so it is delivered only if the append commits.
      noticeSql: `pg_notify('${EVENTS_CHANNEL}', $1::text)`,
      acquireLeadership: () => acquireLeaderLock(connectionString, leaders),
      async close() {
        await listener.stop();
        await Promise.all([...leaders].map((end) => end()));
        await pool.end();
      },
    },
    wake,
    { pollIntervalMs: options.pollIntervalMs ?? 3_000, retryDelayMs: 250 },
  );
  return Object.assign(store, {
    listenerPid: () => listener.pid(),
    holdLock: (key: number) => holdSessionLock(connectionString, key, leaders),
  });
}

import type { SqlClient, SqlResult } from '@exch/contracts';
import { MIGRATION_LOCK_KEY, SCHEMA_STATEMENTS } from './schema.js';

export type QueryFn = <R>(text: string, params?: unknown[]) => Promise<SqlResult<R>>;

/**
 * A SqlClient bound to a connection that is already inside a transaction. A nested
 * transaction() becomes a savepoint, so code written against SqlClient (a projector
 * that opens its own transaction) still composes when a caller already opened one.
 */
export function transactionClient(query: QueryFn): SqlClient {
  let depth = 0;
  const client: SqlClient = {
    query: <R>(text: string, params?: unknown[]) => query<R>(text, params),
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      const name = `sp_${++depth}`;
      await query(`savepoint ${name}`);
      try {
        const result = await fn(client);
        await query(`release savepoint ${name}`);
        return result;
      } catch (err) {
        await query(`rollback to savepoint ${name}`);
        throw err;
      } finally {
        depth--;
      }
    },
  };
  return client;
}

/**
 * Creates the tables if they are missing. The transaction-scoped advisory lock keeps two
 * processes that start together from racing each other in the catalog.
 */
export async function migrate(sql: SqlClient): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    for (const statement of SCHEMA_STATEMENTS) await tx.query(statement);
  });
}

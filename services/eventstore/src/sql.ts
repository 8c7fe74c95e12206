import { migrate, type SqlClient, type SqlResult } from '@exch/contracts';
import { SCHEMA_STATEMENTS } from './schema.js';

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

/** Creates the log's tables once, however many processes open the store together (contracts' migrate); version 3 added snapshot_parts. */
export const migrateLog = (sql: SqlClient): Promise<void> => migrate(sql, 'eventstore', 3, SCHEMA_STATEMENTS);

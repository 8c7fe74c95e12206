/**
 * Folds the log into one projection's tables inside a schema of their own (a replay's, or a
 * rebuild's beside the live tables). Every statement of the projection runs in a transaction whose
 * search_path starts with that schema, so its unqualified table names (every projection's DDL and
 * queries use unqualified names) land there and not in the live tables of schema public.
 *
 * public stays on the path behind it (functions and types an extension put there still resolve),
 * which would let a query naming a table the projection does not own fall through to the live one.
 * So each batch compares the transaction's table statistics before and after the fold: a write to
 * any table outside that schema aborts the batch (rolled back: the live model is untouched),
 * a read of one is reported, because the fold then depends on live data.
 */
import type { EventStore, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** What an unquoted identifier may hold, from a projection's name. */
export const identOf = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '_');

interface TableStat {
  table: string;
  reads: number;
  writes: number;
}

async function tableStats(tx: SqlClient, schema: string): Promise<Map<string, TableStat>> {
  const { rows } = await tx.query<{
    schemaname: string;
    relname: string;
    reads: string | number;
    writes: string | number;
  }>(
    `select schemaname, relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as reads, n_tup_ins + n_tup_upd + n_tup_del as writes
       from pg_stat_xact_user_tables where schemaname <> $1`,
    [schema],
  );
  return new Map(
    rows.map((r) => [
      `${r.schemaname}.${r.relname}`,
      { table: `${r.schemaname}.${r.relname}`, reads: Number(r.reads), writes: Number(r.writes) },
    ]),
  );
}

export interface FoldTarget {
  store: EventStore;
  projection: Projection;
  schema: string;
  /** Reported once per table: the projection read a table outside its schema. */
  onForeignRead?: (table: string) => void;
}

/** Runs `fn` in a transaction whose unqualified names resolve to `schema` first. */
export async function inSchema<T>(sql: SqlClient, schema: string, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    await tx.query(`set local search_path to ${quoteIdent(schema)}, public`);
    return fn(tx);
  });
}

/** Creates the schema and the projection's tables in it; throws if a table it owns did not land there. */
export async function setUp({ store, projection, schema }: FoldTarget): Promise<void> {
  await store.sql.query(`create schema ${quoteIdent(schema)}`);
  await inSchema(store.sql, schema, (tx) => projection.setup(tx));
  const { rows } = await store.sql.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = $1`,
    [schema],
  );
  const made = new Set(rows.map((r) => r.table_name));
  const missing = projection.tables.filter((t) => !made.has(t));
  if (missing.length > 0) {
    throw new Error(
      `the ${projection.name} projection's setup did not create ${missing.join(', ')} in ${schema}: its DDL must use unqualified table names`,
    );
  }
}

/**
 * Folds one batch (position order, none seen before) into the schema inside `tx`, whose
 * search_path already starts with it. Throws (so the caller's transaction rolls back)
 * when the projection wrote outside the schema.
 */
export async function applyEvents(
  tx: SqlClient,
  target: FoldTarget,
  events: StoredEvent[],
  reported: Set<string>,
): Promise<void> {
  const { projection, schema } = target;
  const before = await tableStats(tx, schema);
  await projection.apply(tx, events);
  const after = await tableStats(tx, schema);
  for (const [table, stat] of after) {
    const was = before.get(table) ?? { reads: 0, writes: 0 };
    if (stat.writes > was.writes) {
      throw new Error(
        `the ${projection.name} projection wrote to ${table}, outside ${schema} (its tables: ${projection.tables.join(', ')}); ` +
          `the batch at positions ${events[0]!.position}-${events.at(-1)!.position} was rolled back`,
      );
    }
    if (stat.reads > was.reads && !reported.has(table)) {
      reported.add(table);
      target.onForeignRead?.(table);
    }
  }
}

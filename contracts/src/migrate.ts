import type { SqlClient } from './eventstore.js';

/**
 * Schema migrations that any number of processes may run at the same moment (distributed mode
 * starts engines, gateways, relays and projectors together on one database). PostgreSQL does not
 * make `create table if not exists` safe against a twin running concurrently: both pass the check
 * and one fails on a catalog index (`pg_type_typname_nsp_index`). So each part's DDL runs under a
 * transaction-scoped advisory lock keyed on the part's name, once: its version is recorded in
 * `schema_versions`, and a process that finds that version (or a newer one) runs no DDL at all
 * (even `create index if not exists` locks a table that others may be writing). A process that
 * starts while another migrates waits on the lock, then finds the version it needs.
 *
 * A pure function over the SqlClient port, so every package that holds a SqlClient (the gateway
 * included, which may import nothing but contracts) shares this one mechanism. PGlite has
 * advisory locks too, so the embedded database runs the same path.
 */
const VERSIONS_DDL = `create table if not exists schema_versions (
  name text primary key,
  version int not null,
  migrated_at timestamptz not null default now()
)`;

const lock = (tx: SqlClient, name: string) => tx.query('select pg_advisory_xact_lock(hashtext($1))', [name]);

/** Runs fn in a transaction that holds the migration lock of `name`; processes waiting on it queue. */
export async function withMigrationLock<T>(
  sql: SqlClient,
  name: string,
  fn: (tx: SqlClient) => Promise<T>,
): Promise<T> {
  return sql.transaction(async (tx) => {
    await lock(tx, name);
    return fn(tx);
  });
}

/**
 * Brings `name` to `version` by running `ddl` once, whoever starts first. The DDL is the part's whole
 * schema at that version, written to be idempotent (`if not exists`), so it brings any older
 * version (or a database that predates schema_versions) up to date.
 */
export async function migrate(sql: SqlClient, name: string, version: number, ddl: readonly string[]): Promise<void> {
  await withMigrationLock(sql, name, async (tx) => {
    const {
      rows: [found],
    } = await tx.query<{ present: boolean }>(`select to_regclass('schema_versions') is not null as present`);
    if (!found?.present) {
      // Parts migrating under different names would race to create it: it has a lock of its own,
      // always taken after a part's lock and never before one, so two processes cannot deadlock.
      await lock(tx, 'schema_versions');
      await tx.query(VERSIONS_DDL);
    }
    const {
      rows: [stored],
    } = await tx.query<{ version: number }>(`select version from schema_versions where name = $1`, [name]);
    if (stored && stored.version >= version) return;
    for (const statement of ddl) await tx.query(statement);
    await tx.query(
      `insert into schema_versions (name, version) values ($1, $2) on conflict (name) do update set version = excluded.version, migrated_at = now()`,
      [name, version],
    );
  });
}

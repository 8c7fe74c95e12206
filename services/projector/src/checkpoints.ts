import type { SqlClient } from '@exch/contracts';

export const CHECKPOINT_DDL = `create table if not exists projection_checkpoints (
  name text primary key,
  position bigint not null default 0,
  version int not null default 0,
  updated_at timestamptz not null default now()
)`;

export async function readCheckpoint(sql: SqlClient, name: string, forUpdate = false): Promise<number> {
  await sql.query(`insert into projection_checkpoints (name, position) values ($1, 0) on conflict (name) do nothing`, [
    name,
  ]);
  const { rows } = await sql.query<{ position: string | number }>(
    `select position from projection_checkpoints where name = $1${forUpdate ? ' for update' : ''}`,
    [name],
  );
  return Number(rows[0]!.position);
}

/** The stored checkpoints of these projections, locked for the rest of the transaction. */
export async function readCheckpoints(tx: SqlClient, names: string[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ name: string; position: string | number }>(
    `select name, position from projection_checkpoints where name = any($1::text[]) order by name for update`,
    [names],
  );
  return new Map(rows.map((r) => [r.name, Number(r.position)]));
}

export async function writeCheckpoints(tx: SqlClient, names: string[], position: number): Promise<void> {
  if (names.length === 0) return;
  await tx.query(`update projection_checkpoints set position = $2, updated_at = now() where name = any($1::text[])`, [
    names,
    position,
  ]);
}

export async function readVersion(sql: SqlClient, name: string): Promise<number | null> {
  const { rows } = await sql.query<{ version: number }>(`select version from projection_checkpoints where name = $1`, [
    name,
  ]);
  return rows[0] ? Number(rows[0].version) : null;
}

export async function writeVersion(sql: SqlClient, name: string, version: number): Promise<void> {
  await sql.query(`update projection_checkpoints set version = $2 where name = $1`, [name, version]);
}

/**
 * A read model's batch commits without waiting for its WAL flush (PostgreSQL's synchronous_commit
 * off, for this transaction only): the batch and its checkpoint are lost together in a crash and
 * folded again from the log, so only the engine's append pays an fsync per turn. Visibility to other
 * sessions is unchanged.
 */
export async function commitWithoutFlush(tx: SqlClient): Promise<void> {
  await tx.query('set local synchronous_commit = off');
}

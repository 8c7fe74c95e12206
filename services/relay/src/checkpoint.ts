import { migrate, type SqlClient } from '@exch/contracts';

const DDL = `create table if not exists relay_checkpoints (
  topic text primary key,
  position bigint not null default 0,
  updated_at timestamptz not null default now()
)`;

/** The checkpoint table, created once however many relays start together. */
export const migrateRelayCheckpoints = (sql: SqlClient): Promise<void> => migrate(sql, 'relay', 1, [DDL]);

/** The last log position the broker acknowledged for this topic (0 before the first). */
export async function readRelayCheckpoint(sql: SqlClient, topic: string): Promise<number> {
  const { rows } = await sql.query<{ position: string }>(`select position from relay_checkpoints where topic = $1`, [
    topic,
  ]);
  return rows[0] ? Number(rows[0].position) : 0;
}

export async function writeRelayCheckpoint(sql: SqlClient, topic: string, position: number): Promise<void> {
  await sql.query(
    `insert into relay_checkpoints (topic, position) values ($1, $2)
     on conflict (topic) do update set position = greatest(relay_checkpoints.position, excluded.position), updated_at = now()`,
    [topic, position],
  );
}

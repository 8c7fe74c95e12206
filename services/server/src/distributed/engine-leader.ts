import { migrate, type SqlClient } from '@exch/contracts';

const DDL = `create table if not exists engine_leader (
  id boolean primary key default true check (id),
  epoch bigint not null,
  url text not null,
  since timestamptz not null default now()
)`;

/** The table, created once however many engines and gateways start together. */
export const migrateLeaderTable = (sql: SqlClient): Promise<void> => migrate(sql, 'engine_leader', 1, [DDL]);

/** The new leader announces where its command endpoint is; an older epoch never overwrites a newer one. */
export async function announceLeader(sql: SqlClient, epoch: number, url: string): Promise<void> {
  await sql.query(
    `insert into engine_leader (id, epoch, url) values (true, $1, $2)
     on conflict (id) do update set epoch = excluded.epoch, url = excluded.url, since = now() where engine_leader.epoch < excluded.epoch`,
    [epoch, url],
  );
}

/** Where the current leader takes commands, or null before any leader announced itself. */
export async function findLeader(sql: SqlClient): Promise<{ epoch: number; url: string } | null> {
  const { rows } = await sql.query<{ epoch: string; url: string }>(`select epoch, url from engine_leader`);
  return rows[0] ? { epoch: Number(rows[0].epoch), url: rows[0].url } : null;
}

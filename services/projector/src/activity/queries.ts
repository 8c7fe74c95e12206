import type { SqlClient } from '@exch/contracts';
import type { ActivityEntryRow } from './rows.js';

// The activity log's reads: the queries the gateway makes on rm_activity.

export async function activityCount(sql: SqlClient, userId: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(`select count(*) as n from rm_activity where user_id = $1`, [userId]);
  return Number(rows[0]!.n);
}

/** A page of an account's log, newest first. */
export async function activityEntries(
  sql: SqlClient,
  userId: string,
  page: { limit: number; offset: number },
): Promise<ActivityEntryRow[]> {
  const { rows } = await sql.query<ActivityEntryRow>(
    `select a.position, a.action, a.at, a.ip, a.device, u.username as actor
         from rm_activity a left join rm_users u on u.user_id = a.actor_id
        where a.user_id = $1 order by a.position desc limit ${page.limit} offset ${page.offset}`,
    [userId],
  );
  return rows;
}

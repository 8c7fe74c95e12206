import type { SqlClient } from '@exch/contracts';
import type { WatchedRow, WatchRow } from './rows.js';

// The risk projection's reads: every query the gateway makes on rm_risk_thresholds and rm_watch
// (rm_watch joins rm_users for the names).

/** A login's big-bet threshold in paise (a bigint, so text), null when it set none. */
export async function bigBetThreshold(sql: SqlClient, userId: string): Promise<string | null> {
  const { rows } = await sql.query<{ big_bet: string }>(`select big_bet from rm_risk_thresholds where user_id = $1`, [
    userId,
  ]);
  return rows[0]?.big_bet ?? null;
}

/** The accounts a login watches, by name. */
export async function watchedBy(sql: SqlClient, watcherId: string): Promise<WatchedRow[]> {
  const { rows } = await sql.query<WatchedRow>(
    `select w.user_id, u.username from rm_watch w join rm_users u on u.user_id = w.user_id
            where w.watcher_id = $1 order by u.username_lower`,
    [watcherId],
  );
  return rows;
}

/** The watches on some accounts. */
export async function watchesOf(sql: SqlClient, userIds: string[]): Promise<WatchRow[]> {
  const { rows } = await sql.query<WatchRow>(
    `select watcher_id, user_id from rm_watch where user_id = any($1::text[])`,
    [userIds],
  );
  return rows;
}

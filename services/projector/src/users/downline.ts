import type { SqlClient } from '@exch/contracts';

/**
 * `with recursive downline(user_id)`: every account below the actor whose id is parameter
 * `$n`. Prefix a query with it and filter `b.user_id in (select user_id from downline)`: an
 * upline sees its own branch and nothing else.
 */
export const downlineCte = (n: number): string =>
  `with recursive downline(user_id) as (
     select user_id from rm_users where parent_id = $${n}
     union all
     select u.user_id from rm_users u join downline d on u.parent_id = d.user_id
   ) `;

export const IN_DOWNLINE = 'b.user_id in (select user_id from downline)';

/**
 * The ids of every account below the actor, for a list that pages through the downline's bets: it
 * filters on them as one array parameter (IN_DOWNLINE_IDS), so the planner knows how many accounts
 * it picks and walks the newest bets by time for a large downline, or each account's own for a few.
 * Against the CTE, whose size it cannot know, it sorted the whole period instead.
 */
export async function downlineIds(sql: SqlClient, actorId: string): Promise<string[]> {
  const { rows } = await sql.query<{ user_id: string }>(`${downlineCte(1)}select user_id from downline`, [actorId]);
  return rows.map((r) => r.user_id);
}

/** `b.user_id` among downlineIds' answer, as parameter `$1`. */
export const IN_DOWNLINE_IDS = 'b.user_id = any($1::text[])';

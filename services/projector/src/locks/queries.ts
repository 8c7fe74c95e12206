import type { SqlClient } from '@exch/contracts';

/**
 * The bet locks covering `userId` on a match: its own and every upline's (locking an agent locks its
 * downline), each a whole match ('' kind and market), a kind of its markets ('' market) or a market.
 */
export async function locksOnMatch(
  sql: SqlClient,
  userId: string,
  matchId: string,
): Promise<{ market_kind: string; market_id: string }[]> {
  const { rows } = await sql.query<{ market_kind: string; market_id: string }>(
    `with recursive chain as (
       select user_id, parent_id from rm_users where user_id = $1
       union all
       select u.user_id, u.parent_id from rm_users u join chain c on u.user_id = c.parent_id
     )
     select distinct l.market_kind, l.market_id
       from rm_market_locks l join chain c on c.user_id = l.user_id
      where l.match_id = $2 and l.locked`,
    [userId, matchId],
  );
  return rows;
}

/**
 * A listed account's current partnership share in basis points, as SQL over `u` (a row of rm_users):
 * null for a player, all of it for the top admin, the latest share set, or none.
 */
export const CURRENT_SHARE_SQL = `case when u.role = 'user' then null when u.parent_id is null then 10000
  else coalesce((select h.share_bp from rm_partnership_shares h where h.user_id = u.user_id order by h.position desc limit 1), 0) end`;

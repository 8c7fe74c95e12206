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

import type { SqlClient } from '@exch/contracts';
import type { ShareTreeRow } from './rows.js';

// The partnership's reads: the shares in force now or at a past moment (the latest set at or before
// it). They walk the account tree (rm_users) only to pick whose shares.

/** `at`'s condition on the shares `h`, as the next parameter of `args`; none for now. */
const upToSql = (args: unknown[], at: string | null): string =>
  at ? ` and h.at <= $${args.push(at)}::timestamptz` : '';

/**
 * The account and its back-office downline at any depth (as it stood at `at`, an ISO instant, when
 * given), by depth then username, each with its share in force then and when it was set.
 */
export async function shareTree(sql: SqlClient, rootId: string, at: string | null): Promise<ShareTreeRow[]> {
  const args: unknown[] = [rootId];
  const upTo = upToSql(args, at);
  const { rows } = await sql.query<ShareTreeRow>(
    `with recursive tree(user_id, depth) as (
         select user_id, 0 from rm_users where user_id = $1
         union all
         select u.user_id, t.depth + 1 from rm_users u join tree t on u.parent_id = t.user_id where u.role <> 'user'
       ),
       shares as (
         select t.user_id, t.depth, (select h.share_bp from rm_partnership_shares h where h.user_id = t.user_id${upTo} order by h.position desc limit 1) as share_bp,
                (select h.at from rm_partnership_shares h where h.user_id = t.user_id${upTo} order by h.position desc limit 1) as set_at
           from tree t
       )
       select u.user_id, u.username, u.role, u.parent_id, p.username as parent_username, s.share_bp, s.set_at, s.depth
         from shares s join rm_users u on u.user_id = s.user_id left join rm_users p on p.user_id = u.parent_id
        where u.role <> 'user' ${at ? `and u.created_at <= $2::timestamptz` : ''}
        order by s.depth, u.username_lower`,
    args,
  );
  return rows;
}

/** An account's parent and its share in force at `at` (now when null); null for an unknown id. */
export async function shareOf(
  sql: SqlClient,
  userId: string,
  at: string | null,
): Promise<{ parent_id: string | null; share_bp: number | null } | null> {
  const args: unknown[] = [userId];
  const upTo = upToSql(args, at);
  const { rows } = await sql.query<{ share_bp: number | null; parent_id: string | null }>(
    `select u.parent_id, (select h.share_bp from rm_partnership_shares h where h.user_id = u.user_id${upTo} order by h.position desc limit 1) as share_bp from rm_users u where u.user_id = $1`,
    args,
  );
  return rows[0] ?? null;
}

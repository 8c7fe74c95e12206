import { ROLE_NAME, type RoleSlug, type SqlClient } from '@exch/contracts';
import { downlineRow } from './downline.js';

export interface ViewedAccount {
  user_id: string;
  username: string;
  role: RoleSlug;
  parent_id: string | null;
}

/** The account a report is about: the caller, or (drill down) one of its downline by id or username; another branch's is 404. */
export async function viewedAccount(
  sql: SqlClient,
  actorId: string,
  parent: string | undefined,
): Promise<ViewedAccount> {
  if (parent) {
    const { rows } = await sql.query<{ user_id: string }>(
      `select user_id from rm_users where user_id = $1 or username_lower = lower($1)`,
      [parent],
    );
    if (rows[0]?.user_id !== actorId) return downlineRow(sql, actorId, parent);
  }
  const { rows } = await sql.query<ViewedAccount>(
    `select user_id, username, role, parent_id from rm_users where user_id = $1`,
    [actorId],
  );
  return rows[0]!;
}

export const roleOf = (role: RoleSlug) => ({ slug: role, name: ROLE_NAME[role] });

/** Basis points to percent. */
export const bpToPercent = (bp: number): number => bp / 100;

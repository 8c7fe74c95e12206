import { ROLE_NAME, type RoleSlug, type SqlClient } from '@exch/contracts';
import { accountRef, userIdOf, type AccountRef } from '@exch/projector/read';
import { downlineRow } from './downline.js';

export type ViewedAccount = AccountRef;

/** The account a report is about: the caller, or (drill down) one of its downline by id or username; another branch's is 404. */
export async function viewedAccount(
  sql: SqlClient,
  actorId: string,
  parent: string | undefined,
): Promise<ViewedAccount> {
  if (parent) {
    if ((await userIdOf(sql, parent)) !== actorId) return downlineRow(sql, actorId, parent);
  }
  return (await accountRef(sql, actorId))!;
}

export const roleOf = (role: RoleSlug) => ({ slug: role, name: ROLE_NAME[role] });

/** Basis points to percent. */
export const bpToPercent = (bp: number): number => bp / 100;

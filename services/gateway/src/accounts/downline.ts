import { paiseToRupees, ROLE_NAME, type ClientRow, type SqlClient } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { chainUp, clientCount, clientOf, clientPage, ownClient, type ClientDbRow } from '@exch/projector/read';

export function toClientRow(r: ClientDbRow): ClientRow {
  const balance = Number(r.balance);
  const exposure = Number(r.exposure);
  return {
    _id: r.user_id,
    username: r.username,
    fullName: r.full_name,
    role: { slug: r.role, name: ROLE_NAME[r.role] },
    parentId: r.parent_id,
    creditReference: paiseToRupees(Number(r.credit_reference)),
    exposureLimit: paiseToRupees(Number(r.exposure_limit)),
    balance: paiseToRupees(balance),
    exposure: paiseToRupees(exposure),
    availableBalance: paiseToRupees(balance - exposure),
    clientPnl: paiseToRupees(balance - Number(r.credit_reference)),
    accountLocked: r.account_locked,
    betLocked: r.bet_locked,
    downlineCount: Number(r.downline_count),
    createdAt: new Date(r.created_at).toISOString(),
    share: r.share_bp === null ? null : r.share_bp / 100,
  };
}

/** Is `userId` strictly below `ancestorId`? */
export async function inDownline(sql: SqlClient, ancestorId: string, userId: string): Promise<boolean> {
  return (await chainUp(sql, userId)).slice(1).some((r) => r.user_id === ancestorId);
}

/**
 * A downline account of the actor by id or username, or 404: an account in another branch is
 * indistinguishable from no account, so nothing leaks.
 */
export async function downlineRow(sql: SqlClient, actorId: string, idOrUsername: string): Promise<ClientDbRow> {
  const row = await clientOf(sql, idOrUsername);
  if (!row || !(await inDownline(sql, actorId, row.user_id)))
    throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
  return row;
}

/** The actor's own account or one of its downline (a client list of one's own name opens one's own row). */
export async function selfOrDownlineClient(sql: SqlClient, actorId: string, idOrUsername: string): Promise<ClientRow> {
  const own = await ownClient(sql, actorId, idOrUsername);
  return own ? toClientRow(own) : downlineClient(sql, actorId, idOrUsername);
}

export const downlineClient = async (sql: SqlClient, actorId: string, idOrUsername: string): Promise<ClientRow> =>
  toClientRow(await downlineRow(sql, actorId, idOrUsername));

export interface DownlinePage {
  parentId: string;
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/**
 * Direct children of a parent, sorted and paged in SQL; with a search, every account below the
 * parent at any depth whose username or name matches (a user name typed in a filter is rarely a direct child).
 */
export async function listChildren(sql: SqlClient, q: DownlinePage): Promise<{ rows: ClientRow[]; total: number }> {
  const f = { parentId: q.parentId, search: q.search };
  const total = await clientCount(sql, f);
  const rows = await clientPage(
    sql,
    f,
    { by: q.sort, order: q.order },
    { offset: (q.page - 1) * q.limit, limit: q.limit },
  );
  return { rows: rows.map(toClientRow), total };
}

/** The trail from the actor down to `userId` (for list-clients/{username} drill-down). */
export async function breadcrumb(
  sql: SqlClient,
  actorId: string,
  userId: string,
): Promise<{ _id: string; username: string }[]> {
  const chain = await chainUp(sql, userId);
  const top = chain.findIndex((r) => r.user_id === actorId);
  return chain
    .slice(0, top + 1)
    .reverse()
    .map((r) => ({ _id: r.user_id, username: r.username }));
}

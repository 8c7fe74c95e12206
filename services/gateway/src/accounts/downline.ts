import {
  paiseToRupees,
  ROLE_NAME,
  walletAccount,
  type ClientRow,
  type CommittedEvent,
  type SqlClient,
} from '@exch/contracts';
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

/**
 * An account as the client list will show it once the users read model folds these committed
 * events: created by them, or the row read before the command with their changes applied. Route
 * answers come from here, never from reading back what was just written.
 */
export function clientAfter(before: ClientDbRow | null, events: readonly CommittedEvent[]): ClientDbRow | null {
  let row = before ? { ...before } : null;
  for (const e of events) {
    if (e.type === 'UserCreated') {
      const d = e.data;
      row = {
        user_id: d.userId,
        username: d.username,
        full_name: d.fullName,
        role: d.role,
        parent_id: d.parentId,
        credit_reference: String(d.creditReference),
        exposure_limit: String(d.exposureLimit),
        balance: '0',
        exposure: '0',
        account_locked: false,
        bet_locked: false,
        downline_count: '0',
        created_at: e.at,
        share_bp: d.role === 'user' ? null : 0,
      };
      continue;
    }
    if (!row) continue;
    const wallet = walletAccount(row.user_id);
    if (e.type === 'ChipsTransferred')
      row.balance = String(
        Number(row.balance) + e.data.postings.filter((p) => p.account === wallet).reduce((sum, p) => sum + p.amount, 0),
      );
    else if ((e.data as { userId?: string }).userId !== row.user_id) continue;
    else if (e.type === 'UserDetailsUpdated') row.full_name = e.data.fullName;
    else if (e.type === 'CreditReferenceSet') row.credit_reference = String(e.data.creditReference);
    else if (e.type === 'ExposureLimitSet') row.exposure_limit = String(e.data.exposureLimit);
    else if (e.type === 'AccountLockSet') row.account_locked = e.data.locked;
    else if (e.type === 'BetLockSet') row.bet_locked = e.data.locked;
    else if (e.type === 'PartnershipSet') row.share_bp = e.data.shareBp;
  }
  return row;
}

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

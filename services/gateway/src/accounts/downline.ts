import { paiseToRupees, ROLE_NAME, type ClientRow, type SqlClient } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { downlineCte, type ClientRow as ClientDbRow } from '@exch/projector/read';
import { CURRENT_SHARE_SQL } from './share-sql.js';

const CLIENT_COLUMNS = `u.user_id, u.username, u.full_name, u.role, u.parent_id, u.credit_reference, u.exposure_limit, u.balance, u.exposure,
  u.account_locked, u.bet_locked, u.created_at, (select count(*) from rm_users c where c.parent_id = u.user_id) as downline_count, ${CURRENT_SHARE_SQL} as share_bp`;

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

/** The chain from `userId` up to the top, nearest first (the user itself included). */
async function chainUp(
  sql: SqlClient,
  userId: string,
): Promise<{ user_id: string; username: string; parent_id: string | null }[]> {
  const { rows } = await sql.query<{ user_id: string; username: string; parent_id: string | null; depth: number }>(
    `with recursive chain as (
       select user_id, username, parent_id, 0 as depth from rm_users where user_id = $1
       union all
       select u.user_id, u.username, u.parent_id, c.depth + 1 from rm_users u join chain c on u.user_id = c.parent_id
     ) select user_id, username, parent_id, depth from chain order by depth`,
    [userId],
  );
  return rows;
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
  const { rows } = await sql.query<ClientDbRow>(
    `select ${CLIENT_COLUMNS} from rm_users u where u.user_id = $1 or u.username_lower = lower($1)`,
    [idOrUsername],
  );
  const row = rows[0];
  if (!row || !(await inDownline(sql, actorId, row.user_id)))
    throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
  return row;
}

/** The actor's own account or one of its downline (a client list of one's own name opens one's own row). */
export async function selfOrDownlineClient(sql: SqlClient, actorId: string, idOrUsername: string): Promise<ClientRow> {
  const { rows } = await sql.query<ClientDbRow>(
    `select ${CLIENT_COLUMNS} from rm_users u where u.user_id = $1 and (u.user_id = $2 or u.username_lower = lower($2))`,
    [actorId, idOrUsername],
  );
  return rows[0] ? toClientRow(rows[0]) : downlineClient(sql, actorId, idOrUsername);
}

export const downlineClient = async (sql: SqlClient, actorId: string, idOrUsername: string): Promise<ClientRow> =>
  toClientRow(await downlineRow(sql, actorId, idOrUsername));

const SORT_COLUMNS: Record<string, string> = {
  username: 'u.username_lower',
  balance: 'u.balance',
  creditReference: 'u.credit_reference',
  exposure: 'u.exposure',
  createdAt: 'u.created_at',
  role: 'u.role',
};

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
  const params: unknown[] = [q.parentId];
  let where = 'u.parent_id = $1';
  let cte = '';
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    cte = downlineCte(1);
    where = `u.user_id in (select user_id from downline) and (u.username ilike $2 or u.full_name ilike $2)`;
  }
  const { rows: count } = await sql.query<{ n: string }>(
    `${cte} select count(*) as n from rm_users u where ${where}`,
    params,
  );
  const order = `${SORT_COLUMNS[q.sort] ?? 'u.username_lower'} ${q.order === 'desc' ? 'desc' : 'asc'}, u.username_lower`;
  const { rows } = await sql.query<ClientDbRow>(
    `${cte} select ${CLIENT_COLUMNS} from rm_users u where ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    params,
  );
  return { rows: rows.map(toClientRow), total: Number(count[0]!.n) };
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

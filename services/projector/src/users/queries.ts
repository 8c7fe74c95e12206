import type { SqlClient } from '@exch/contracts';
import { CURRENT_SHARE_SQL } from '../partnership/share-sql.js';
import { tableExists } from '../table-exists.js';
import { containsPattern } from '../like.js';
import { downlineCte } from './downline.js';
import {
  USERS_TABLE,
  type AccountRef,
  type BalanceRow,
  type ClientDbRow,
  type CreditRow,
  type DirectoryUserRow,
  type PnlChildRow,
  type UserRow,
} from './rows.js';

// The users projection's reads: the queries the gateway, the server and the scripts make on
// rm_users (DDL in ./projection.ts); a query joining other projections' tables lives here when
// rm_users is its main table (docs/architecture.md, "The typed read side").

/** The account row with its held chips (the ledger's hold account, not a users column: payments/ owns holds). */
const USER_ROW = `select u.*, coalesce(h.balance, 0) as held from rm_users u left join rm_ledger_balances h on h.account = 'hold:' || u.user_id`;

export async function userByUsername(sql: SqlClient, username: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`${USER_ROW} where u.username_lower = lower($1)`, [username]);
  return rows[0] ?? null;
}

export async function userById(sql: SqlClient, userId: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`${USER_ROW} where u.user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/** The balances of some accounts, with their held chips. */
export async function balancesOf(sql: SqlClient, userIds: string[]): Promise<BalanceRow[]> {
  const { rows } = await sql.query<BalanceRow>(
    `select u.user_id, u.balance, u.exposure, coalesce(h.balance, 0) as held
         from rm_users u left join rm_ledger_balances h on h.account = 'hold:' || u.user_id where u.user_id = any($1::text[])`,
    [userIds],
  );
  return rows;
}

/** An account's id by its id or username (case-insensitive); null when none. */
export async function userIdOf(sql: SqlClient, idOrUsername: string): Promise<string | null> {
  const { rows } = await sql.query<{ user_id: string }>(
    `select user_id from rm_users where user_id = $1 or username_lower = lower($1)`,
    [idOrUsername],
  );
  return rows[0]?.user_id ?? null;
}

export async function accountRef(sql: SqlClient, userId: string): Promise<AccountRef | null> {
  const { rows } = await sql.query<AccountRef>(
    `select user_id, username, role, parent_id from rm_users where user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** An account by its id or username (case-insensitive); null when none. */
export async function accountRefOf(sql: SqlClient, idOrUsername: string): Promise<AccountRef | null> {
  const { rows } = await sql.query<AccountRef>(
    `select user_id, username, role, parent_id from rm_users where user_id = $1 or username_lower = lower($1)`,
    [idOrUsername],
  );
  return rows[0] ?? null;
}

export async function usernameOf(sql: SqlClient, userId: string): Promise<string | null> {
  const { rows } = await sql.query<{ username: string }>(`select username from rm_users where user_id = $1`, [userId]);
  return rows[0]?.username ?? null;
}

/** A created account as the gateway's directory keeps it; null for none (or a bare row the ledger made first). */
export async function directoryUser(sql: SqlClient, userId: string): Promise<DirectoryUserRow | null> {
  const { rows } = await sql.query<DirectoryUserRow>(
    `select user_id, username, role, parent_id, must_change_password, account_locked, bet_locked, permissions from rm_users where user_id = $1 and username is not null`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function transactionPasswordHash(sql: SqlClient, userId: string): Promise<string | null> {
  const { rows } = await sql.query<{ transaction_password_hash: string | null }>(
    `select transaction_password_hash from rm_users where user_id = $1`,
    [userId],
  );
  return rows[0]?.transaction_password_hash ?? null;
}

/** What the account may stake: its balance less its exposure; null for an unknown id. */
export async function availableBalance(sql: SqlClient, userId: string): Promise<string | null> {
  const { rows } = await sql.query<{ available: string }>(
    `select balance - exposure as available from rm_users where user_id = $1`,
    [userId],
  );
  return rows[0]?.available ?? null;
}

/** The ids of an account's direct children. */
export async function childIds(sql: SqlClient, parentId: string): Promise<string[]> {
  const { rows } = await sql.query<{ user_id: string }>(
    `select user_id from rm_users where parent_id = $1 order by user_id`,
    [parentId],
  );
  return rows.map((r) => r.user_id);
}

/** The chain from `userId` up to the top, nearest first (the user itself included). */
export async function chainUp(
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

/** The back-office logins (and players) below the actor at any depth whose role is one of `roles`, by username. */
export async function downlineOfRoles(
  sql: SqlClient,
  actorId: string,
  roles: string[],
): Promise<{ user_id: string; username: string; role: string; permissions: string[] | null }[]> {
  const { rows } = await sql.query<{ user_id: string; username: string; role: string; permissions: string[] | null }>(
    `with recursive down as (
         select user_id, username, role, permissions from rm_users where parent_id = $1
         union all
         select u.user_id, u.username, u.role, u.permissions from rm_users u join down d on u.parent_id = d.user_id
       ) select * from down where role = any($2::text[]) order by username`,
    [actorId, roles],
  );
  return rows;
}

/** Every upline of each bettor (the back-office users allowed to see its bets), as pairs. */
export async function uplinesOf(sql: SqlClient, bettors: string[]): Promise<{ bettor: string; upline: string }[]> {
  const { rows } = await sql.query<{ bettor: string; upline: string }>(
    `with recursive chain(bettor, upline) as (
       select user_id, parent_id from rm_users where user_id = any($1::text[]) and parent_id is not null
       union all
       select c.bettor, u.parent_id from chain c join rm_users u on u.user_id = c.upline where u.parent_id is not null
     ) select bettor, upline from chain`,
    [bettors],
  );
  return rows;
}

/**
 * The players of the actor's downline, by username, each with whether it is locked out of betting
 * on a target: a match, one kind of its markets, or one market ('' for none).
 */
export async function downlinePlayerLocks(
  sql: SqlClient,
  actorId: string,
  t: { matchId: string; kind: string; marketId: string },
): Promise<{ user_id: string; username: string; role: string; is_locked: boolean }[]> {
  const { rows } = await sql.query<{ user_id: string; username: string; role: string; is_locked: boolean }>(
    `${downlineCte(1)}
       select u.user_id, u.username, u.role, coalesce(l.locked, false) as is_locked
         from rm_users u
         left join rm_market_locks l on l.user_id = u.user_id and l.match_id = $2 and l.market_kind = $3 and l.market_id = $4
        where u.user_id in (select user_id from downline) and u.role = 'user'
        order by u.username_lower`,
    [actorId, t.matchId, t.kind, t.marketId],
  );
  return rows;
}

/** The credit-reference report's accounts: every account below the actor, those whose username contains `search` when given. */
function creditWhere(actorId: string, search: string | undefined): { where: string; params: unknown[] } {
  const params: unknown[] = [actorId];
  const where = `u.user_id in (select user_id from downline)${search ? ` and u.username_lower like $${params.push(containsPattern(search))}` : ''}`;
  return { where, params };
}

export async function creditCount(sql: SqlClient, actorId: string, search: string | undefined): Promise<number> {
  const { where, params } = creditWhere(actorId, search);
  const { rows } = await sql.query<{ n: string }>(
    `${downlineCte(1)} select count(*) as n from rm_users u where ${where}`,
    params,
  );
  return Number(rows[0]!.n);
}

/** A page of the credit-reference report's accounts, by username, with their parent's username. */
export async function creditPage(
  sql: SqlClient,
  actorId: string,
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<CreditRow[]> {
  const { where, params } = creditWhere(actorId, search);
  const { rows } = await sql.query<CreditRow>(
    `${downlineCte(1)} select u.user_id, u.username, u.role, p.username as parent_username, u.credit_reference, u.balance
       from rm_users u left join rm_users p on p.user_id = u.parent_id where ${where} order by u.username_lower limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return rows;
}

/** Each wallet below `parentId` with the direct child whose branch it is in. */
export async function branchWallets(sql: SqlClient, parentId: string): Promise<{ account: string; root: string }[]> {
  const { rows } = await sql.query<{ account: string; root: string }>(
    `with recursive branch(root, user_id) as (
       select user_id, user_id from rm_users where parent_id = $1
       union all
       select b.root, u.user_id from rm_users u join branch b on u.parent_id = b.user_id
     )
     select 'wallet:' || user_id as account, root from branch`,
    [parentId],
  );
  return rows;
}

const CLIENT_COLUMNS = `u.user_id, u.username, u.full_name, u.role, u.parent_id, u.credit_reference, u.exposure_limit, u.balance, u.exposure,
  u.account_locked, u.bet_locked, u.created_at, (select count(*) from rm_users c where c.parent_id = u.user_id) as downline_count, ${CURRENT_SHARE_SQL} as share_bp`;

/** An account as the client list shows it, by its id or username; null when none. */
export async function clientOf(sql: SqlClient, idOrUsername: string): Promise<ClientDbRow | null> {
  const { rows } = await sql.query<ClientDbRow>(
    `select ${CLIENT_COLUMNS} from rm_users u where u.user_id = $1 or u.username_lower = lower($1)`,
    [idOrUsername],
  );
  return rows[0] ?? null;
}

/** The actor's own account as the client list shows it, when `idOrUsername` names it; else null. */
export async function ownClient(sql: SqlClient, actorId: string, idOrUsername: string): Promise<ClientDbRow | null> {
  const { rows } = await sql.query<ClientDbRow>(
    `select ${CLIENT_COLUMNS} from rm_users u where u.user_id = $1 and (u.user_id = $2 or u.username_lower = lower($2))`,
    [actorId, idOrUsername],
  );
  return rows[0] ?? null;
}

/** The client list's sort keys and their columns. */
const CLIENT_SORT: Record<string, string> = {
  username: 'u.username_lower',
  balance: 'u.balance',
  creditReference: 'u.credit_reference',
  exposure: 'u.exposure',
  createdAt: 'u.created_at',
  role: 'u.role',
};

/**
 * Which accounts: the direct children of `parentId`; with `search`, every account below it at any
 * depth whose username or name contains it (a user name typed in a filter is rarely a direct child).
 */
export interface ClientFilter {
  parentId: string;
  search?: string | undefined;
}

function clientWhere(f: ClientFilter): { cte: string; where: string; params: unknown[] } {
  const params: unknown[] = [f.parentId];
  if (!f.search) return { cte: '', where: 'u.parent_id = $1', params };
  params.push(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return {
    cte: downlineCte(1),
    where: `u.user_id in (select user_id from downline) and (u.username ilike $2 or u.full_name ilike $2)`,
    params,
  };
}

export async function clientCount(sql: SqlClient, f: ClientFilter): Promise<number> {
  const { cte, where, params } = clientWhere(f);
  const { rows } = await sql.query<{ n: string }>(`${cte} select count(*) as n from rm_users u where ${where}`, params);
  return Number(rows[0]!.n);
}

/** A page of the accounts, sorted by `sort` (then username; by username when unknown). */
export async function clientPage(
  sql: SqlClient,
  f: ClientFilter,
  sort: { by: string; order: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<ClientDbRow[]> {
  const { cte, where, params } = clientWhere(f);
  const order = `${CLIENT_SORT[sort.by] ?? 'u.username_lower'} ${sort.order === 'desc' ? 'desc' : 'asc'}, u.username_lower`;
  const { rows } = await sql.query<ClientDbRow>(
    `${cte} select ${CLIENT_COLUMNS} from rm_users u where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return rows;
}

/**
 * The direct children of `parentId` as the profit-loss report lists them, by username: back-office
 * accounts only when `playersToo` is false, those whose username contains `search` when given.
 */
export async function pnlChildren(
  sql: SqlClient,
  parentId: string,
  f: { playersToo: boolean; search?: string | undefined },
): Promise<PnlChildRow[]> {
  const params: unknown[] = [parentId];
  let where = 'u.parent_id = $1';
  if (!f.playersToo) where += ` and u.role <> 'user'`;
  if (f.search) where += ` and u.username_lower like $${params.push(containsPattern(f.search))}`;
  const { rows } = await sql.query<PnlChildRow>(
    `select u.user_id, u.username, u.role, (select count(*) from rm_users c where c.parent_id = u.user_id) as downline_count, ${CURRENT_SHARE_SQL} as share_bp
       from rm_users u where ${where} order by u.username_lower`,
    params,
  );
  return rows;
}

/** An account's parent's username and its own share now (null for a player); null for an unknown id. */
export async function parentAndShare(
  sql: SqlClient,
  userId: string,
): Promise<{ username: string | null; share_bp: number | null } | null> {
  const { rows } = await sql.query<{ username: string | null; share_bp: number | null }>(
    `select p.username, ${CURRENT_SHARE_SQL} as share_bp
         from rm_users u left join rm_users p on p.user_id = u.parent_id where u.user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Whether the account is the top of the tree (no parent); false for an unknown id. */
export async function isTopAccount(sql: SqlClient, userId: string): Promise<boolean> {
  const { rows } = await sql.query<{ top: boolean }>(
    'select parent_id is null as top from rm_users where user_id = $1',
    [userId],
  );
  return rows[0]?.top === true;
}

/** Every account's wallet balance as text; null when the table is not there. */
export async function userBalances(sql: SqlClient): Promise<{ user_id: string; balance: string }[] | null> {
  if (!(await tableExists(sql, USERS_TABLE))) return null;
  const { rows } = await sql.query<{ user_id: string; balance: string }>(
    `select user_id, balance::text as balance from rm_users`,
  );
  return rows;
}

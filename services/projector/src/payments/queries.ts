import type { PaymentStatus, PaymentType, SqlClient } from '@exch/contracts';
import { cappedCount, type Count } from '../paging.js';
import type { ApprovalLimitsRow, PaymentMethodRow, PendingCountRow, RequestRow, SavedAccountRow } from './rows.js';

// The payments' reads: every query the gateway makes on rm_payment_requests, rm_payment_accounts,
// rm_payment_methods and rm_payment_limits. The usernames are joined from rm_users.

/** The columns of RequestRow, from rm_payment_requests `p` with the usernames joined in. */
const REQUEST_SELECT = `select p.request_id, p.user_id, u.username, p.type, p.method, p.amount, p.utr, p.screenshot_id, pu.username as payee, p.account,
    p.remark, p.upline_ids, p.status, p.decision_remark, du.username as decided_by, wu.username as wallet, p.requested_at, p.decided_at,
    eu.username as endorsed_by, p.endorsed_wallet_user_id, p.endorse_remark, p.endorsed_at
  from rm_payment_requests p
  left join rm_users u on u.user_id = p.user_id
  left join rm_users pu on pu.user_id = p.payee_id
  left join rm_users du on du.user_id = p.decided_by
  left join rm_users wu on wu.user_id = p.wallet_user_id
  left join rm_users eu on eu.user_id = p.endorsed_by`;

/** A page of a list: rows to skip and to read. */
export interface OffsetPage {
  offset: number;
  limit: number;
}

export async function requestById(sql: SqlClient, requestId: string): Promise<RequestRow | null> {
  const { rows } = await sql.query<RequestRow>(`${REQUEST_SELECT} where p.request_id = $1`, [requestId]);
  return rows[0] ?? null;
}

/** A user's requests of one type, newest first, by requesting day and status: one page and the count of all. */
export async function userRequests(
  sql: SqlClient,
  userId: string,
  type: PaymentType,
  q: { from?: string; to?: string; status?: PaymentStatus },
  page: OffsetPage,
): Promise<{ rows: RequestRow[]; total: number }> {
  const args: unknown[] = [userId, type];
  let where = 'p.user_id = $1 and p.type = $2';
  if (q.from) where += ` and p.requested_at >= $${args.push(q.from)}::date`;
  if (q.to) where += ` and p.requested_at < ($${args.push(q.to)}::date + 1)`;
  if (q.status) where += ` and p.status = $${args.push(q.status)}`;
  const { rows: count } = await sql.query<{ n: string }>(
    `select count(*) as n from rm_payment_requests p where ${where}`,
    args,
  );
  const { rows } = await sql.query<RequestRow>(
    `${REQUEST_SELECT} where ${where} order by p.position desc limit ${page.limit} offset ${page.offset}`,
    args,
  );
  return { rows, total: Number(count[0]!.n) };
}

/**
 * The requests of one type an upline's downline made, pending first then newest, by status ('all'
 * for any), requesting day and a username's part: one page and the count of all, capped.
 */
export async function downlineRequests(
  sql: SqlClient,
  actorId: string,
  q: { type: PaymentType; status: PaymentStatus | 'all'; from?: string; to?: string; user?: string },
  page: OffsetPage,
): Promise<{ rows: RequestRow[]; total: Count }> {
  const args: unknown[] = [JSON.stringify([actorId]), q.type];
  let where = 'p.upline_ids @> $1::jsonb and p.type = $2';
  if (q.status !== 'all') where += ` and p.status = $${args.push(q.status)}`;
  if (q.from) where += ` and p.requested_at >= $${args.push(q.from)}::date`;
  if (q.to) where += ` and p.requested_at < ($${args.push(q.to)}::date + 1)`;
  if (q.user)
    where += ` and u.username_lower like $${args.push(`%${q.user.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
  // Every request the downline ever made, without dates or a status: capped.
  const total = await cappedCount(
    sql,
    `from rm_payment_requests p left join rm_users u on u.user_id = p.user_id where ${where}`,
    args,
  );
  const { rows } = await sql.query<RequestRow>(
    `${REQUEST_SELECT} where ${where} order by p.status = 'pending' desc, p.position desc limit ${page.limit} offset ${page.offset}`,
    args,
  );
  return { rows, total };
}

/** Pending requests of each upline's downline, by type. */
export async function pendingRequestCounts(sql: SqlClient, uplineIds: string[]): Promise<PendingCountRow[]> {
  const { rows } = await sql.query<PendingCountRow>(
    `select u.upline, count(p.request_id) filter (where p.type = 'deposit') as deposit, count(p.request_id) filter (where p.type = 'withdraw') as withdraw
       from unnest($1::text[]) as u(upline)
       left join rm_payment_requests p on p.status = 'pending' and p.upline_ids @> jsonb_build_array(u.upline)
      group by u.upline`,
    [uplineIds],
  );
  return rows;
}

/** Every upline of some players' requests: whose pending counts their requests change. */
export async function requestUplines(sql: SqlClient, userIds: string[]): Promise<string[]> {
  const { rows } = await sql.query<{ upline: string }>(
    `select distinct jsonb_array_elements_text(upline_ids) as upline from rm_payment_requests where user_id = any($1::text[])`,
    [userIds],
  );
  return rows.map((r) => r.upline);
}

/** Whether a request not rejected already names this UTR (normalized). */
export async function utrTaken(sql: SqlClient, utr: string): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from rm_payment_requests where utr = $1 and status <> 'rejected' limit 1`,
    [utr],
  );
  return rows.length > 0;
}

/** A player's saved payout accounts, oldest first. */
export async function savedAccounts(sql: SqlClient, userId: string): Promise<SavedAccountRow[]> {
  const { rows } = await sql.query<SavedAccountRow>(
    `select * from rm_payment_accounts where user_id = $1 order by added_at, account_id`,
    [userId],
  );
  return rows;
}

/** The kind of a player's saved account, null when the player has none by that id. */
export async function savedAccountKind(
  sql: SqlClient,
  accountId: string,
  userId: string,
): Promise<SavedAccountRow['kind'] | null> {
  const { rows } = await sql.query<{ kind: SavedAccountRow['kind'] }>(
    `select kind from rm_payment_accounts where account_id = $1 and user_id = $2`,
    [accountId, userId],
  );
  return rows[0]?.kind ?? null;
}

/** An account's own payment method, null when it set none. */
export async function paymentMethodOf(sql: SqlClient, userId: string): Promise<PaymentMethodRow | null> {
  const { rows } = await sql.query<PaymentMethodRow>(
    `select upi_id, upi_name, account_holder_name, account_number, ifsc_code from rm_payment_methods where user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The payment method of a player's nearest upline that has one, with its username; null when none has. */
export async function nearestPaymentMethod(
  sql: SqlClient,
  userId: string,
): Promise<(PaymentMethodRow & { username: string }) | null> {
  const { rows } = await sql.query<PaymentMethodRow & { username: string }>(
    `with recursive chain as (
         select parent_id as id, 1 as depth from rm_users where user_id = $1
         union all
         select u.parent_id, c.depth + 1 from rm_users u join chain c on u.user_id = c.id where u.parent_id is not null
       )
       select u.username, m.upi_id, m.upi_name, m.account_holder_name, m.account_number, m.ifsc_code
         from chain c join rm_payment_methods m on m.user_id = c.id join rm_users u on u.user_id = c.id
        order by c.depth limit 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The top of an account's chain (the second approval level's owner) and its limits. */
export async function topApprovalLimits(sql: SqlClient, userId: string): Promise<ApprovalLimitsRow> {
  const { rows } = await sql.query<ApprovalLimitsRow>(
    `with recursive chain as (
       select user_id, parent_id from rm_users where user_id = $1
       union all
       select u.user_id, u.parent_id from rm_users u join chain c on u.user_id = c.parent_id
     )
     select t.user_id, t.username, l.deposit_above, l.withdrawal_above
       from chain c join rm_users t on t.user_id = c.user_id left join rm_payment_limits l on l.user_id = c.user_id
      where c.parent_id is null`,
    [userId],
  );
  return rows[0]!;
}

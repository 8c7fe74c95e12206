import {
  HistoryQuery,
  PAYMENT_STATUSES,
  type Paged,
  type PaymentStatus,
  type PaymentType,
  type TransactionHistoryRow,
} from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { subjectOf } from '../accounts/subject.js';
import { paginated } from '../http/paging.js';
import { params } from '../http/route.js';
import { REQUEST_SELECT, toHistoryRow, type RequestRow } from './read.js';

const isStatus = (s: string | undefined): s is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(s ?? '');

/** A user's requests of one type, newest first, filtered: one page (offset, limit) and the count of all. The JSON route and its CSV read it. */
export async function historyRows(
  sql: AccountDeps['sql'],
  userId: string,
  type: PaymentType,
  q: { from?: string; to?: string; reportType?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const args: unknown[] = [userId, type];
  let where = 'p.user_id = $1 and p.type = $2';
  if (q.from) where += ` and p.requested_at >= $${args.push(q.from)}::date`;
  if (q.to) where += ` and p.requested_at < ($${args.push(q.to)}::date + 1)`;
  if (isStatus(q.reportType)) where += ` and p.status = $${args.push(q.reportType)}`;
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

export const HISTORY_PATHS: [string, PaymentType][] = [
  ['deposit-history', 'deposit'],
  ['withdrawal-history', 'withdraw'],
];

/**
 * SPEC.md section 7's deposit-history and withdrawal-history: a player's own requests (an upline may
 * read its downline's with the payment-requests privilege), newest first, 15 a page.
 */
export function historyRoutes({ sql, route }: AccountDeps): void {
  for (const [path, type] of HISTORY_PATHS) {
    route(
      {
        method: 'GET',
        url: `/api/transactions/${path}/:userId`,
        access: 'any',
        tag: 'Payments',
        params: params('userId'),
        query: HistoryQuery,
        answer: 'PaymentHistoryPage',
        summary: `A user's ${type} requests, newest first (own, or a downline's with the payment-requests privilege); from/to days, reportType a status to narrow`,
      },
      async (req, { params: p, query: q }): Promise<Paged<TransactionHistoryRow>> => {
        const userId = await subjectOf(sql, req, p.userId, 'payment-requests');
        const { rows, total } = await historyRows(sql, userId, type, q, {
          offset: (q.page - 1) * q.limit,
          limit: q.limit,
        });
        return paginated(rows.map(toHistoryRow), q.page, q.limit, total);
      },
    );
  }
}

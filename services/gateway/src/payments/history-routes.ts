import { HistoryQuery, PAYMENT_STATUSES, type Paged, type PaymentStatus, type PaymentType, type TransactionHistoryRow } from '@exch/contracts';
import type { AccountDeps } from '../accounts/deps.js';
import { subjectOf } from '../accounts/subject.js';
import { paginated, pageSql } from '../http/paging.js';
import { params } from '../http/route.js';
import { REQUEST_SELECT, toHistoryRow, type RequestRow } from './read.js';

const isStatus = (s: string | undefined): s is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(s ?? '');

/**
 * SPEC.md section 7's deposit-history and withdrawal-history: a player's own requests (an upline may
 * read its downline's with the payment-requests privilege), newest first, 15 a page.
 */
export function historyRoutes({ sql, route }: AccountDeps): void {
  for (const [path, type] of [['deposit-history', 'deposit'], ['withdrawal-history', 'withdraw']] as [string, PaymentType][]) {
    route({
      method: 'GET', url: `/api/transactions/${path}/:userId`, access: 'any', tag: 'Payments', params: params('userId'), query: HistoryQuery, answer: 'PaymentHistoryPage',
      summary: `A user's ${type} requests, newest first (own, or a downline's with the payment-requests privilege); from/to days, reportType a status to narrow`,
    }, async (req, { params: p, query: q }): Promise<Paged<TransactionHistoryRow>> => {
      const userId = await subjectOf(sql, req, p.userId, 'payment-requests');
      const args: unknown[] = [userId, type];
      let where = 'p.user_id = $1 and p.type = $2';
      if (q.from) where += ` and p.requested_at >= $${args.push(q.from)}::date`;
      if (q.to) where += ` and p.requested_at < ($${args.push(q.to)}::date + 1)`;
      if (isStatus(q.reportType)) where += ` and p.status = $${args.push(q.reportType)}`;
      const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_payment_requests p where ${where}`, args);
      const { rows } = await sql.query<RequestRow>(`${REQUEST_SELECT} where ${where} order by p.position desc ${pageSql(q.page, q.limit)}`, args);
      return paginated(rows.map(toHistoryRow), q.page, q.limit, Number(count[0]!.n));
    });
  }
}

import {
  HistoryQuery,
  PAYMENT_STATUSES,
  type Paged,
  type PaymentStatus,
  type PaymentType,
  type TransactionHistoryRow,
} from '@exch/contracts';
import { userRequests } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { subjectOf } from '../accounts/subject.js';
import { paginated } from '../http/paging.js';
import { params } from '../http/route.js';
import { toHistoryRow } from './read.js';

const isStatus = (s: string | undefined): s is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(s ?? '');

/** A history's query as the requests' filter: its days, and reportType when it names a status. The JSON route and its CSV read it. */
export const historyFilter = (q: { from?: string; to?: string; reportType?: string }) => ({
  from: q.from,
  to: q.to,
  status: isStatus(q.reportType) ? q.reportType : undefined,
});

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
        backOffice: 'payment-requests',
        tag: 'Payments',
        params: params('userId'),
        query: HistoryQuery,
        answer: 'PaymentHistoryPage',
        summary: `A user's ${type} requests, newest first (own, or a downline's with the payment-requests privilege); from/to days, reportType a status to narrow`,
      },
      async (req, { params: p, query: q }): Promise<Paged<TransactionHistoryRow>> => {
        const userId = await subjectOf(sql, req, p.userId);
        const { rows, total } = await userRequests(sql, userId, type, historyFilter(q), {
          offset: (q.page - 1) * q.limit,
          limit: q.limit,
        });
        return paginated(rows.map(toHistoryRow), q.page, q.limit, total);
      },
    );
  }
}

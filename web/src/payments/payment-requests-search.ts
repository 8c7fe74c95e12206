import { PAYMENT_STATUSES, type PaymentStatus } from '@exch/contracts';
import { readDay, readLimit, readOneOf, readPage, readSort, readText, searchValidator } from '../ui/list-search';

/**
 * The back office's deposit statement, withdraw statement and withdrawal requests in the URL
 * (defaults left out): ?status= (the page's own default when left out: all, or pending for the
 * requests), ?from=&to= (no bound when left out), ?user=, ?page=, ?limit=, ?sort= (the page on screen).
 */
export interface PaymentRequestsSearch {
  status?: PaymentStatus | 'all';
  from?: string;
  to?: string;
  user?: string;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const paymentRequestsSearch = searchValidator<PaymentRequestsSearch>({
  status: readOneOf(['all', ...PAYMENT_STATUSES] as const),
  from: readDay,
  to: readDay,
  user: readText,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

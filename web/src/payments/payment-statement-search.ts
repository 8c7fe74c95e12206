import { readDay, readPage, readSort, searchValidator } from '../ui/list-search';

/** /depositstatement's and /withdrawstatement's filters in the URL: ?from=&to=&page=&sort= (defaults left out). */
export interface PaymentStatementSearch {
  from?: string;
  to?: string;
  page?: number;
  sort?: string;
}

export const paymentStatementSearch = searchValidator<PaymentStatementSearch>({
  from: readDay,
  to: readDay,
  page: readPage,
  sort: readSort,
});

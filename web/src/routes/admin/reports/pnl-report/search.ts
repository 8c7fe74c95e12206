import {
  readDay,
  readLimit,
  readOneOf,
  readPage,
  readSort,
  readText,
  searchValidator,
} from '../../../../ui/list-search';

export type ReportType = 'ALL' | 'user';

/**
 * The profit loss report's view in the URL (defaults left out): ?type=user&parent=dealer1&q=play
 * &from=&to=&page=&limit=&sort=. Apart from the lazy page, for its route.
 */
export interface PnlReportSearch {
  type?: ReportType;
  /** Whose downline is listed; the caller's own without it. */
  parent?: string;
  /** The user name search. */
  q?: string;
  from?: string;
  to?: string;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const pnlReportSearch = searchValidator<PnlReportSearch>({
  type: readOneOf<ReportType>(['ALL', 'user']),
  parent: readText,
  q: readText,
  from: readDay,
  to: readDay,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

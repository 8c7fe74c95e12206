import { readDay, readLimit, readPage, readText, searchValidator } from '../../ui/list-search';

/**
 * /admin/casino-result-report's form in the URL once submitted (apart from the lazy page, for its
 * route): ?game=dt20 (nothing is fetched without one), its round id, its date (today when left out,
 * `date=all` for none), the page, its size and the search.
 */
export interface ResultReportSearch {
  game?: string;
  round?: string;
  date?: string;
  page?: number;
  limit?: 50 | 100;
  search?: string;
}

export const resultReportSearch = searchValidator<ResultReportSearch>({
  game: readText,
  round: readText,
  date: (v) => (v === 'all' ? 'all' : readDay(v)),
  page: readPage,
  limit: readLimit,
  search: readText,
});

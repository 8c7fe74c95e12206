import { readDay, readSort, searchValidator } from '../../../ui/list-search';

/** /admin/profitloss's filters in the URL: ?from=&to=&sort= (the last 7 days when left out). Apart from the lazy page, for its route. */
export interface DailyPnlSearch {
  from?: string;
  to?: string;
  sort?: string;
}

export const dailyPnlSearch = searchValidator<DailyPnlSearch>({ from: readDay, to: readDay, sort: readSort });

import { readDay, readLimit, readPage, readSort, searchValidator } from '../../ui/list-search';

/** The player's bet lists' filters in the URL: ?from=&to=&page=&limit=&sort= (defaults left out; dates only on dated lists). */
export interface BetListSearch {
  from?: string;
  to?: string;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const betListSearch = searchValidator<BetListSearch>({
  from: readDay,
  to: readDay,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

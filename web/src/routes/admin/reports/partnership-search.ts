import { readDay, readPage, readSort, readText, searchValidator } from '../../../ui/list-search';

/**
 * /admin/partnership-statement's view in the URL: ?from=&to= (the last 7 days when left out),
 * ?parent= (a child's own statement), ?page=, ?sort=. Apart from the lazy page, for its route.
 */
export interface PartnershipSearch {
  from?: string;
  to?: string;
  parent?: string;
  page?: number;
  sort?: string;
}

export const partnershipSearch = searchValidator<PartnershipSearch>({
  from: readDay,
  to: readDay,
  parent: readText,
  page: readPage,
  sort: readSort,
});

import type { DownlineSort } from '../../../api/account-calls';
import { readLimit, readOneOf, readPage, readText, searchValidator } from '../../../ui/list-search';

/** The columns the server sorts the downline by, "-" in front for highest first. */
const SORTS = ['username', 'creditReference', 'balance', 'exposure'] as const satisfies readonly DownlineSort[];
type ClientSort = (typeof SORTS)[number] | `-${(typeof SORTS)[number]}`;

/**
 * The client list's view in the URL (defaults left out): ?q= (the search), ?sort= (username A to Z
 * when left out), ?page=, ?limit=. Apart from the lazy page, for its routes.
 */
export interface ClientSearch {
  q?: string;
  sort?: ClientSort;
  page?: number;
  limit?: 50 | 100;
}

export const clientSearch = searchValidator<ClientSearch>({
  q: readText,
  sort: readOneOf<ClientSort>(SORTS.flatMap((s) => [s, `-${s}` as const])),
  page: readPage,
  limit: readLimit,
});

/** The server's sort and order for the URL's `sort`. */
export function downlineOrder(sort: ClientSort | undefined): { sort: DownlineSort; order: 'asc' | 'desc' } {
  if (sort === undefined) return { sort: 'username', order: 'asc' };
  return sort.startsWith('-')
    ? { sort: sort.slice(1) as DownlineSort, order: 'desc' }
    : { sort: sort as DownlineSort, order: 'asc' };
}

import { readDay, readLimit, readOneOf, readPage, readSort, readText, searchValidator } from '../../../ui/list-search';

export type ReportKind = 'general' | 'credit';
export type BetType = 'sports' | 'casino';

/**
 * The general report's view in the URL (defaults left out): ?kind=credit, ?bet_type=casino,
 * ?deleted=true, ?side=lay, ?q= (the search), ?from=&to= (the last 7 days when left out), ?page=,
 * ?limit=, ?sort=. Apart from the lazy page, for its route.
 */
export interface GeneralSearch {
  kind?: ReportKind;
  bet_type?: BetType;
  deleted?: 'true';
  side?: 'back' | 'lay';
  q?: string;
  from?: string;
  to?: string;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const generalSearch = searchValidator<GeneralSearch>({
  kind: readOneOf<ReportKind>(['general', 'credit']),
  bet_type: readOneOf<BetType>(['sports', 'casino']),
  deleted: readOneOf(['true'] as const),
  side: readOneOf(['back', 'lay'] as const),
  q: readText,
  from: readDay,
  to: readDay,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

import { AUDIT_ACTIONS, type AuditAction } from '@exch/contracts';
import { readDay, readLimit, readOneOf, readPage, readSort, readText, searchValidator } from '../ui/list-search';

/**
 * /admin/audit's view in the URL (defaults left out): ?from=&to= (the last 7 days when left out),
 * ?actor= (who), ?target= (on user), ?action=, ?page=, ?limit=, ?sort= (the page's rows on screen).
 * Apart from the lazy page, for its route.
 */
export interface AuditSearch {
  from?: string;
  to?: string;
  actor?: string;
  target?: string;
  action?: AuditAction;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const auditSearch = searchValidator<AuditSearch>({
  from: readDay,
  to: readDay,
  actor: readText,
  target: readText,
  action: readOneOf(AUDIT_ACTIONS),
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

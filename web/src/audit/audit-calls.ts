import type { AuditRow, Paged } from '@exch/contracts';
import { apiRequest, queryString } from '../api/client';

type Params = Record<string, string | number | undefined>;

/** GET /api/admin/audit (docs/audit.md): one page of the audit trail, newest first. */
export const fetchAudit = (p: Params): Promise<Paged<AuditRow>> =>
  apiRequest(`/admin/audit${queryString(p)}`, { auth: 'admin', toast: false });

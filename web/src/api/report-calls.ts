import type {
  CreditReferenceRow,
  DailyPnlPoint,
  DownlinePnlReport,
  GeneralReport,
  Paged,
  PartnershipRow,
  PartnershipStatement,
} from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { apiRequest, queryString } from './client';

/** The reports of docs/reports.md: profit and loss, partnership, general and credit reference, daily figures, CSV exports. */

type Params = Record<string, string | number | boolean | undefined>;

export const fetchDownlinePnl = (p: Params): Promise<DownlinePnlReport> =>
  apiRequest(`/bet/downline/profit-loss${queryString(p)}`, { auth: 'admin', toast: false });

export const fetchPartnershipStatement = (p: Params): Promise<PartnershipStatement> =>
  apiRequest(`/report/partnership${queryString(p)}`, { auth: 'admin', toast: false });

export const fetchPartnershipShares = (p: Params): Promise<{ at: string | null; data: PartnershipRow[] }> =>
  apiRequest(`/partnership${queryString(p)}`, { auth: 'admin', toast: false });

export const fetchGeneralReport = (p: Params): Promise<GeneralReport> =>
  apiRequest(`/report/casino${queryString(p)}`, { auth: 'admin', toast: false });

export const fetchCreditReferences = (p: Params): Promise<Paged<CreditReferenceRow>> =>
  apiRequest(`/report/credit-reference${queryString(p)}`, { auth: 'admin', toast: false });

export const fetchDownlineDaily = (p: Params): Promise<{ data: DailyPnlPoint[] }> =>
  apiRequest(`/report/profit-loss/daily${queryString(p)}`, { auth: 'admin', toast: false });

export const fetchMyDaily = (p: Params): Promise<{ data: DailyPnlPoint[] }> =>
  apiRequest(`/profit-loss/mine/daily${queryString(p)}`, { auth: 'user', toast: false });

/** A CSV export (the JSON route's path with .csv and the same filters), as a file to save. */
export const fetchExport = (path: string, p: Params, auth: AuthContextName): Promise<Blob> =>
  apiRequest(`${path}.csv${queryString(p)}`, { auth, blob: true });

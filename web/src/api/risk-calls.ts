import type { MarketPosition, RiskAlert, RiskSettings, TapePage } from '@exch/contracts';
import type { MessageAnswer } from './account-calls';
import { apiRequest, queryString } from './client';

/** The bet tape's filter: the same on the live tape (applied in the browser) and its history (on the server). */
export interface TapeFilter {
  /** Live: both when left out; the history reads one type at a time (sports by default). */
  bet_type?: 'sports' | 'casino';
  username?: string;
  sport_id?: string;
  event_id?: string;
  market_id?: string;
  side?: 'back' | 'lay';
  /** Rupees as typed. */
  min_stake?: string;
}

/** A page of the tape's history: `after` is the page before's `next` (none for the newest). */
export const fetchBetTape = (
  q: TapeFilter & { from?: string; to?: string; after?: string; limit: number },
): Promise<TapePage> => apiRequest(`/admin/bet-tape${queryString({ ...q })}`, { auth: 'admin' });

export const fetchRiskSettings = (): Promise<RiskSettings> => apiRequest('/admin/risk/settings', { auth: 'admin' });

export const saveBigBet = (amount: string): Promise<MessageAnswer & { big_bet: number }> =>
  apiRequest('/admin/risk/big-bet', { method: 'PUT', body: { amount }, auth: 'admin', toast: false });

export const saveWatch = (userId: string, watched: boolean): Promise<MessageAnswer> =>
  apiRequest('/admin/risk/watch', { method: 'PUT', body: { userId, watched }, auth: 'admin', toast: false });

export const fetchRiskAlerts = (hours: number): Promise<{ data: RiskAlert[]; hours: number; capped: boolean }> =>
  apiRequest(`/admin/risk/alerts${queryString({ hours })}`, { auth: 'admin' });

export const fetchRiskPositions = (): Promise<{ data: MarketPosition[]; capped: boolean }> =>
  apiRequest('/admin/risk/positions', { auth: 'admin' });

export const blockForDownline = (body: {
  event_id: string;
  market_id: string | null;
  locked: boolean;
  transaction_password: string;
}): Promise<MessageAnswer> => apiRequest('/admin/risk/block', { method: 'POST', body, auth: 'admin', toast: false });

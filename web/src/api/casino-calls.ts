import type {
  CasinoBetDto,
  CasinoGameReportRow,
  CasinoPlaceBetResponse,
  CasinoPositionDto,
  CasinoResultDto,
  CasinoRoundDetail,
  CasinoTableDto,
  CasinoTableLive,
  Paginated,
} from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { apiRequest, queryString } from './client';

/** The live Indian tables' calls (docs/casino.md "Calls"). Amounts are rupees, odds decimal. */

const enc = encodeURIComponent;

/** SPEC.md section 8: a failed casino list is logged and the list emptied, not toasted. */
export const fetchCasinoTables = (ctx: AuthContextName, category?: string): Promise<{ data: CasinoTableDto[] }> =>
  apiRequest(`/casino/tables${queryString({ category })}`, { auth: ctx, toast: false });

export const fetchAllTables = (ctx: AuthContextName): Promise<{ data: CasinoTableDto[] }> =>
  apiRequest('/casino/table/getalltable', { auth: ctx, toast: false });

export const fetchTableLive = (ctx: AuthContextName, code: string): Promise<CasinoTableLive> =>
  apiRequest(`/casino/tables/${enc(code)}`, { auth: ctx, toast: false });

export interface ResultsParams {
  page: number;
  limit: number;
  startDate?: string;
  roundId?: string;
  search?: string;
}

/** The result list by game (SPEC.md section 7): `data.data.res` of {mid, win}. */
export const fetchCasinoResults = (
  ctx: AuthContextName,
  code: string,
  p: ResultsParams,
): Promise<{
  data: { data: { res: CasinoResultDto[]; total: number; page: number; limit: number; totalPages: number } };
}> => apiRequest(`/casino/results/${enc(code)}${queryString({ ...p })}`, { auth: ctx, toast: false });

export const fetchCasinoRound = (ctx: AuthContextName, mid: string): Promise<CasinoRoundDetail> =>
  apiRequest(`/casino/rounds/${enc(mid)}`, { auth: ctx, toast: false });

export interface MyCasinoBetsParams {
  status: 'pending' | 'settled' | 'all';
  table?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export const fetchMyCasinoBets = (p: MyCasinoBetsParams): Promise<Paginated<CasinoBetDto>> =>
  apiRequest(`/casino/bets/mine${queryString({ ...p })}`, { auth: 'user', toast: false });

/** The Bet-as-placed payload of SPEC.md section 3 for a casino bet. */
export interface CasinoBetInput {
  user_id: string;
  event_id: string;
  event_name: string;
  market_id: string;
  market_type: 'CASINO';
  betOn: 'CASINO';
  selection: number;
  selection_name: string;
  odds: number;
  stake: number;
  bet_type: 'casino';
  odds_type: 'back';
  isBack: true;
  table_id: string;
  game_round_id: string;
  /** On a market that takes card ranks (3 Cards Judgement): the ranks picked, A to K. */
  ranks?: string[];
  potential_win: number;
  device_info: string;
  reference_id: string;
}

/** Errors are toasted by apiRequest (the server's message, SPEC.md section 8). */
export const placeCasinoBet = (body: CasinoBetInput, idempotencyKey: string): Promise<CasinoPlaceBetResponse> =>
  apiRequest('/bets', { method: 'POST', body, auth: 'user', idempotencyKey });

// The back office

export const setTableStatus = (
  code: string,
  status: 'ACTIVE' | 'SUSPENDED',
): Promise<{ message: string; data: CasinoTableDto }> =>
  apiRequest(`/admin/casino/tables/${enc(code)}/status`, { method: 'PUT', body: { status }, auth: 'admin' });

export const fetchCasinoPosition = (code: string): Promise<CasinoPositionDto> =>
  apiRequest(`/admin/casino/tables/${enc(code)}/position`, { auth: 'admin', toast: false });

export const fetchGameReports = (p: { from: string; to: string }): Promise<{ data: CasinoGameReportRow[] }> =>
  apiRequest(`/admin/casino/game-reports${queryString(p)}`, { auth: 'admin' });

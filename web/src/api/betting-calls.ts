import type * as v from 'valibot';
import type {
  ActiveSport,
  BetDto,
  BettingButtons,
  AutoCashOutDto,
  BettingButtonsBody,
  CashOutBody,
  CashOutResponse,
  MarketType,
  MatchDetail,
  Paginated,
  PlaceBetResponse,
  ProfitLossPage,
  SportDto,
} from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { apiRequest, queryString } from './client';

/**
 * The exchange's calls (docs/exchange-api.md). Amounts are rupees; match odds decimal odds,
 * bookmaker odds the rate, fancy odds the run line with its rate in `volume`.
 */

const id = (value: string): string => encodeURIComponent(value);

// Discovery

export const fetchAllowedSports = (ctx: AuthContextName): Promise<{ sports: SportDto[] }> =>
  apiRequest('/sports/whitelabel/allowed', { auth: ctx, toast: false });

/** Failures are logged by the lobby, not toasted: it polls. */
/** The news line admins set (GET /api/messages): empty text when there is none. */
export const fetchNewsMessage = (ctx: AuthContextName): Promise<{ data: { text: string } }> =>
  apiRequest('/messages', { auth: ctx, toast: false });

export const fetchActiveSports = (ctx: AuthContextName): Promise<{ data: ActiveSport[] }> =>
  apiRequest('/sports/active', { auth: ctx, toast: false });

/** The match page shows a failure inline (not found, or the server unreachable) instead of toasting it. */
export const fetchMatch = (ctx: AuthContextName, matchId: string): Promise<MatchDetail> =>
  apiRequest(`/matches/${id(matchId)}`, { auth: ctx, toast: false });

// The player's bets

/** The Bet-as-placed payload of SPEC.md section 3, as far as the client knows it. */
export interface PlaceBetInput {
  user_id: string;
  event_id: string;
  event_name: string;
  event_type: string;
  sportId: number;
  matchId: string;
  match_id: string;
  market_id: string;
  market_type: MarketType;
  betOn: MarketType;
  selection: number;
  selection_name: string;
  odds: number;
  volume: number | null;
  odds_type: 'back' | 'lay';
  isBack: boolean;
  stake: number;
  potential_win: number;
  bet_type: 'sports';
  /** SPEC.md section 4: 'unmatch' when the player moved the odds off the market's. The server decides the matching. */
  type: 'match' | 'unmatch';
  currentMarketOdds: number | null;
  is_live_bet: boolean;
  device_info: string;
  reference_id: string;
  /** Match odds only: what the unmatched stake does when the match turns in play. */
  persistence_type?: 'LAPSE' | 'PERSIST';
}

/** Errors are toasted by the caller's apiRequest (SPEC.md section 8: the server's message). */
export const placeBet = (body: PlaceBetInput, idempotencyKey: string): Promise<PlaceBetResponse> =>
  apiRequest('/bets', { method: 'POST', body, auth: 'user', idempotencyKey });

/** Cash out a position (docs/exchange.md "Cash out"): the engine's hedge bet, or its refusal with the new value. */
export const cashOut = (body: v.InferOutput<typeof CashOutBody>, idempotencyKey: string): Promise<CashOutResponse> =>
  apiRequest('/bets/cash-out', { method: 'POST', body, auth: 'user', idempotencyKey });

/** Set, or with both amounts null clear, an auto cash-out rule (docs/exchange.md "Cash out"). */
export const saveAutoCashOut = (body: {
  market_id: string;
  selection: string;
  profit_target: number | null;
  loss_limit: number | null;
}): Promise<{ message: string; data: AutoCashOutDto }> =>
  apiRequest('/bets/auto-cash-out', { method: 'PUT', body, auth: 'user', toast: false });

export const fetchAutoCashOuts = (eventId: string): Promise<{ data: AutoCashOutDto[] }> =>
  apiRequest(`/bets/auto-cash-out${queryString({ event_id: eventId })}`, { auth: 'user', toast: false });

/** The match's markets an upline's Bet Lock closes to the player. */
export const fetchMyLocks = (matchId: string): Promise<{ data: { marketIds: string[] } }> =>
  apiRequest(`/matches/${encodeURIComponent(matchId)}/locks`, { auth: 'user', toast: false });

/** Pending bets, matched and unmatched; on one match with `eventId`. Failures are logged only (SPEC.md section 8). */
export const fetchMyBets = (eventId?: string): Promise<{ data: BetDto[] }> =>
  apiRequest(`/my_bets${queryString({ eventId })}`, { auth: 'user', toast: false });

export const fetchRecentBets = (eventId: string, marketId?: string): Promise<{ data: BetDto[] }> =>
  apiRequest(`/recent/bets${queryString({ eventId, marketId })}`, { auth: 'user', toast: false });

export type MyBetsStatus = 'pending' | 'settled' | 'deleted' | 'all';

export interface MyBetsParams {
  status: MyBetsStatus;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export const fetchBetsMine = (p: MyBetsParams): Promise<Paginated<BetDto>> =>
  apiRequest(`/bets/mine${queryString({ ...p })}`, { auth: 'user' });

/** Cancels the unmatched remainder of one of the player's bets. */
export const cancelBet = (betId: string): Promise<{ message: string; bet: BetDto }> =>
  apiRequest(`/bets/${id(betId)}/status`, { method: 'PATCH', body: { status: 'cancelled' }, auth: 'user' });

export const fetchMyProfitLoss = (p: {
  from: string;
  to: string;
  page: number;
  limit: number;
}): Promise<ProfitLossPage> => apiRequest(`/profit-loss/mine${queryString({ ...p })}`, { auth: 'user' });

// Stake buttons

export const fetchBettingButtons = (ctx: AuthContextName, userId: string): Promise<{ data: BettingButtons }> =>
  apiRequest(`/betting-buttons/${id(userId)}`, { auth: ctx, toast: false });

export const saveBettingButtons = (
  body: v.InferOutput<typeof BettingButtonsBody>,
): Promise<{ message: string; data: Omit<BettingButtons, 'keepInPlay'> }> =>
  apiRequest('/betting-buttons', { method: 'PUT', body, auth: 'user', toast: false });

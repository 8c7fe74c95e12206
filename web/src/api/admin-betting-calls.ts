import type {
  BetDto,
  FeedStatus,
  MarketDto,
  MarketLockTarget,
  MarketStatus,
  MarketType,
  MatchDetail,
  MatchSummary,
  Paginated,
  UserBookRow,
} from '@exch/contracts';
import type { MessageAnswer } from './account-calls';
import { apiRequest, queryString } from './client';

/**
 * The back office's exchange calls (docs/exchange-api.md, "Back office" and "Market management").
 * Reads toast the server's message on failure (SPEC.md section 8); mutations do not, the modal or
 * page that made them shows it.
 */

const enc = encodeURIComponent;

// The match page

export const fetchMatchDetail = (matchId: string): Promise<MatchDetail> =>
  apiRequest(`/matches/${enc(matchId)}`, { auth: 'admin', toast: false });

export interface CategorizedParams {
  matched_status?: 'matched' | 'unmatched';
  market_types?: string;
  odds_type?: 'back' | 'lay';
  status?: string;
  username?: string;
  startDate?: string;
  endDate?: string;
  min_stake?: string;
  max_stake?: string;
}

/** Bets of the downline on one match, grouped by market type. */
export const fetchEventBets = (
  matchId: string,
  p: CategorizedParams = {},
): Promise<{ data: { markets: Partial<Record<MarketType, BetDto[]>> } }> =>
  apiRequest(`/bets/event/${enc(matchId)}/categorized${queryString({ ...p })}`, { auth: 'admin', toast: false });

export interface LockUser {
  userId: string;
  username: string;
  role: string;
  is_locked: boolean;
}

export const fetchDownlineWithLocks = (target: MarketLockTarget): Promise<{ data: { users: LockUser[] } }> =>
  apiRequest(
    `/users/downline-with-locks${queryString({ event_id: target.event_id, market_type: target.market_type, market_id: target.market_id })}`,
    { auth: 'admin', toast: false },
  );

export const setMarketLocks = (
  matchId: string,
  body: { userId: string | string[]; is_locked: boolean; lock_target: MarketLockTarget; transaction_password: string },
): Promise<MessageAnswer> =>
  apiRequest(`/market-locks/${enc(matchId)}`, { method: 'PUT', body, auth: 'admin', toast: false });

/** Stakes per user and selection; the server may answer 'No Result Found' with no users. */
export const fetchUserBook = (marketId: string): Promise<{ data?: { users?: UserBookRow[] }; message?: string }> =>
  apiRequest(`/market-locks/user-book/${enc(marketId)}`, { auth: 'admin', toast: false });

export interface UserWiseBook {
  markets: {
    marketId: string;
    runners: { selectionId: number; name: string }[];
    users: { username: string; book: Record<string, number> }[];
  }[];
}

/** Each downline user's profit or loss on every runner of the market. */
export const fetchUserWiseBook = (marketId: string): Promise<UserWiseBook> =>
  apiRequest('/get-user-wise-book', { method: 'POST', body: { marketId }, auth: 'admin', toast: false });

export const fetchFancyPosition = (
  marketId: string,
  userId?: string,
): Promise<{ data: { completeBookList: { run: number; value: number }[] } }> =>
  apiRequest('/get-fancy-position', {
    method: 'POST',
    body: userId === undefined ? { marketId } : { marketId, userId },
    auth: 'admin',
    toast: false,
  });

// Bet history

export interface BetListFilter {
  market_type?: MarketType;
  matched_status?: 'matched' | 'unmatched';
  odds_type?: 'back' | 'lay';
  deleted?: boolean;
  username?: string;
  amount_from?: string;
  amount_to?: string;
  start_date?: string;
  end_date?: string;
  limit?: number;
}

export const fetchAllUserBets = (page: number, body: BetListFilter): Promise<Paginated<BetDto>> =>
  apiRequest(`/alluserbetList${queryString({ page })}`, { method: 'POST', body, auth: 'admin' });

/** Role admin only; confirmed with the transaction password. */
export const deleteBets = (ids: string[], transactionPassword: string): Promise<MessageAnswer & { deleted?: number }> =>
  apiRequest('/delete-bets', {
    method: 'POST',
    body: { ids, transaction_password: transactionPassword },
    auth: 'admin',
    toast: false,
  });

/** An upline deletes one pending bet of its downline. */
export const deleteBet = (id: string): Promise<MessageAnswer> =>
  apiRequest(`/bets/${enc(id)}/status`, {
    method: 'PATCH',
    body: { status: 'cancelled' },
    auth: 'admin',
    toast: false,
  });

/** User-name suggestions for the bet history filter ('Failed to fetch user suggestions' is the caller's). */
export const fetchUserSuggestions = (
  search: string,
): Promise<{ users: { _id: string; username: string; role: { slug: string; name: string } }[] }> =>
  apiRequest(`/users/downline${queryString({ search, limit: 10, page: 1 })}`, { auth: 'admin', toast: false });

// Reports

export interface SelectionAnalysisEvent {
  event_id: string;
  event_name: string;
  matchDateTime: string;
  /** Not in SPEC.md's shape; used when the server sends it, else cricket (4). */
  sportId?: number;
  markets: {
    market_type: string;
    market_id?: string;
    market_name?: string;
    selections: { selection_name: string; totalStake: number }[];
  }[];
}

export const fetchSelectionAnalysis = (search: string): Promise<{ eventAnalysis: SelectionAnalysisEvent[] }> =>
  apiRequest(`/report/selection_analysis${queryString({ search })}`, { auth: 'admin', toast: false });

interface PnlPart {
  netProfitLoss: number;
}

export interface DownlineProfitLossUser {
  _id?: string;
  username: string;
  role: { name: string; slug?: string };
  profitLoss: { casino?: PnlPart; sports?: PnlPart; thirdParty?: PnlPart; netProfitLoss?: number };
  netProfitLoss?: number;
}

export const fetchDownlineProfitLoss = (p: {
  page: number;
  limit: number;
  reportType: 'ALL' | 'user';
  search?: string;
}): Promise<{ users: DownlineProfitLossUser[]; total: number }> =>
  apiRequest(`/bet/downline/profit-loss${queryString({ ...p })}`, { auth: 'admin' });

// Market management

/** A market as event management lists it: with its match (its start, whether in play) and its live bets. */
export type EventMarket = MarketDto & {
  matchName: string;
  matchStart: string;
  inPlay: boolean;
  sportId: number;
  betCount: number;
};

export const fetchEventManagement = (status: 'open' | 'settled'): Promise<{ data: EventMarket[] }> =>
  apiRequest(`/admin/event-management${queryString({ status })}`, { auth: 'admin' });

export const setMarketStatus = (
  marketId: string,
  status: MarketStatus,
): Promise<MessageAnswer & { data?: MarketDto }> =>
  apiRequest(`/admin/markets/${enc(marketId)}/status`, {
    method: 'PUT',
    body: { status },
    auth: 'admin',
    toast: false,
  });

export const declareResult = (
  marketId: string,
  body: ({ selectionId: number } | { selectionIds: number[] } | { runs: number }) & { transaction_password: string },
): Promise<MessageAnswer> =>
  apiRequest(`/admin/markets/${enc(marketId)}/result`, { method: 'POST', body, auth: 'admin', toast: false });

export const voidMarket = (marketId: string, transactionPassword: string): Promise<MessageAnswer> =>
  apiRequest(`/admin/markets/${enc(marketId)}/void`, {
    method: 'POST',
    body: { transaction_password: transactionPassword },
    auth: 'admin',
    toast: false,
  });

export const revokeResult = (marketId: string, transactionPassword: string): Promise<MessageAnswer> =>
  apiRequest(`/admin/markets/${enc(marketId)}/revoke`, {
    method: 'POST',
    body: { transaction_password: transactionPassword },
    auth: 'admin',
    toast: false,
  });

/** Settles a market on the result its exchange feed proposed. */
export const confirmFeedResult = (marketId: string, transactionPassword: string): Promise<MessageAnswer> =>
  apiRequest(`/admin/markets/${enc(marketId)}/confirm-result`, {
    method: 'POST',
    body: { transaction_password: transactionPassword },
    auth: 'admin',
    toast: false,
  });

export const saveMarketSettings = (
  marketId: string,
  body: { min: number; max: number; betDelaySec: number; commissionPercent: number },
): Promise<MessageAnswer & { data: MarketDto }> =>
  apiRequest(`/admin/markets/${enc(marketId)}/settings`, { method: 'PUT', body, auth: 'admin', toast: false });

/** A bookmaker runner's rates or a fancy's No/Yes line by hand; status ACTIVE when left out. */
export type HousePriceBody =
  | { selectionId: number; back: number; lay: number; status?: FeedStatus }
  | { noLine: number; noRate: number; yesLine: number; yesRate: number; status?: FeedStatus };

export const setHousePrice = (marketId: string, body: HousePriceBody): Promise<MessageAnswer & { data: MarketDto }> =>
  apiRequest(`/admin/markets/${enc(marketId)}/house-price`, { method: 'PUT', body, auth: 'admin', toast: false });

/** The market follows the feed again. */
export const clearHousePrice = (marketId: string): Promise<MessageAnswer & { data: MarketDto }> =>
  apiRequest(`/admin/markets/${enc(marketId)}/house-price`, { method: 'DELETE', auth: 'admin', toast: false });

/** `matches` is a count or the list, whichever the server sends. */
export const fetchAdminSports = (): Promise<{ data: { id: number; name: string; matches: number | unknown[] }[] }> =>
  apiRequest('/admin/sports', { auth: 'admin' });

export const fetchAdminSeries = (
  sportId: string,
): Promise<{ data: { seriesId: string; name: string; matches: number | unknown[] }[] }> =>
  apiRequest(`/admin/series/${enc(sportId)}`, { auth: 'admin' });

export const fetchAdminMatches = (sportId: string, status: 'active' | 'all'): Promise<{ data: MatchSummary[] }> =>
  apiRequest(`/admin/matches/${enc(sportId)}${queryString({ status })}`, { auth: 'admin' });

export const fetchAdminMarkets = (matchId: string, kind?: string): Promise<{ data: MarketDto[] }> =>
  apiRequest(`/admin/markets/${enc(matchId)}${queryString({ kind })}`, { auth: 'admin' });

export const saveNewsMessage = (text: string): Promise<MessageAnswer> =>
  apiRequest('/messages', { method: 'PUT', body: { text }, auth: 'admin', toast: false });

/** A count from a number or a list. */
export const countOf = (v: number | unknown[] | undefined): number =>
  Array.isArray(v) ? v.length : typeof v === 'number' ? v : 0;

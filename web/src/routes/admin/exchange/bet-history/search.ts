import type { MarketType } from '@exch/contracts';
import type { BetListFilter } from '../../../../api/admin-betting-calls';
import {
  readAmount,
  readLimit,
  readLocalMoment,
  readOneOf,
  readPage,
  readSort,
  readText,
  searchValidator,
} from '../../../../ui/list-search';
import type { MatchedStatus } from '../EventBets';

export type Side = 'all' | 'lay' | 'back' | 'deleted';

/**
 * The admin bet history's filters in the URL (defaults left out): ?market=FANCY&status=unmatched
 * &side=lay&username=player1&amountFrom=100&amountTo=500&start=2026-11-20T00:00&end=…&page=2&limit=50&sort=-amount
 */
export interface BetHistorySearch {
  market?: MarketType;
  status?: MatchedStatus;
  side?: Side;
  username?: string;
  amountFrom?: string;
  amountTo?: string;
  start?: string;
  end?: string;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const betHistorySearch = searchValidator<BetHistorySearch>({
  market: readOneOf<MarketType>(['MATCH_ODDS', 'Bookmaker', 'FANCY']),
  status: readOneOf<MatchedStatus>(['matched', 'unmatched']),
  side: readOneOf<Side>(['all', 'lay', 'back', 'deleted']),
  username: readText,
  amountFrom: readAmount,
  amountTo: readAmount,
  start: readLocalMoment,
  end: readLocalMoment,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

/** The form's fields, as typed. */
export interface BetDraft {
  username: string;
  amountFrom: string;
  amountTo: string;
  start: string;
  end: string;
}

/** datetime-local text (browser time) to ISO 8601, or undefined when empty. */
const toIso = (local: string): string | undefined => {
  if (local === '') return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/** What POST /alluserbetList is asked for the view and filters in force. */
export function betListFilter(
  view: { market: MarketType; status: MatchedStatus; side: Side; limit: number },
  applied: BetDraft,
): BetListFilter {
  const { market, status, side, limit } = view;
  return {
    market_type: market,
    matched_status: status,
    ...(side === 'back' || side === 'lay' ? { odds_type: side } : {}),
    ...(side === 'deleted' ? { deleted: true } : {}),
    ...(applied.username.trim() === '' ? {} : { username: applied.username.trim() }),
    ...(applied.amountFrom === '' ? {} : { amount_from: applied.amountFrom }),
    ...(applied.amountTo === '' ? {} : { amount_to: applied.amountTo }),
    start_date: toIso(applied.start),
    end_date: toIso(applied.end),
    limit,
  };
}

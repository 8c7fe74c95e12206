import { readAmount, readLocalMoment, readOneOf, readPositiveId, readText, searchValidator } from '../ui/list-search';

/**
 * /admin/bet-tape's view and filters in the URL (apart from the lazy page, for its route):
 * ?view=history (live when left out), the filter (user, bets, sport, side, minimum stake, and the
 * match or market a row narrowed it to) and the history's period: `from` and `to` as the boxes hold
 * them (browser time); `from` left out is the last day, and `from=all` an open start.
 */
export interface BetTapeSearch {
  view?: 'history';
  username?: string;
  bet_type?: 'sports' | 'casino';
  sport_id?: number;
  side?: 'back' | 'lay';
  min_stake?: string;
  event_id?: string;
  market_id?: string;
  from?: string;
  to?: string;
}

export const betTapeSearch = searchValidator<BetTapeSearch>({
  view: readOneOf(['history'] as const),
  username: readText,
  bet_type: readOneOf(['sports', 'casino'] as const),
  sport_id: readPositiveId,
  side: readOneOf(['back', 'lay'] as const),
  min_stake: readAmount,
  event_id: readText,
  market_id: readText,
  from: (v) => (v === 'all' ? 'all' : readLocalMoment(v)),
  to: readLocalMoment,
});

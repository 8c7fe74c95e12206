import type { TapeBet } from '@exch/contracts';
import type { TapeFilter } from '../api/risk-calls';

/** What happened to a bet, as the tape says it: from its new state. */
export function tapeAction(t: TapeBet): string {
  const { bet } = t;
  // A casino bet is taken whole by the table; an exchange bet may wait on the book.
  if (t.bet_type === 'casino' && bet.status === 'pending') return 'Placed';
  if (t.bet_type === 'sports' && t.bet.status === 'pending') return t.bet.unmatched_stake > 0 ? 'Unmatched' : 'Matched';
  if (bet.status === 'cancelled') return 'Cancelled';
  if (bet.status === 'deleted') return 'Deleted';
  return `Settled: ${bet.status === 'won' ? 'Won' : bet.status === 'lost' ? 'Lost' : 'Void'}`;
}

/**
 * The live tape's filter in the browser, as the history's is on the server (GET /api/admin/bet-tape):
 * a casino bet has no sport, match, market or side, so any of those leaves it out.
 */
export function matchesTape(t: TapeBet, f: TapeFilter): boolean {
  const { bet } = t;
  if (f.bet_type && t.bet_type !== f.bet_type) return false;
  if (f.username && !bet.user_info.username.toLowerCase().includes(f.username.toLowerCase())) return false;
  const min = Number(f.min_stake);
  if (f.min_stake && Number.isFinite(min) && bet.stake < min) return false;
  if (t.bet_type === 'casino') return !f.sport_id && !f.event_id && !f.market_id && !f.side;
  if (f.sport_id && String(t.bet.sportId) !== f.sport_id) return false;
  if (f.event_id && t.bet.event_id !== f.event_id) return false;
  if (f.market_id && t.bet.market_id !== f.market_id) return false;
  if (f.side && t.bet.odds_type !== f.side) return false;
  return true;
}

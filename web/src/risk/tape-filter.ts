import type { BetDto } from '@exch/contracts';
import type { TapeFilter } from '../api/risk-calls';

/** What happened to a bet, as the tape says it: from its new state. */
export function tapeAction(bet: BetDto): string {
  if (bet.status === 'pending') return bet.unmatched_stake > 0 ? 'Unmatched' : 'Matched';
  if (bet.status === 'cancelled') return 'Cancelled';
  if (bet.status === 'deleted') return 'Deleted';
  return `Settled: ${bet.status === 'won' ? 'Won' : bet.status === 'lost' ? 'Lost' : 'Void'}`;
}

/** The live tape's filter in the browser, as the history's is on the server (GET /api/admin/bet-tape). */
export function matchesTape(bet: BetDto, f: TapeFilter): boolean {
  if (f.username && !bet.user_info.username.toLowerCase().includes(f.username.toLowerCase())) return false;
  if (f.sport_id && String(bet.sportId) !== f.sport_id) return false;
  if (f.event_id && bet.event_id !== f.event_id) return false;
  if (f.market_id && bet.market_id !== f.market_id) return false;
  if (f.side && bet.odds_type !== f.side) return false;
  const min = Number(f.min_stake);
  if (f.min_stake && Number.isFinite(min) && bet.stake < min) return false;
  return true;
}

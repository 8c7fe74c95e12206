import { useQuery } from '@tanstack/react-query';
import type { MarketDto } from '@exch/contracts';
import { fetchMyLocks } from '../api/betting-calls';
import { marketTitle } from './format';

/** The engine's own words for a market locked to the player (betting/place.ts). */
export const MARKET_BLOCKED = 'Betting on this market is locked for your account. Please contact your upline.';

/** How often the page asks again: an upline may block (or unblock) while the player watches. */
const LOCKS_REFRESH_MS = 15_000;

const NONE: ReadonlySet<string> = new Set();

/** The ids of the match's markets an upline's Bet Lock closes to the player; none for others. */
export function useBlockedMarkets(matchId: string, enabled: boolean): ReadonlySet<string> {
  const locks = useQuery({
    queryKey: ['my-locks', matchId],
    queryFn: () => fetchMyLocks(matchId),
    enabled,
    refetchInterval: LOCKS_REFRESH_MS,
  });
  const ids = locks.data?.data.marketIds;
  return ids && ids.length > 0 ? new Set(ids) : NONE;
}

/** The match page's word on them, before a bet is tried: which markets, and what to do. */
export function BlockedNote({ markets, blocked }: { markets: readonly MarketDto[]; blocked: ReadonlySet<string> }) {
  const names = markets.filter((m) => blocked.has(m.marketId)).map((m) => marketTitle(m.marketName));
  if (names.length === 0) return null;
  return (
    <p className="bet-locked-note" role="status" data-testid="blocked-markets">
      Blocked for your account: {names.join(', ')}. Bets on {names.length === 1 ? 'it' : 'them'} are not taken; please
      contact your upline.
    </p>
  );
}

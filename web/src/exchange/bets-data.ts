import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BetDto, UserDto } from '@exch/contracts';
import { cancelBet, fetchMyBets } from '../api/betting-calls';
import { profileKey } from '../api/profile-query';
import { useLiveEvent } from '../live/use-live';
import { showSuccessToast } from '../ui/toasts';

/** SPEC.md section 9: my bets are fetched at most every 5 s unless forced (a placement, a push). */
const MY_BETS_THROTTLE_MS = 5_000;

export const myBetsKey = (eventId: string | null) => ['my-bets', eventId ?? 'all'] as const;
/** Every list of the player's bets (pages of /api/bets/mine and the others), refreshed together. */
export const BET_LIST_KEYS = [['my-bets'], ['bets-mine'], ['profit-loss-mine'], ['auto-cash-out']] as const;

/** The player's pending bets, matched and unmatched, on one match (or all with null), newest first. */
export function useMyBets(eventId: string | null) {
  return useQuery({
    queryKey: myBetsKey(eventId),
    queryFn: async () => {
      try {
        return (await fetchMyBets(eventId ?? undefined)).data;
      } catch (e) {
        // SPEC.md section 8: failed bet fetches are logged only.
        console.warn('Failed to fetch previous bets', e);
        throw e;
      }
    },
    staleTime: MY_BETS_THROTTLE_MS,
  });
}

const newestFirst = (a: BetDto, b: BetDto): number =>
  a.placed_at < b.placed_at ? 1 : a.placed_at > b.placed_at ? -1 : 0;

/** Puts a bet's new state into a cached list of pending bets: replaced, added, or dropped once no longer pending. */
export function upsertPending(list: readonly BetDto[] | undefined, bet: BetDto): BetDto[] | undefined {
  if (list === undefined) return undefined;
  const rest = list.filter((b) => b._id !== bet._id);
  return (bet.status === 'pending' ? [...rest, bet] : rest).sort(newestFirst);
}

/**
 * The player's bet pushes (placed, matched later, cancelled, deleted by the upline): written into
 * the cached pending lists at once, then every bet list is refreshed from the server.
 */
export function useMyBetPushes(): void {
  const queryClient = useQueryClient();
  const refresh = (): void => {
    for (const queryKey of BET_LIST_KEYS) void queryClient.invalidateQueries({ queryKey });
  };
  useLiveEvent('user', 'placedBet', ({ bet }) => {
    const user = queryClient.getQueryData<UserDto>(profileKey('user'));
    if (user && bet.user_id !== user._id) return;
    queryClient.setQueryData<BetDto[]>(myBetsKey(bet.event_id), (list) => upsertPending(list, bet));
    queryClient.setQueryData<BetDto[]>(myBetsKey(null), (list) => upsertPending(list, bet));
    refresh();
  });
  useLiveEvent('user', 'betDelete', ({ betId, matchId }) => {
    const drop = (list: BetDto[] | undefined) => list?.filter((b) => b._id !== betId);
    queryClient.setQueryData<BetDto[]>(myBetsKey(matchId), drop);
    queryClient.setQueryData<BetDto[]>(myBetsKey(null), drop);
    refresh();
  });
}

/** After a bet is placed or cancelled: every bet list and the balance (its exposure moved) from the server again. */
export function useRefreshMyBets(): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of BET_LIST_KEYS) void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: profileKey('user') });
  };
}

/** Cancels a bet's unmatched stake; `cancelled` sees the bet as it now stands before the lists refresh. */
export function useCancelBet(cancelled?: (bet: BetDto) => void): (bet: BetDto) => Promise<void> {
  const refresh = useRefreshMyBets();
  return async (bet) => {
    try {
      const answer = await cancelBet(bet._id);
      showSuccessToast(answer.message);
      cancelled?.(answer.bet);
      refresh();
    } catch {
      // The API client showed the server's message.
    }
  };
}

import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SPORTS_BUTTONS, type BettingButtons } from '@exch/contracts';
import { fetchBettingButtons } from '../api/betting-calls';
import type { AuthContextName } from '../auth/auth-context';

export const stakeButtonsKey = (userId: string | undefined) => ['betting-buttons', userId ?? ''] as const;

/** The user's stake buttons (GET /api/betting-buttons/{userId}); the defaults until they load or if they cannot. */
export function useBettingButtons(ctx: AuthContextName, userId: string | undefined) {
  return useQuery({
    queryKey: stakeButtonsKey(userId),
    queryFn: async (): Promise<BettingButtons> => (await fetchBettingButtons(ctx, userId!)).data,
    enabled: userId !== undefined,
    staleTime: 60_000,
    retry: 1,
  });
}

export const sportsButtonsOf = (data: BettingButtons | undefined) =>
  data && data.sportsButtons.length > 0 ? data.sportsButtons : DEFAULT_SPORTS_BUTTONS;

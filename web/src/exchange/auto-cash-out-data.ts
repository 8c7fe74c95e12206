import { useQuery } from '@tanstack/react-query';
import { fetchAutoCashOuts } from '../api/betting-calls';

export const autoCashOutKey = (eventId: string) => ['auto-cash-out', eventId] as const;

/** The player's standing auto cash-out rules on a match; a fired one goes when My Bets refresh after its hedge. */
export function useAutoCashOuts(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: autoCashOutKey(eventId),
    queryFn: async () => (await fetchAutoCashOuts(eventId)).data,
    enabled,
  });
}

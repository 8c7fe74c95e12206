import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingCounts } from '@exch/contracts';
import { fetchPendingCounts } from '../api/payment-calls';
import { useLiveEvent } from '../live/use-live';

const KEY = ['pending-payments'] as const;

/** Pending deposit and withdrawal requests of the downline: read once, then kept current by the websocket's pushes. */
export function usePendingCounts(enabled: boolean): PendingCounts | undefined {
  const queryClient = useQueryClient();
  const counts = useQuery({ queryKey: KEY, queryFn: fetchPendingCounts, enabled });
  useLiveEvent('admin', 'paymentRequests', (next) => queryClient.setQueryData(KEY, next));
  return enabled ? counts.data : undefined;
}

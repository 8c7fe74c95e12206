import { useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { profileKey } from '../api/profile-query';
import { useLiveEvent } from './use-live';

/**
 * Keeps the context's shared websocket (live-socket.ts) open while the user is logged in and
 * writes pushed balances into the profile cache, so the header changes without a reload.
 */
export function useBalanceSocket(ctx: AuthContextName): void {
  const queryClient = useQueryClient();
  useLiveEvent(ctx, 'balance', (wallet) => {
    queryClient.setQueryData<UserDto>(profileKey(ctx), (user) => user && { ...user, balance: wallet });
  });
}

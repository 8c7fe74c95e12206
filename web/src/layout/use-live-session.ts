import { useCallback } from 'react';
import { useProfile } from '../api/profile-query';
import type { AuthContextName } from '../auth/auth-context';
import { useInactivityLogout } from '../auth/use-inactivity-logout';
import { useLogout } from '../auth/use-logout';
import { useBalanceSocket } from '../live/balance-socket';

/**
 * What every logged-in layout keeps running: the profile poll, the balance socket and the
 * inactivity logout. Returns the user and the logout action.
 */
export function useLiveSession(ctx: AuthContextName) {
  const { data: user } = useProfile(ctx);
  const logout = useLogout(ctx);
  const logoutWhenIdle = useCallback(() => void logout(), [logout]);
  useInactivityLogout(logoutWhenIdle);
  useBalanceSocket(ctx);
  return { user, logout };
}

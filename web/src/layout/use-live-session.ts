import { useCallback, useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useProfile } from '../api/profile-query';
import type { AuthContextName } from '../auth/auth-context';
import { pendingSetup } from '../auth/session-rules';
import { useInactivityLogout } from '../auth/use-inactivity-logout';
import { useLogout } from './use-logout';
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
  useSetupRedirect(ctx, pendingSetup(ctx, user));
  return { user, logout };
}

/** The route guards check the stored record on navigation; this follows the polled one while a page stays open. */
function useSetupRedirect(ctx: AuthContextName, setup: ReturnType<typeof pendingSetup>): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (setup === '/first-time-password-change') void navigate({ to: setup, search: { ctx }, replace: true });
    else if (setup !== null) void navigate({ to: setup, replace: true });
  }, [ctx, setup, navigate]);
}

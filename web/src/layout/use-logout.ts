import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '../api/auth-calls';
import { profileKey } from '../api/profile-query';
import { loginPathFor, type AuthContextName } from '../auth/auth-context';
import { clearCredentials } from '../auth/credentials';

/** Ends the context's session on the server, forgets it here and shows the right login page. */
export function useLogout(ctx: AuthContextName): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Logging out here must work even when the server cannot be reached.
    await logout(ctx).catch((e: unknown) => console.warn('Logout call failed', e));
    clearCredentials(ctx);
    await navigate({ to: loginPathFor(ctx), replace: true });
    queryClient.removeQueries({ queryKey: profileKey(ctx) });
  }, [ctx, navigate, queryClient]);
}

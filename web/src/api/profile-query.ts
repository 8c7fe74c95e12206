import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { readCredentials, saveRecord } from '../auth/credentials';
import { apiRequest } from './client';

/** SPEC.md section 9: the profile is polled every 3 s while logged in. */
const PROFILE_POLL_MS = 3_000;

export const profileKey = (ctx: AuthContextName) => ['profile', ctx] as const;

/** Fetches the logged-in user's record and keeps the stored copy (which decides the redirects) up to date. */
export async function fetchProfile(ctx: AuthContextName): Promise<UserDto> {
  const sentWith = readCredentials(ctx).token;
  const user = await apiRequest<UserDto>('/users/profile', { auth: ctx, toast: false });
  // Not after a logout or another login meanwhile: the record must belong to the stored token.
  if (sentWith !== null && readCredentials(ctx).token === sentWith) saveRecord(ctx, user);
  return user;
}

/** The profile of the context's user, starting from the stored record so the header never waits. */
export function useProfile(ctx: AuthContextName) {
  return useQuery({
    queryKey: profileKey(ctx),
    queryFn: async () => {
      try {
        return await fetchProfile(ctx);
      } catch (e) {
        // SPEC.md section 8: failed profile fetches are logged only.
        console.warn('Profile refresh failed', e);
        throw e;
      }
    },
    initialData: () => readCredentials(ctx).record ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: PROFILE_POLL_MS,
    retry: false,
  });
}

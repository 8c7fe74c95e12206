import { ApiRequestError } from './api-error';
import { fetchProfile } from './profile-query';
import type { AuthContextName } from '../auth/auth-context';
import { readCredentials } from '../auth/credentials';

/**
 * First load: each stored session (a token and its record) is checked against GET users/profile
 * before any page decides on redirects, and its record replaced by the server's. A rejected token is
 * refreshed once or cleared by the API client; an unreachable server leaves the session as it is.
 * A token without a record is no session (SPEC.md section 2) and is left for the redirect rules.
 * Answers whether the server said it is under maintenance.
 */
export async function validateStoredSessions(): Promise<{ maintenance: boolean }> {
  const stored = (['user', 'admin'] as const).filter((ctx: AuthContextName) => {
    const { token, record } = readCredentials(ctx);
    return token !== null && record !== null;
  });
  const outcomes = await Promise.all(
    stored.map((ctx) =>
      fetchProfile(ctx).then(
        () => false,
        (e: unknown) => {
          console.warn(`Stored ${ctx} session could not be checked`, e);
          return e instanceof ApiRequestError && e.maintenance;
        },
      ),
    ),
  );
  return { maintenance: outcomes.includes(true) };
}

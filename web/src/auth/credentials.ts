import { isRoleSlug, type AuthResponse, type UserDto } from '@exch/contracts';
import type { AuthContextName } from './auth-context';

/** localStorage keys of SPEC.md section 3 ("Stored client data"), plus the refresh tokens. */
const KEYS: Record<AuthContextName, { token: string; refreshToken: string; record: string }> = {
  user: { token: 'user_token', refreshToken: 'user_refresh_token', record: 'user' },
  admin: { token: 'admin_token', refreshToken: 'admin_refresh_token', record: 'admin' },
};

interface StoredCredentials {
  token: string | null;
  refreshToken: string | null;
  record: UserDto | null;
}

export function readCredentials(ctx: AuthContextName): StoredCredentials {
  const keys = KEYS[ctx];
  return {
    token: localStorage.getItem(keys.token),
    refreshToken: localStorage.getItem(keys.refreshToken),
    record: parseRecord(localStorage.getItem(keys.record)),
  };
}

export function saveLogin(ctx: AuthContextName, auth: AuthResponse): void {
  saveTokens(ctx, auth.token, auth.refreshToken);
  saveRecord(ctx, auth.user);
}

export function saveTokens(ctx: AuthContextName, token: string, refreshToken: string): void {
  localStorage.setItem(KEYS[ctx].token, token);
  localStorage.setItem(KEYS[ctx].refreshToken, refreshToken);
}

export function saveRecord(ctx: AuthContextName, user: UserDto): void {
  localStorage.setItem(KEYS[ctx].record, JSON.stringify(user));
}

export function clearCredentials(ctx: AuthContextName): void {
  for (const key of Object.values(KEYS[ctx])) localStorage.removeItem(key);
}

/** A stored record someone edited by hand or an older build wrote counts as missing. */
function parseRecord(raw: string | null): UserDto | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUserRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isUserRecord(value: unknown): value is UserDto {
  if (typeof value !== 'object' || value === null) return false;
  const { username, role, balance } = value as Partial<Record<keyof UserDto, unknown>>;
  return (
    typeof username === 'string' &&
    typeof role === 'object' &&
    role !== null &&
    isRoleSlug((role as { slug?: unknown }).slug) &&
    typeof balance === 'object' &&
    balance !== null
  );
}

import { isAdminSide, type RoleSlug, type UserDto } from '@exch/contracts';
import type { AuthContextName } from './auth-context';
import { readCredentials } from './credentials';

/** A player session: a stored user token and a stored user record whose role is user (SPEC.md section 2). */
export function hasPlayerSession(): boolean {
  const { token, record } = readCredentials('user');
  return token !== null && record?.role.slug === 'user';
}

/** A back-office session: a stored admin token and an admin record whose role is not user. */
export function hasAdminSession(): boolean {
  const { token, record } = readCredentials('admin');
  return token !== null && record !== null && isAdminSide(record.role.slug);
}

/**
 * Where a page of the player site sends someone who may not see it (SPEC.md section 2, redirect rules):
 * a token without a valid player record goes to /admin, no token at all goes to /login.
 */
export function playerAreaRedirect(): '/admin' | '/login' | null {
  if (hasPlayerSession()) return null;
  const anyToken = readCredentials('user').token !== null || readCredentials('admin').token !== null;
  return anyToken ? '/admin' : '/login';
}

export function adminAreaRedirect(): '/admin/login' | null {
  return hasAdminSession() ? null : '/admin/login';
}

/** Sports, series, matches, markets, fancies and messages are for admin and super admin only (SPEC.md section 6). */
export const canManageSports = (role: RoleSlug): boolean => role === 'admin' || role === 'super-admin';

/** The top admin: the one account with no upline, which alone runs what costs the whole database (the read models' rebuilds). */
export const isTopAccount = (user: Pick<UserDto, 'parentId'>): boolean => user.parentId === null;

export const FIRST_PASSWORD_PATH = '/first-time-password-change';
export const ADMIN_TRANSACTION_PASSWORD_PATH = '/admin/transaction-password';

/**
 * What a logged-in user must do before anything else: a password the upline gave must be replaced
 * (both contexts), and a back-office account needs its transaction password, which confirms every
 * money and access action. Null when the account is ready.
 */
export function pendingSetup(
  ctx: AuthContextName,
  record: UserDto | null | undefined,
): typeof FIRST_PASSWORD_PATH | typeof ADMIN_TRANSACTION_PASSWORD_PATH | null {
  if (!record) return null;
  if (record.mustChangePassword === true) return FIRST_PASSWORD_PATH;
  if (ctx === 'admin' && record.hasTransactionPassword === false) return ADMIN_TRANSACTION_PASSWORD_PATH;
  return null;
}

/** pendingSetup for the stored session of a context, as the route guards see it. */
export const storedPendingSetup = (ctx: AuthContextName) => pendingSetup(ctx, readCredentials(ctx).record);

import { isAdminSide, type RoleSlug } from '@exch/contracts';
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

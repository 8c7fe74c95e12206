/**
 * Players and back-office users keep separate stored sessions; which one a page uses depends on
 * whether its path is under /admin (SPEC.md section 4).
 */
export type AuthContextName = 'user' | 'admin';

const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

export const contextForPath = (pathname: string): AuthContextName => (isAdminPath(pathname) ? 'admin' : 'user');

export const loginPathFor = (ctx: AuthContextName): '/login' | '/admin/login' =>
  ctx === 'admin' ? '/admin/login' : '/login';

export const homePathFor = (ctx: AuthContextName): '/' | '/admin' => (ctx === 'admin' ? '/admin' : '/');

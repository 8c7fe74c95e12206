import type { AuthResponse } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { readCredentials } from '../auth/credentials';
import { apiRequest } from './client';

/** Players log in at auth/login, back-office roles at login-admin (SPEC.md section 7). */
const LOGIN_PATH: Record<AuthContextName, string> = { user: '/auth/login', admin: '/login-admin' };

/** `otp` is the authenticator code, sent once the server has answered OTP_REQUIRED. */
export const login = (ctx: AuthContextName, username: string, password: string, otp?: string): Promise<AuthResponse> =>
  apiRequest<AuthResponse>(LOGIN_PATH[ctx], {
    method: 'POST',
    body: otp === undefined ? { username, password } : { username, password, otp },
    auth: null,
    toast: false,
  });

export const logout = (ctx: AuthContextName): Promise<unknown> =>
  apiRequest('/auth/logout', {
    method: 'POST',
    body: { refreshToken: readCredentials(ctx).refreshToken },
    auth: ctx,
    toast: false,
  });

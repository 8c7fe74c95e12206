import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminSide, LoginBody, LogoutBody, RefreshBody, type AuthResponse } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { userById, userByUsername } from '@exch/projector/read';
import { toUserDto } from '../users/read.js';
import type { AccessClaims } from './guard.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';
import type { AuthContext } from './sessions.js';
import type { AccountDeps } from '../deps.js';
import { totpMatches, totpSecrets } from './totp.js';
import { send } from '../http/commands.js';
import { endSessions } from './end-sessions.js';

export const ACCESS_TTL = '15m';

const deviceOf = (req: FastifyRequest): string | null => req.headers['user-agent']?.slice(0, 300) ?? null;

export function authRoutes(
  app: FastifyInstance,
  { sql, sessions, throttle, limits, commands, route }: AccountDeps,
): void {
  const sign = (claims: AccessClaims) => app.jwt.sign(claims, { expiresIn: ACCESS_TTL });

  async function login(
    req: FastifyRequest,
    { username, password, otp }: LoginBody,
    context: AuthContext,
  ): Promise<AuthResponse> {
    const key = `${req.ip}|${username.toLowerCase()}`;
    const wait = throttle.retryAfter(key);
    if (wait > 0) {
      throw new HttpError(
        429,
        `Too many failed login attempts. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
        'LOGIN_THROTTLED',
        undefined,
        { 'retry-after': String(Math.ceil(wait / 1000)) },
      );
    }
    const attempt = await limits.loginAttempt(req.ip, username);
    const row = await userByUsername(sql, username);
    const ok = await verifyPassword(row?.password_hash ?? DUMMY_HASH, password);
    if (!row || !ok) {
      throttle.fail(key);
      throw new HttpError(401, 'Invalid username or password', 'BAD_CREDENTIALS');
    }
    if (row.totp_enabled) {
      const { secret } = await totpSecrets(sql, row.user_id);
      if (!otp) {
        // The password was right: asking for the code is no failed attempt.
        await attempt.refund();
        throw new HttpError(401, 'Enter the 6-digit code from your authenticator app', 'OTP_REQUIRED');
      }
      if (!secret || !totpMatches(secret, otp)) {
        throttle.fail(key);
        throw new HttpError(401, 'Invalid authentication code', 'BAD_OTP');
      }
    }
    throttle.succeed(key);
    await attempt.refund();
    const adminSide = isAdminSide(row.role);
    if (context === 'player' && adminSide)
      throw new HttpError(403, 'Admin accounts sign in at /admin/login', 'WRONG_CONTEXT');
    if (context === 'admin' && !adminSide)
      throw new HttpError(403, 'Player accounts sign in at /login', 'WRONG_CONTEXT');
    if (row.account_locked)
      throw new HttpError(403, 'Your account is locked. Please contact your upline.', 'ACCOUNT_LOCKED');
    const { sessionId, refreshToken } = await sessions.open(row.user_id, context, req.ip, deviceOf(req));
    req.log.info({ userId: row.user_id, context }, 'login');
    req.auth = { sub: row.user_id, role: row.role, ctx: context, sid: sessionId };
    await send(commands, req, { type: 'RecordLogin', userId: row.user_id, context });
    return {
      token: sign({ sub: row.user_id, role: row.role, ctx: context, sid: sessionId }),
      refreshToken,
      role: row.role,
      user: toUserDto(row),
    };
  }

  route(
    {
      method: 'POST',
      url: '/api/auth/login',
      access: 'public',
      tag: 'Auth',
      summary: 'Player login',
      rateLimited: 'login attempts',
      body: LoginBody,
      answer: 'AuthResponse',
    },
    (req, { body }) => login(req, body, 'player'),
  );
  route(
    {
      method: 'POST',
      url: '/api/login-admin',
      access: 'public',
      tag: 'Auth',
      summary: 'Back-office login',
      rateLimited: 'login attempts',
      body: LoginBody,
      answer: 'AuthResponse',
    },
    (req, { body }) => login(req, body, 'admin'),
  );

  route(
    {
      method: 'POST',
      url: '/api/refresh-token',
      access: 'public',
      tag: 'Auth',
      summary: 'A new access token for a refresh token (rotated: each works once)',
      body: RefreshBody,
    },
    async (req, { body: { refreshToken } }) => {
      const rotated = await sessions.rotate(refreshToken);
      // A spent token presented again leaked: the session it belongs to ends everywhere.
      if (rotated && 'reused' in rotated)
        await endSessions(commands, req, rotated.reused.userId, [rotated.reused.sessionId], 'refresh-token-reused');
      if (!rotated || 'reused' in rotated)
        throw new HttpError(401, 'Refresh token is invalid or expired, please log in again', 'REFRESH_INVALID');
      const row = await userById(sql, rotated.userId);
      if (!row || row.account_locked) {
        await sessions.revoke(rotated.sessionId);
        if (row) await endSessions(commands, req, row.user_id, [rotated.sessionId], 'account-locked');
        throw new HttpError(401, 'Your session has ended, please log in again', 'SESSION_REVOKED');
      }
      return {
        token: sign({ sub: row.user_id, role: row.role, ctx: rotated.context, sid: rotated.sessionId }),
        refreshToken: rotated.refreshToken,
        role: row.role,
      };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/auth/logout',
      access: 'password-change',
      backOffice: 'own',
      tag: 'Auth',
      summary: 'End this session',
      body: LogoutBody,
      answer: 'Message',
    },
    async (req) => {
      await sessions.revoke(req.auth!.sid);
      await endSessions(commands, req, req.auth!.sub, [req.auth!.sid], 'logout');
      return { message: 'Logged out' };
    },
  );
}

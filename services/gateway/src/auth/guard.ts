import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RoleSlug } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import type { AuthContext } from './sessions.js';

/** What every request needs of its user, kept in memory (balances are not: they move with every bet). */
export interface DirectoryUser {
  userId: string;
  username: string;
  role: RoleSlug;
  parentId: string | null;
  mustChangePassword: boolean;
  accountLocked: boolean;
  betLocked: boolean;
  /** Privilege names of a restricted sub-login; null = every privilege of its role. */
  privileges: string[] | null;
}

export interface DirectorySession {
  sessionId: string;
  userId: string;
  context: AuthContext;
}

/**
 * The directory (directory/directory.ts) as the guard asks it for a live session: declared here,
 * with the session and user it answers, because the directory also caches markets and sits above auth.
 */
export interface SessionLookup {
  session(sessionId: string): Promise<{ session: DirectorySession; user: DirectoryUser } | null>;
}

export interface AccessClaims {
  sub: string;
  role: RoleSlug;
  ctx: AuthContext;
  sid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
    /** The login's privileges, read with the session check; null = every privilege of its role. */
    privileges: string[] | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

/** Verifies a bearer token; the messages are the ones SPEC.md section 8 clients react to. */
export function verifyAccessToken(app: FastifyInstance, token: string): AccessClaims {
  try {
    return app.jwt.verify<AccessClaims>(token);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new HttpError(
      401,
      code === 'FAST_JWT_EXPIRED' ? 'jwt expired' : 'jwt malformed',
      code === 'FAST_JWT_EXPIRED' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
    );
  }
}

/**
 * The live session of verified claims and its user, as every path to data sees it (REST here, the
 * websocket in ws/access.ts): an ended session is 401, and until the user has made the forced
 * password change only what lets them make it (`passwordChangePending`) is served.
 */
export async function liveSession(
  directory: SessionLookup,
  claims: AccessClaims,
  { passwordChangePending = false } = {},
): Promise<DirectoryUser> {
  const found = await directory.session(claims.sid);
  if (!found || found.session.userId !== claims.sub)
    throw new HttpError(401, 'Your session has ended, please log in again', 'SESSION_REVOKED');
  if (found.user.mustChangePassword && !passwordChangePending)
    throw new HttpError(403, 'Change your password before you continue', 'PASSWORD_CHANGE_REQUIRED');
  return found.user;
}

/**
 * preHandler: a valid access token of the given context (player site, admin area, or either), on a
 * live session (liveSession): the server enforces the forced password change, not just the client.
 */
export function requireAuth(
  app: FastifyInstance,
  directory: SessionLookup,
  context: AuthContext | 'any',
  { passwordChangePending = false } = {},
) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = req.headers.authorization;
    const match = header ? /^Bearer (.+)$/i.exec(header) : null;
    if (!match) throw new HttpError(401, 'No auth token', 'NO_TOKEN');
    const claims = verifyAccessToken(app, match[1]!);
    if (context !== 'any' && claims.ctx !== context) {
      throw new HttpError(
        403,
        context === 'admin' ? 'Player accounts cannot use the admin area' : 'Admin accounts cannot use the player site',
        'WRONG_CONTEXT',
      );
    }
    const user = await liveSession(directory, claims, { passwordChangePending });
    req.auth = claims;
    req.privileges = user.privileges;
  };
}

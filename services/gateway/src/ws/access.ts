import type { FastifyInstance } from 'fastify';
import { TAPE_ROOM, type Privilege } from '@exch/contracts';
import { liveSession, verifyAccessToken, type AccessClaims, type SessionLookup } from '../auth/guard.js';
import type { RouteConfig } from '../http/route.js';

/** The back-office data a socket is pushed: each follows the privilege of the REST route serving it. */
export type BackOfficePush = 'tape' | 'watchedBet' | 'downlineBet' | 'paymentRequests';

/**
 * Each push, named by the REST route that serves the same data: the socket asks exactly the
 * privilege that route names (DESIGN.md rule 8), read off fastify's route table at start.
 */
export const PUSH_SOURCE: Record<BackOfficePush, string> = {
  tape: 'GET /api/admin/bet-tape',
  watchedBet: 'GET /api/admin/bet-tape',
  downlineBet: 'GET /api/bets/event/:matchId/categorized',
  paymentRequests: 'GET /api/admin/payment-requests/pending',
};

/** Rooms that carry back-office data: joined only by a back-office login with the push's privilege. */
export const ROOM_PUSH: ReadonlyMap<string, BackOfficePush> = new Map([[TAPE_ROOM, 'tape']]);

/** Each push's privilege, from the routes registered; a source missing or naming none stops the start. */
export function pushPrivileges(
  registered: readonly { method: string; url: string; route?: RouteConfig }[],
): Record<BackOfficePush, Privilege> {
  const byRoute = new Map(registered.map((r) => [`${r.method} ${r.url}`, r.route?.privilege]));
  const out = {} as Record<BackOfficePush, Privilege>;
  for (const [push, source] of Object.entries(PUSH_SOURCE) as [BackOfficePush, string][]) {
    const privilege = byRoute.get(source);
    if (!privilege || privilege === 'own') throw new Error(`${push} pushes follow ${source}, which names no privilege`);
    out[push] = privilege;
  }
  return out;
}

/** What a socket's login holds while it stays bound: re-read when its account changes. */
export interface SocketStanding {
  /** Privilege names of a restricted sub-login; null: every privilege of its role. */
  privileges: readonly string[] | null;
}

/** How the hub checks a socket's login, with the same rules as REST's guard (auth/guard.ts). */
export interface SocketAccess {
  /** The token's claims and standing; throws what REST answers (expired token, ended session, forced password change). */
  login(token: string): Promise<{ claims: AccessClaims; standing: SocketStanding }>;
  /** The standing of a socket's session now; throws as login does when it may no longer be served. */
  recheck(claims: AccessClaims): Promise<SocketStanding>;
}

export function socketAccess(app: FastifyInstance, directory: SessionLookup): SocketAccess {
  const standing = async (claims: AccessClaims): Promise<SocketStanding> => ({
    privileges: (await liveSession(directory, claims)).privileges,
  });
  return {
    async login(token) {
      const claims = verifyAccessToken(app, token);
      return { claims, standing: await standing(claims) };
    },
    recheck: standing,
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Privilege } from '@exch/contracts';
import { HttpError } from '../http/errors.js';

/** Throws 403 unless the authenticated login holds the privilege (null held = every privilege of its role). */
export function assertPrivilege(req: FastifyRequest, name: Privilege): void {
  const held = req.privileges;
  if (held !== null && !held.includes(name))
    throw new HttpError(403, 'You do not have the privilege for this action', 'NO_PRIVILEGE');
}

/**
 * The privilege the route names for a back-office login acting on another account of its downline
 * (its `{ admin }` access, or RouteSpec.backOffice): the one check REST and its handler share.
 */
export function routePrivilege(req: FastifyRequest): Privilege {
  const privilege = req.routeOptions.config.route?.privilege;
  if (!privilege || privilege === 'own')
    throw new Error(`${req.routeOptions.method} ${req.routeOptions.url} names no privilege for the downline's data`);
  return privilege;
}

/** Throws 403 unless the login holds the privilege its route names for the downline's data (routePrivilege). */
export const assertRoutePrivilege = (req: FastifyRequest): void => assertPrivilege(req, routePrivilege(req));

/**
 * preHandler after requireAuth: a back-office login whose privileges were restricted (multi-login)
 * may only use routes of the privileges it holds. Checked on every request, not just hidden in the UI;
 * the privileges come with the session check, so this costs no query of its own.
 */
export const requirePermission =
  (name: Privilege) =>
  async (req: FastifyRequest, _reply: FastifyReply): Promise<void> =>
    assertPrivilege(req, name);

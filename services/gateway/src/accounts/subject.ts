import type { FastifyRequest } from 'fastify';
import type { SqlClient } from '@exch/contracts';
import { userIdOf } from '@exch/projector/read';
import { HttpError } from '../http/errors.js';
import { inDownline } from './downline.js';
import { assertRoutePrivilege } from './permissions.js';

/**
 * Whose records a caller may read: players their own; back-office logins their own or any
 * downline account's (with the privilege its route names), never another branch's.
 */
export async function subjectOf(sql: SqlClient, req: FastifyRequest, requested: string | undefined): Promise<string> {
  const self = req.auth!.sub;
  if (!requested) return self;
  const userId = await userIdOf(sql, requested);
  if (userId === self) return self;
  if (req.auth!.ctx !== 'admin') throw new HttpError(403, 'Players can only read their own records', 'FORBIDDEN');
  assertRoutePrivilege(req);
  if (!userId || !(await inDownline(sql, self, userId)))
    throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
  return userId;
}

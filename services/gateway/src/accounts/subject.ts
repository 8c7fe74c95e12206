import type { FastifyRequest } from 'fastify';
import type { Privilege, SqlClient } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { inDownline } from './downline.js';
import { assertPrivilege } from './permissions.js';

/**
 * Whose records a caller may read: players their own; back-office logins their own or any
 * downline account's (with the privilege), never another branch's.
 */
export async function subjectOf(
  sql: SqlClient,
  req: FastifyRequest,
  requested: string | undefined,
  permission: Privilege,
): Promise<string> {
  const self = req.auth!.sub;
  if (!requested) return self;
  const { rows } = await sql.query<{ user_id: string }>(
    `select user_id from rm_users where user_id = $1 or username_lower = lower($1)`,
    [requested],
  );
  const userId = rows[0]?.user_id;
  if (userId === self) return self;
  if (req.auth!.ctx !== 'admin') throw new HttpError(403, 'Players can only read their own records', 'FORBIDDEN');
  assertPrivilege(req, permission);
  if (!userId || !(await inDownline(sql, self, userId)))
    throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
  return userId;
}

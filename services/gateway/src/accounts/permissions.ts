import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Privilege, SqlClient } from '@exch/contracts';
import { HttpError } from '../http/errors.js';

/**
 * preHandler after requireAuth: a back-office login whose privileges were restricted (multi-login)
 * may only use routes of the privileges it holds. Checked on every request, not just hidden in the UI.
 */
export function requirePermission(sql: SqlClient, name: Privilege) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const { rows } = await sql.query<{ permissions: string[] | null }>(`select permissions from rm_users where user_id = $1`, [req.auth!.sub]);
    const held = rows[0]?.permissions ?? null;
    if (held !== null && !held.includes(name)) throw new HttpError(403, 'You do not have the privilege for this action', 'NO_PRIVILEGE');
  };
}

import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '@exch/contracts';
import { requireAuth } from '../auth/guard.js';
import type { Sessions } from '../auth/sessions.js';
import { HttpError } from '../http/errors.js';
import { findUserById, toUserDto } from './read.js';

export function userRoutes(app: FastifyInstance, sql: SqlClient, sessions: Sessions): void {
  app.get('/api/users/profile', { preHandler: requireAuth(app, sessions, 'any') }, async (req) => {
    const row = await findUserById(sql, req.auth!.sub);
    if (!row) throw new HttpError(401, 'Your session has ended, please log in again', 'SESSION_REVOKED');
    return toUserDto(row);
  });
}

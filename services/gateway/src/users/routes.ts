import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../accounts/deps.js';
import { HttpError } from '../http/errors.js';
import { findUserById, toUserDto } from './read.js';

export function userRoutes(app: FastifyInstance, { sql, guard }: AccountDeps): void {
  app.get('/api/users/profile', { preHandler: guard.pendingPasswordChange }, async (req) => {
    const row = await findUserById(sql, req.auth!.sub);
    if (!row) throw new HttpError(401, 'Your session has ended, please log in again', 'SESSION_REVOKED');
    return toUserDto(row);
  });
}

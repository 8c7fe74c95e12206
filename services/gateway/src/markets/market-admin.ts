import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Guards } from '../deps.js';
import { HttpError } from '../http/errors.js';

/** SPEC.md section 2: sports, series, matches, markets and messages belong to admin and super admin only. */
async function adminOrSuperAdmin(req: FastifyRequest): Promise<void> {
  const role = req.auth!.role;
  if (role !== 'admin' && role !== 'super-admin')
    throw new HttpError(403, 'Only admin and super admin manage markets', 'FORBIDDEN');
}

export const marketAdminGuard = (guard: Guards): preHandlerAsyncHookHandler[] => [
  ...guard.admin('manage-markets'),
  adminOrSuperAdmin,
];

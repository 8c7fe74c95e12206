import * as v from 'valibot';
import {
  isPrivilege,
  NewPassword,
  text,
  PERMISSION_CATALOG,
  PermissionsPasswordBody,
  PRIVILEGES,
  ROLE_SLUGS,
} from '@exch/contracts';
import { endAllSessions } from '../auth/end-sessions.js';
import { hashPassword } from '../auth/passwords.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import { parse } from '../http/validate.js';
import { downlineOfRoles } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { downlineClient } from './downline.js';
import { checkTransactionPassword } from './transaction-password.js';

const RoleSlugsQuery = v.object({
  role_slugs: v.optional(
    v.pipe(
      text('role_slugs', { max: 200 }),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) => list.every((r) => (ROLE_SLUGS as readonly string[]).includes(r)),
        'role_slugs has an unknown role',
      ),
    ),
    'agent,admin',
  ),
});

/** Multi login (SPEC.md sections 2, 3, 6): privileges and passwords of back-office sub-logins in the downline. */
export function multiLoginRoutes(deps: AccountDeps): void {
  const { sql, commands, route } = deps;

  route(
    {
      method: 'GET',
      url: '/api/roles/super-admin/permissions',
      access: { admin: 'multi-login' },
      tag: 'Multi login',
      summary: 'The privilege catalogue, grouped by category',
    },
    async () => ({
      data: PERMISSION_CATALOG.map((c) => ({
        category: c.category,
        permissions: c.permissions.map((p) => ({ _id: p.name, ...p })),
      })),
    }),
  );

  route(
    {
      method: 'GET',
      url: '/api/downline-users-by-role',
      access: { admin: 'multi-login' },
      tag: 'Multi login',
      summary: 'Downline sub-logins of the given roles with their privileges',
      query: RoleSlugsQuery,
    },
    async (req, { query: { role_slugs } }) => {
      const rows = await downlineOfRoles(sql, req.auth!.sub, role_slugs);
      return {
        data: {
          users_by_role: role_slugs.map((role) => ({
            role,
            users: rows
              .filter((r) => r.role === role)
              .map((r) => ({
                id: r.user_id,
                username: r.username,
                email: { email: null },
                permissions: { role_permissions: r.permissions ?? PRIVILEGES },
              })),
          })),
        },
      };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/users/:id/permissions-password',
      access: { admin: 'multi-login' },
      tag: 'Multi login',
      summary: "Set a sub-login's privileges and optionally its password",
      params: params('id'),
      body: PermissionsPasswordBody,
      answer: 'Message',
    },
    async (req, { params: p, body }) => {
      const unknown = body.permissions.filter((p) => !isPrivilege(p));
      if (unknown.length > 0)
        throw new HttpError(400, `Unknown privilege: ${unknown.join(', ')}`, 'UNKNOWN_PERMISSION');
      const newPassword = body.newPassword ? parse(NewPassword('New password'), body.newPassword) : null;
      const target = await downlineClient(sql, req.auth!.sub, p.id);
      if (target.role.slug !== 'agent' && target.role.slug !== 'admin')
        throw new HttpError(400, 'Multi login manages agent and admin sub-logins only', 'ROLE_NOT_ALLOWED');
      await checkTransactionPassword(sql, deps.throttle, req, body.transactionPass);
      await send(
        commands,
        req,
        { type: 'SetPermissions', userId: target._id, permissions: body.permissions },
        ':permissions',
      );
      if (newPassword) {
        await send(
          commands,
          req,
          {
            type: 'ChangePassword',
            userId: target._id,
            passwordHash: await hashPassword(newPassword),
            mustChangePassword: true,
          },
          ':password',
        );
        await endAllSessions(commands, deps.sessions, req, target._id, 'password-changed');
      }
      return { message: 'User is Seccessfuly updated' };
    },
  );
}

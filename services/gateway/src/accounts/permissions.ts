import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SqlClient } from '@exch/contracts';
import { HttpError } from '../http/errors.js';

/** The privileges a back-office login can hold (SPEC.md section 6, Multi Login), by category. */
export const PERMISSION_CATALOG: { category: string; permissions: { name: string; description: string }[] }[] = [
  {
    category: 'Clients',
    permissions: [
      { name: 'view-clients', description: 'See the client list and drill into the downline' },
      { name: 'create-client', description: 'Create and edit downline accounts' },
      { name: 'deposit-chips', description: 'Deposit chips to a downline account' },
      { name: 'withdraw-chips', description: 'Withdraw chips from a downline account' },
      { name: 'edit-limits', description: 'Change credit reference and exposure limit' },
      { name: 'change-client-password', description: 'Reset a downline account password' },
      { name: 'lock-clients', description: 'Lock or unlock accounts and betting' },
    ],
  },
  {
    category: 'Reports',
    permissions: [
      { name: 'account-statement', description: 'Read account statements of the downline' },
      { name: 'activity-log', description: 'Read the activity log' },
    ],
  },
  {
    category: 'Administration',
    permissions: [
      { name: 'multi-login', description: 'Manage privileges and passwords of sub-logins' },
      { name: 'view-operations', description: 'See projection lag and other operator figures' },
    ],
  },
];

export const PERMISSION_NAMES = new Set(PERMISSION_CATALOG.flatMap((c) => c.permissions.map((p) => p.name)));

/**
 * preHandler after requireAuth: a back-office login whose privileges were restricted (multi-login)
 * may only use routes of the privileges it holds. Checked on every request, not just hidden in the UI.
 */
export function requirePermission(sql: SqlClient, name: string) {
  if (!PERMISSION_NAMES.has(name)) throw new Error(`unknown permission ${name}`);
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const { rows } = await sql.query<{ permissions: string[] | null }>(`select permissions from rm_users where user_id = $1`, [req.auth!.sub]);
    const held = rows[0]?.permissions ?? null;
    if (held !== null && !held.includes(name)) throw new HttpError(403, 'You do not have the privilege for this action', 'NO_PRIVILEGE');
  };
}

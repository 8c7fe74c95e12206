/** The privileges a back-office login can hold (SPEC.md section 6, Multi Login), by category. */
export const PERMISSION_CATALOG = [
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
      { name: 'audit-trail', description: 'Read the audit trail of admin actions in the downline' },
    ],
  },
  {
    category: 'Sports',
    permissions: [
      { name: 'view-bets', description: "See the downline's bets, user books, selection analysis and profit-loss" },
      { name: 'delete-bets', description: 'Delete pending bets of the downline' },
      { name: 'lock-bets', description: 'Lock betting on a match or market for downline users' },
      {
        name: 'manage-markets',
        description: 'Market settings, status, results and the news line (admin and super admin)',
      },
    ],
  },
  {
    category: 'Payments',
    permissions: [
      {
        name: 'payment-requests',
        description: "See, approve and reject the downline's deposit and withdrawal requests",
      },
      { name: 'payment-method', description: 'Set the UPI id and bank account the downline pays deposits to' },
    ],
  },
  {
    category: 'Casino',
    permissions: [
      { name: 'manage-casino', description: 'Suspend and activate the live casino tables (admin and super admin)' },
    ],
  },
  {
    category: 'Administration',
    permissions: [
      { name: 'multi-login', description: 'Manage privileges and passwords of sub-logins' },
      { name: 'view-operations', description: 'See projection lag and other operator figures' },
    ],
  },
] as const;

export type Privilege = (typeof PERMISSION_CATALOG)[number]['permissions'][number]['name'];

export const PRIVILEGES: readonly Privilege[] = PERMISSION_CATALOG.flatMap((c) => c.permissions.map((p) => p.name));

export const isPrivilege = (s: string): s is Privilege => (PRIVILEGES as readonly string[]).includes(s);

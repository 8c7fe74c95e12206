import type { LinkProps } from '@tanstack/react-router';
import type { Privilege } from '../auth/privileges';

interface AdminNavItem {
  label: string;
  to: LinkProps['to'];
  /** Shown to role admin and super admin only (SPEC.md section 6). */
  adminOnly?: boolean;
  /** Shown to the top admin only (the account with no upline). */
  topOnly?: boolean;
  /** Hidden from a multi-login sub-login that does not hold this privilege. */
  privilege?: Privilege;
  /** Shows the downline's pending requests of this kind, kept live (payments/use-pending-counts.ts). */
  pending?: 'deposit' | 'withdraw';
}

interface AdminNavGroup {
  title: string;
  items: AdminNavItem[];
}

/** The back-office menu; pages reached from other pages (a client's transactions, a match's markets) are not listed. */
export const ADMIN_NAV_GROUPS: AdminNavGroup[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/admin' },
      { label: 'Market analysis', to: '/admin/market-analysis' },
    ],
  },
  {
    title: 'Clients',
    items: [
      { label: 'Client list', to: '/admin/list-clients', privilege: 'view-clients' },
      { label: 'Add user', to: '/admin/add-user', privilege: 'create-client' },
      { label: 'Multi login', to: '/admin/multi-login', privilege: 'multi-login' },
    ],
  },
  {
    title: 'Sports & events',
    items: [
      { label: 'Sports list', to: '/admin/sports-list/{-$url}', adminOnly: true },
      { label: 'Event management', to: '/admin/event-management' },
      { label: 'Messages', to: '/admin/messages', adminOnly: true },
    ],
  },
  {
    title: 'Bets & reports',
    items: [
      { label: 'Unsettled bets', to: '/admin/unsettledbet' },
      { label: 'Account statement', to: '/admin/accountstatement' },
      { label: 'Profit & Loss', to: '/admin/profitloss' },
      { label: 'Profit loss report', to: '/admin/profit-loss-report' },
      { label: 'General report', to: '/admin/general-report' },
      { label: 'Partnership statement', to: '/admin/partnership-statement' },
      { label: 'Game reports', to: '/admin/game-reports' },
      { label: 'Audit trail', to: '/admin/audit', privilege: 'audit-trail' },
    ],
  },
  {
    title: 'Risk',
    items: [
      { label: 'Bet tape', to: '/admin/bet-tape', privilege: 'view-bets' },
      { label: 'Risk desk', to: '/admin/risk', privilege: 'view-bets' },
    ],
  },
  {
    title: 'Casino',
    items: [
      { label: 'Casino list', to: '/admin/casino-list' },
      { label: 'Casino result report', to: '/admin/casino-result-report' },
      { label: 'Third-party games', to: '/admin/game-reports/third-party', privilege: 'view-bets' },
    ],
  },
  {
    title: 'Payments',
    items: [
      { label: 'Deposit statement', to: '/admin/depositstatement', privilege: 'payment-requests', pending: 'deposit' },
      { label: 'Withdraw statement', to: '/admin/withdrawstatement', privilege: 'payment-requests' },
      {
        label: 'Withdrawal requests',
        to: '/admin/withdrawal-requests',
        privilege: 'payment-requests',
        pending: 'withdraw',
      },
      { label: 'Payment method', to: '/admin/payment-method', privilege: 'payment-method' },
    ],
  },
  {
    title: 'Operations',
    items: [{ label: 'Projections', to: '/admin/projections', privilege: 'view-operations', topOnly: true }],
  },
  {
    title: 'Account',
    items: [
      { label: 'Change password', to: '/admin/change-password' },
      { label: 'Transaction password', to: '/admin/transaction-password' },
      { label: 'Security', to: '/admin/settings/security-auth' },
      { label: 'Activity log', to: '/admin/activity-log' },
    ],
  },
];

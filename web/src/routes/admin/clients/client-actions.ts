import type { ClientRow } from '@exch/contracts';
import type { Privilege } from '../../../auth/privileges';

/** What a button of a client-list row does; each opens a modal that asks for the transaction password. */
export type ClientActionKind =
  | 'deposit'
  | 'withdraw'
  | 'credit'
  | 'exposure'
  | 'password'
  | 'account-lock'
  | 'bet-lock';

export interface ClientActionSpec {
  kind: ClientActionKind;
  /** The letters on the button. */
  short: string;
  /** What it does, for the tooltip, the legend and screen readers. */
  name: (row: ClientRow) => string;
  /** Its entry in the legend under the table. */
  legend: string;
  privilege: Privilege;
  tone: 'deposit' | 'withdraw' | 'plain' | 'lock';
}

export const CLIENT_ACTIONS: readonly ClientActionSpec[] = [
  {
    kind: 'deposit',
    legend: 'Deposit',
    short: 'D',
    name: () => 'Deposit',
    privilege: 'deposit-chips',
    tone: 'deposit',
  },
  {
    kind: 'withdraw',
    legend: 'Withdraw',
    short: 'W',
    name: () => 'Withdraw',
    privilege: 'withdraw-chips',
    tone: 'withdraw',
  },
  {
    kind: 'credit',
    legend: 'Credit reference',
    short: 'CR',
    name: () => 'Credit reference',
    privilege: 'edit-limits',
    tone: 'plain',
  },
  {
    kind: 'exposure',
    legend: 'Exposure limit',
    short: 'EL',
    name: () => 'Exposure limit',
    privilege: 'edit-limits',
    tone: 'plain',
  },
  {
    kind: 'password',
    legend: 'Password',
    short: 'P',
    name: () => 'Password',
    privilege: 'change-client-password',
    tone: 'plain',
  },
  {
    kind: 'account-lock',
    legend: 'Account lock',
    short: 'AL',
    name: (r) => (r.accountLocked ? 'Unlock account' : 'Lock account'),
    privilege: 'lock-clients',
    tone: 'lock',
  },
  {
    kind: 'bet-lock',
    legend: 'Bet lock',
    short: 'BL',
    name: (r) => (r.betLocked ? 'Unlock betting' : 'Lock betting'),
    privilege: 'lock-clients',
    tone: 'lock',
  },
];

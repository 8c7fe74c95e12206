import * as v from 'valibot';
import { ROLE_SLUGS, type RoleSlug } from '../roles.js';
import { percentBp, rupees } from '../api/amount.js';
import { dateFilter } from '../api/dates.js';
import { idText, text } from '../api/text.js';
import { NewPassword, password, TransactionPassword } from '../api/passwords.js';
import { PageQuery } from '../api/paging.js';

const MISMATCH = 'New password and confirm password must match';

/** A partnership share as a person types it: percent, at most 2 decimals, to basis points (docs/reports.md). */
export const partnershipPercent = () =>
  percentBp('Partnership share', 'Partnership share must be 0 to 100 with at most 2 decimals');

export const CreateUserBody = v.pipe(
  v.strictObject({
    username: v.pipe(
      text('Username', { max: 20 }),
      v.regex(/^[A-Za-z0-9_]{3,20}$/, 'Username must be 3 to 20 letters, digits or _'),
    ),
    fullName: text('Full name', { min: 1, max: 100 }),
    password: NewPassword(),
    confirmPassword: password('Confirm password'),
    role: v.picklist(ROLE_SLUGS, 'Choose a valid role'),
    creditReference: rupees('Credit reference', { allowZero: true }),
    exposureLimit: rupees('Exposure limit', { allowZero: true }),
    /** Back-office roles only; left out, the account holds no share. */
    partnership: v.optional(partnershipPercent()),
    transactionPassword: TransactionPassword,
  }),
  v.check((b) => b.password === b.confirmPassword, 'Password and confirm password must match'),
);
export type CreateUserBody = v.InferOutput<typeof CreateUserBody>;

export const EditUserBody = v.strictObject({
  fullName: text('Full name', { min: 1, max: 100 }),
  creditReference: rupees('Credit reference', { allowZero: true }),
  exposureLimit: rupees('Exposure limit', { allowZero: true }),
  /** Back-office accounts only; left out, the share stays as it is. */
  partnership: v.optional(partnershipPercent()),
  transactionPassword: TransactionPassword,
});

export const ChipsBody = v.strictObject({
  amount: rupees('Amount'),
  remark: v.optional(text('Remark', { max: 200 }), ''),
  transactionPassword: TransactionPassword,
});

export const CreditReferenceBody = v.strictObject({
  creditReference: rupees('Credit reference', { allowZero: true }),
  transactionPassword: TransactionPassword,
});
export const ExposureLimitBody = v.strictObject({
  exposureLimit: rupees('Exposure limit', { allowZero: true }),
  transactionPassword: TransactionPassword,
});

export const ResetPasswordBody = v.pipe(
  v.strictObject({
    newPassword: NewPassword('New password'),
    confirmPassword: password('Confirm password'),
    transactionPassword: TransactionPassword,
  }),
  v.check((b) => b.newPassword === b.confirmPassword, MISMATCH),
);

export const LockBody = v.pipe(
  v.strictObject({
    accountLocked: v.optional(v.boolean('accountLocked must be true or false')),
    betLocked: v.optional(v.boolean('betLocked must be true or false')),
    transactionPassword: TransactionPassword,
  }),
  v.check((b) => b.accountLocked !== undefined || b.betLocked !== undefined, 'Say which lock to change'),
);

export const ChangePasswordBody = v.pipe(
  v.strictObject({
    currentPassword: password('Current password', 200),
    newPassword: NewPassword('New password'),
    confirmPassword: password('Confirm password'),
  }),
  v.check((b) => b.newPassword === b.confirmPassword, MISMATCH),
  v.check((b) => b.currentPassword !== b.newPassword, 'The new password must differ from the current one'),
);

export const FirstPasswordBody = v.pipe(
  v.strictObject({ newPassword: NewPassword('New password'), confirmPassword: password('Confirm password') }),
  v.check((b) => b.newPassword === b.confirmPassword, MISMATCH),
);

export const SetTransactionPasswordBody = v.pipe(
  v.strictObject({
    password: password('Login password', 200),
    transactionPassword: text('Transaction password', { min: 6, max: 100, trim: false }),
    confirmTransactionPassword: password('Confirm transaction password'),
  }),
  v.check(
    (b) => b.transactionPassword === b.confirmTransactionPassword,
    'Transaction password and confirmation must match',
  ),
);

export const PermissionsPasswordBody = v.pipe(
  v.strictObject({
    permissions: v.pipe(
      v.array(idText('Permission'), 'permissions must be a list'),
      v.maxLength(100, 'At most 100 permissions'),
    ),
    newPassword: v.nullish(text('New password', { max: 100, trim: false })),
    confirmNewPassword: v.nullish(text('Confirm password', { max: 100, trim: false })),
    transactionPass: TransactionPassword,
  }),
  v.check((b) => (b.newPassword ?? null) === (b.confirmNewPassword ?? null), MISMATCH),
);

export const TotpCodeBody = v.strictObject({
  code: v.pipe(text('Code', { max: 6 }), v.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});

export const DownlineQuery = v.object({
  parent: v.optional(text('parent', { max: 100 })),
  search: v.optional(text('search', { max: 50 })),
  sort: v.optional(
    v.picklist(['username', 'balance', 'creditReference', 'exposure', 'createdAt', 'role'], 'Unknown sort column'),
    'username',
  ),
  order: v.optional(v.picklist(['asc', 'desc'], 'order must be asc or desc'), 'asc'),
  ...PageQuery,
});

export const StatementQuery = v.object({
  userId: v.optional(idText('userId')),
  from: dateFilter('from'),
  to: dateFilter('to'),
  type: v.optional(v.picklist(['all', 'deposit', 'withdraw', 'settlement', 'mint'], 'Unknown statement type'), 'all'),
  ...PageQuery,
});

/** A downline account as the client list shows it (amounts in rupees). */
export interface ClientRow {
  _id: string;
  username: string;
  fullName: string;
  role: { slug: RoleSlug; name: string };
  parentId: string | null;
  creditReference: number;
  exposureLimit: number;
  balance: number;
  exposure: number;
  availableBalance: number;
  /** Balance less credit reference: what the client is up or down against the credit it was given. */
  clientPnl: number;
  accountLocked: boolean;
  betLocked: boolean;
  downlineCount: number;
  createdAt: string;
  /** Partnership share in percent (docs/reports.md); null for a player. */
  share: number | null;
}

export interface DownlineResponse {
  users: ClientRow[];
  total: number;
  page: number;
  limit: number;
  parent: { _id: string; username: string; role: { slug: RoleSlug; name: string } };
  /** From the caller down to the listed parent, for the drill-down trail. */
  breadcrumb: { _id: string; username: string }[];
}

export interface StatementRow {
  _id: string;
  date: string;
  description: string;
  kind: string;
  credit: number;
  debit: number;
  balance: number;
  remark: string;
  /** What caused the entry: its log position, linkable from the statement. */
  cause: { type: string; position: number };
  /** A bet settlement's or revoke's market: GET /api/transactions/statement/bets lists the bets behind the line. */
  market_id: string | null;
}

export interface ActivityRow {
  _id: string;
  action: string;
  at: string;
  ip: string | null;
  device: string | null;
  actor: string | null;
}

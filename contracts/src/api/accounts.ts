import * as v from 'valibot';
import { ROLE_SLUGS, type RoleSlug } from '../roles.js';
import { rupees } from './amount.js';

const text = (field: string, min: number, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.minLength(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`), v.maxLength(max, `${field} is too long`));

/** At least 8 characters with a letter and a digit: the floor for accounts that hold money. */
export const NewPassword = (field = 'Password') =>
  v.pipe(
    v.string(`${field} must be text`),
    v.minLength(8, `${field} must be at least 8 characters`),
    v.maxLength(100, `${field} is too long`),
    v.regex(/[A-Za-z]/, `${field} must contain a letter`),
    v.regex(/\d/, `${field} must contain a digit`),
  );

const TransactionPassword = v.pipe(v.string('Transaction password is required'), v.minLength(1, 'Transaction password is required'), v.maxLength(100, 'Transaction password is too long'));

const MISMATCH = 'New password and confirm password must match';

export const CreateUserBody = v.pipe(
  v.strictObject({
    username: v.pipe(v.string('Username must be text'), v.trim(), v.regex(/^[A-Za-z0-9_]{3,20}$/, 'Username must be 3 to 20 letters, digits or _')),
    fullName: text('Full name', 1, 100),
    password: NewPassword(),
    confirmPassword: v.string('Confirm password is required'),
    role: v.picklist(ROLE_SLUGS, 'Choose a valid role'),
    creditReference: rupees('Credit reference', { allowZero: true }),
    exposureLimit: rupees('Exposure limit', { allowZero: true }),
    transactionPassword: TransactionPassword,
  }),
  v.check((b) => b.password === b.confirmPassword, 'Password and confirm password must match'),
);
export type CreateUserBody = v.InferOutput<typeof CreateUserBody>;

export const EditUserBody = v.strictObject({
  fullName: text('Full name', 1, 100),
  creditReference: rupees('Credit reference', { allowZero: true }),
  exposureLimit: rupees('Exposure limit', { allowZero: true }),
  transactionPassword: TransactionPassword,
});

export const ChipsBody = v.strictObject({
  amount: rupees('Amount'),
  remark: v.optional(text('Remark', 0, 200), ''),
  transactionPassword: TransactionPassword,
});

export const CreditReferenceBody = v.strictObject({ creditReference: rupees('Credit reference', { allowZero: true }), transactionPassword: TransactionPassword });
export const ExposureLimitBody = v.strictObject({ exposureLimit: rupees('Exposure limit', { allowZero: true }), transactionPassword: TransactionPassword });

export const ResetPasswordBody = v.pipe(
  v.strictObject({ newPassword: NewPassword('New password'), confirmPassword: v.string(), transactionPassword: TransactionPassword }),
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
  v.strictObject({ currentPassword: v.pipe(v.string(), v.minLength(1, 'Current password is required')), newPassword: NewPassword('New password'), confirmPassword: v.string() }),
  v.check((b) => b.newPassword === b.confirmPassword, MISMATCH),
  v.check((b) => b.currentPassword !== b.newPassword, 'The new password must differ from the current one'),
);

export const FirstPasswordBody = v.pipe(
  v.strictObject({ newPassword: NewPassword('New password'), confirmPassword: v.string() }),
  v.check((b) => b.newPassword === b.confirmPassword, MISMATCH),
);

export const SetTransactionPasswordBody = v.pipe(
  v.strictObject({
    password: v.pipe(v.string(), v.minLength(1, 'Login password is required')),
    transactionPassword: v.pipe(v.string(), v.minLength(6, 'Transaction password must be at least 6 characters'), v.maxLength(100)),
    confirmTransactionPassword: v.string(),
  }),
  v.check((b) => b.transactionPassword === b.confirmTransactionPassword, 'Transaction password and confirmation must match'),
);

export const PermissionsPasswordBody = v.pipe(
  v.strictObject({
    permissions: v.array(v.pipe(v.string(), v.maxLength(100)), 'permissions must be a list'),
    newPassword: v.nullable(v.optional(v.string())),
    confirmNewPassword: v.nullable(v.optional(v.string())),
    transactionPass: TransactionPassword,
  }),
  v.check((b) => (b.newPassword ?? null) === (b.confirmNewPassword ?? null), MISMATCH),
);

export const TotpCodeBody = v.strictObject({ code: v.pipe(v.string('Code must be text'), v.regex(/^\d{6}$/, 'Enter the 6-digit code')) });

const intParam = (field: string, def: number, max: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${field} must be a whole number`), v.transform(Number), v.minValue(1, `${field} must be at least 1`), v.maxValue(max, `${field} is at most ${max}`)), String(def));

export const PageQuery = { page: intParam('page', 1, 100_000), limit: intParam('limit', 25, 100) };

export const DownlineQuery = v.object({
  parent: v.optional(v.pipe(v.string(), v.maxLength(50))),
  search: v.optional(v.pipe(v.string(), v.maxLength(50))),
  sort: v.optional(v.picklist(['username', 'balance', 'creditReference', 'exposure', 'createdAt', 'role'], 'Unknown sort column'), 'username'),
  order: v.optional(v.picklist(['asc', 'desc'], 'order must be asc or desc'), 'asc'),
  ...PageQuery,
});

const isoDate = (field: string) => v.optional(v.pipe(v.string(), v.isoDate(`${field} must be a date (YYYY-MM-DD)`)));

export const StatementQuery = v.object({
  userId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  from: isoDate('from'),
  to: isoDate('to'),
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
}

export interface Paged<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface ActivityRow {
  _id: string;
  action: string;
  at: string;
  ip: string | null;
  device: string | null;
  actor: string | null;
}

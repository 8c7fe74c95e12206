import type {
  BetDto,
  ActivityRow,
  AsOfStatement,
  ClientRow,
  DownlineResponse,
  Paged,
  RoleSlug,
  StatementRow,
} from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { apiRequest, queryString } from './client';

/**
 * The account-management calls of the gateway (services/gateway/src/accounts). Amounts go out as
 * the decimal text a person typed, so the server parses them exactly; they come back as rupees.
 * Mutations never toast on their own: the form or modal that made them shows the message.
 */

export interface MessageAnswer {
  message: string;
}

export interface UserAnswer extends MessageAnswer {
  user: ClientRow;
}

// Client list

export type DownlineSort = 'username' | 'balance' | 'creditReference' | 'exposure' | 'createdAt' | 'role';

export interface DownlineParams {
  parent: string | undefined;
  search: string;
  sort: DownlineSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

export const fetchDownline = (p: DownlineParams): Promise<DownlineResponse> =>
  apiRequest<DownlineResponse>(`/users/downline${queryString({ ...p })}`, { auth: 'admin' });

export const fetchClient = (idOrUsername: string): Promise<{ user: ClientRow }> =>
  apiRequest(`/users/${encodeURIComponent(idOrUsername)}`, { auth: 'admin', toast: false });

export interface CreateUserInput {
  username: string;
  fullName: string;
  password: string;
  confirmPassword: string;
  role: RoleSlug;
  creditReference: string;
  exposureLimit: string;
  /** Percent; back-office roles only, left out for a player. */
  partnership?: string;
  transactionPassword: string;
}

export const createUser = (body: CreateUserInput): Promise<UserAnswer> =>
  apiRequest('/users', { method: 'POST', body, auth: 'admin', toast: false });

export interface EditUserInput {
  fullName: string;
  creditReference: string;
  exposureLimit: string;
  partnership?: string;
  transactionPassword: string;
}

export const editUser = (id: string, body: EditUserInput): Promise<UserAnswer> =>
  apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: 'admin', toast: false });

/** Every client-list action: a path under /users/{id}, a method and a body with the transaction password. */
export const clientAction = (
  id: string,
  action: 'deposit' | 'withdraw' | 'credit-reference' | 'exposure-limit' | 'password' | 'lock',
  body: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<MessageAnswer & { user?: ClientRow }> =>
  apiRequest(`/users/${encodeURIComponent(id)}/${action}`, {
    method: action === 'deposit' || action === 'withdraw' ? 'POST' : 'PUT',
    body,
    auth: 'admin',
    toast: false,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });

// One's own account, in either context

export const changePassword = (
  ctx: AuthContextName,
  body: { currentPassword: string; newPassword: string; confirmPassword: string },
): Promise<MessageAnswer> => apiRequest('/users/change-password', { method: 'POST', body, auth: ctx, toast: false });

export const setFirstPassword = (
  ctx: AuthContextName,
  body: { newPassword: string; confirmPassword: string },
): Promise<MessageAnswer & { needsTransactionPassword: boolean }> =>
  apiRequest('/users/first-password', { method: 'POST', body, auth: ctx, toast: false });

export const setTransactionPassword = (
  ctx: AuthContextName,
  body: { password: string; transactionPassword: string; confirmTransactionPassword: string },
): Promise<MessageAnswer> =>
  apiRequest('/users/transaction-password', { method: 'POST', body, auth: ctx, toast: false });

// Statements and the activity log

export type StatementType = 'all' | 'deposit' | 'withdraw' | 'settlement' | 'mint';

export interface StatementParams {
  userId: string | undefined;
  from: string;
  to: string;
  type: StatementType;
  page: number;
  limit: number;
}

export const fetchStatement = (ctx: AuthContextName, p: StatementParams): Promise<Paged<StatementRow>> =>
  apiRequest(`/transactions/statement${queryString({ ...p })}`, { auth: ctx });

/** The bets behind a statement's settlement line: the user's bets on its market, each with its matched price. */
/** A statement line's bets as that line settled them (`line`: a settlement, or the revoke of one). */
export const fetchStatementBets = (
  ctx: AuthContextName,
  p: { userId: string | undefined; marketId: string; position: number },
): Promise<{ data: BetDto[]; line?: 'settled' | 'revoked' | null }> =>
  apiRequest(`/transactions/statement/bets${queryString({ ...p })}`, { auth: ctx });

/** Back office: a wallet's balance at a past moment (`at`, ISO) and its statement up to then. */
export const fetchStatementAsOf = (
  userId: string,
  p: { at: string; page: number; limit: number },
): Promise<AsOfStatement> =>
  apiRequest(`/admin/users/${encodeURIComponent(userId)}/as-of${queryString({ ...p })}`, { auth: 'admin' });

export const fetchActivity = (
  ctx: AuthContextName,
  p: { userId?: string; page: number; limit: number },
): Promise<Paged<ActivityRow>> => apiRequest(`/activity-log${queryString({ ...p })}`, { auth: ctx });

// Two-factor authentication

export const fetchTotpStatus = (ctx: AuthContextName): Promise<{ enabled: boolean }> =>
  apiRequest('/users/2fa', { auth: ctx });

export const startTotpSetup = (ctx: AuthContextName): Promise<{ secret: string; otpauthUrl: string }> =>
  apiRequest('/users/2fa/setup', { method: 'POST', auth: ctx, toast: false });

export const enableTotp = (ctx: AuthContextName, code: string): Promise<MessageAnswer & { enabled: boolean }> =>
  apiRequest('/users/2fa/enable', { method: 'POST', body: { code }, auth: ctx, toast: false });

export const disableTotp = (ctx: AuthContextName, code: string): Promise<MessageAnswer & { enabled: boolean }> =>
  apiRequest('/users/2fa/disable', { method: 'POST', body: { code }, auth: ctx, toast: false });

// Multi login (SPEC.md sections 2, 3, 6)

export interface Permission {
  _id: string;
  name: string;
  description: string;
}

export interface PermissionCategory {
  category: string;
  permissions: Permission[];
}

export interface SubLogin {
  id: string;
  username: string;
  email: { email: string | null };
  permissions: { role_permissions: string[] };
}

export interface UsersByRole {
  role: RoleSlug;
  users: SubLogin[];
}

export const fetchPermissionCatalog = (): Promise<{ data: PermissionCategory[] }> =>
  apiRequest('/roles/super-admin/permissions', { auth: 'admin' });

export const fetchSubLogins = (): Promise<{ data: { users_by_role: UsersByRole[] } }> =>
  apiRequest('/downline-users-by-role?role_slugs=agent,admin', { auth: 'admin' });

export interface PermissionsPasswordInput {
  permissions: string[];
  newPassword: string | null;
  confirmNewPassword: string | null;
  transactionPass: string;
}

export const savePermissionsPassword = (id: string, body: PermissionsPasswordInput): Promise<MessageAnswer> =>
  apiRequest(`/users/${encodeURIComponent(id)}/permissions-password`, {
    method: 'PUT',
    body,
    auth: 'admin',
    toast: false,
  });

import * as v from 'valibot';
import type { RoleSlug } from '../roles.js';
import { text } from '../api/text.js';

export const LoginBody = v.strictObject({
  username: text('username', { min: 1, max: 50 }),
  password: text('password', { min: 1, max: 200, trim: false }),
  /** The authenticator code, needed when the account has two-factor authentication on. */
  otp: v.optional(text('otp', { max: 10 })),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

export const RefreshBody = v.strictObject({
  refreshToken: text('refreshToken', { min: 1, max: 500 }),
});
export type RefreshBody = v.InferOutput<typeof RefreshBody>;

export const LogoutBody = v.optional(v.strictObject({ refreshToken: v.optional(text('refreshToken', { max: 500 })) }));

/** The User of SPEC.md section 3. Amounts are rupees (exact to the paisa; integer paise inside). */
export interface UserDto {
  _id: string;
  username: string;
  fullName: string;
  role: { slug: RoleSlug; name: string };
  /** Rupees; held: pending withdrawals, already out of the balance. */
  balance: { balance: number; exposer: number; held: number };
  creditRefrences: number;
  exposureLimit: number;
  white_label_id: string;
  parentId: string | null;
  mustChangePassword: boolean;
  /** False for a back-office account that has not set its transaction password yet. */
  hasTransactionPassword: boolean;
  totpEnabled: boolean;
  /** Privilege names of a restricted sub-login; null means every privilege of the role. */
  permissions: string[] | null;
  /** Betting locked by an upline: the player site says so before a bet slip opens. */
  betLocked: boolean;
}

export interface AuthResponse {
  token: string;
  refreshToken: string;
  role: RoleSlug;
  user: UserDto;
}

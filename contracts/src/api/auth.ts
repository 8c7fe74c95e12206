import * as v from 'valibot';
import type { RoleSlug } from '../roles.js';

export const LoginBody = v.strictObject({
  username: v.pipe(v.string('username must be a string'), v.trim(), v.minLength(1, 'username is required'), v.maxLength(50, 'username is too long')),
  password: v.pipe(v.string('password must be a string'), v.minLength(1, 'password is required'), v.maxLength(200, 'password is too long')),
  /** The authenticator code, needed when the account has two-factor authentication on. */
  otp: v.optional(v.pipe(v.string('otp must be a string'), v.maxLength(10, 'otp is too long'))),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

export const RefreshBody = v.strictObject({
  refreshToken: v.pipe(v.string('refreshToken must be a string'), v.minLength(1, 'refreshToken is required'), v.maxLength(500, 'refreshToken is too long')),
});
export type RefreshBody = v.InferOutput<typeof RefreshBody>;

export const LogoutBody = v.optional(
  v.strictObject({ refreshToken: v.optional(v.pipe(v.string(), v.maxLength(500))) }),
);

/** The User of SPEC.md section 3. Amounts are rupees (exact to the paisa; integer paise inside). */
export interface UserDto {
  _id: string;
  username: string;
  fullName: string;
  role: { slug: RoleSlug; name: string };
  balance: { balance: number; exposer: number };
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
}

export interface AuthResponse {
  token: string;
  refreshToken: string;
  role: RoleSlug;
  user: UserDto;
}

/** Every error the API returns has this shape. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

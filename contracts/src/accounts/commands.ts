import type { SessionEndReason } from './events.js';
import type { Paise } from '../money.js';
import type { RoleSlug } from '../roles.js';

export interface CreateUser {
  type: 'CreateUser';
  userId: string;
  username: string;
  fullName: string;
  role: RoleSlug;
  /** The creating upline; null only for the first admin. */
  parentId: string | null;
  passwordHash: string;
  creditReference: Paise;
  exposureLimit: Paise;
  mustChangePassword: boolean;
  /** A back-office account's partnership share (basis points), set in the same decision: a refused share creates nobody. */
  shareBp?: number;
}

/** Chips enter the system only here, to a top admin. */
export interface MintChips {
  type: 'MintChips';
  userId: string;
  amount: Paise;
}

export interface TransferChips {
  type: 'TransferChips';
  fromUserId: string;
  toUserId: string;
  amount: Paise;
  remark: string;
}

export interface UpdateUserDetails {
  type: 'UpdateUserDetails';
  userId: string;
  fullName: string;
}

export interface SetCreditReference {
  type: 'SetCreditReference';
  userId: string;
  creditReference: Paise;
}

export interface SetExposureLimit {
  type: 'SetExposureLimit';
  userId: string;
  exposureLimit: Paise;
}

/**
 * The back office's edit form in one decision: the name, both limits and (for a back-office
 * account) the partnership share change together or not at all.
 */
export interface EditUser {
  type: 'EditUser';
  userId: string;
  fullName: string;
  creditReference: Paise;
  exposureLimit: Paise;
  shareBp?: number;
}

/** By the owner (mustChangePassword false) or reset by an upline (true). */
export interface ChangePassword {
  type: 'ChangePassword';
  userId: string;
  passwordHash: string;
  mustChangePassword: boolean;
}

export interface SetTransactionPassword {
  type: 'SetTransactionPassword';
  userId: string;
  transactionPasswordHash: string;
}

export interface SetAccountLock {
  type: 'SetAccountLock';
  userId: string;
  locked: boolean;
}

export interface SetBetLock {
  type: 'SetBetLock';
  userId: string;
  locked: boolean;
}

export interface SetPermissions {
  type: 'SetPermissions';
  userId: string;
  permissions: string[] | null;
}

export interface EnableTotp {
  type: 'EnableTotp';
  userId: string;
}

export interface DisableTotp {
  type: 'DisableTotp';
  userId: string;
}

export interface RecordLogin {
  type: 'RecordLogin';
  userId: string;
  context: 'player' | 'admin';
}

/**
 * Sessions the gateway ended (logout, a reused refresh token, an account lock, a password change):
 * journalled so every gateway closes their websockets and forgets them at once. The sessions
 * themselves live in the gateway's tables; the engine only records the ends.
 */
export interface EndSessions {
  type: 'EndSessions';
  userId: string;
  sessionIds: string[];
  reason: SessionEndReason;
}

export type AccountCommand =
  | CreateUser
  | MintChips
  | TransferChips
  | UpdateUserDetails
  | EditUser
  | SetCreditReference
  | SetExposureLimit
  | ChangePassword
  | SetTransactionPassword
  | SetAccountLock
  | SetBetLock
  | SetPermissions
  | EnableTotp
  | DisableTotp
  | RecordLogin
  | EndSessions;

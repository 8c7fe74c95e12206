import type { Posting } from '../ledger.js';
import type { Paise } from '../money.js';
import type { RoleSlug } from '../roles.js';

export interface UserCreated {
  userId: string;
  username: string;
  fullName: string;
  role: RoleSlug;
  parentId: string | null;
  passwordHash: string;
  creditReference: Paise;
  exposureLimit: Paise;
  mustChangePassword: boolean;
}

export interface ChipsMinted {
  userId: string;
  amount: Paise;
  postings: Posting[];
}

export interface ChipsTransferred {
  /** deposit: an upline gives to its downline (D); withdraw: an upline takes back (W). */
  kind: 'deposit' | 'withdraw';
  fromUserId: string;
  toUserId: string;
  amount: Paise;
  remark: string;
  postings: Posting[];
}

export interface UserDetailsUpdated {
  userId: string;
  fullName: string;
}

export interface CreditReferenceSet {
  userId: string;
  creditReference: Paise;
}

export interface ExposureLimitSet {
  userId: string;
  exposureLimit: Paise;
}

export interface PasswordChanged {
  userId: string;
  passwordHash: string;
  /** True when an upline reset it: the owner must choose a new one at next login. */
  mustChangePassword: boolean;
}

export interface TransactionPasswordSet {
  userId: string;
  transactionPasswordHash: string;
}

export interface AccountLockSet {
  userId: string;
  locked: boolean;
  /** A lock's owner, who set it (docs/risk.md "Locks have an owner"); absent when none is recorded. */
  setBy?: string;
}

export interface BetLockSet {
  userId: string;
  locked: boolean;
  /** A lock's owner, who set it (docs/risk.md "Locks have an owner"); absent when none is recorded. */
  setBy?: string;
}

export interface PermissionsSet {
  userId: string;
  /** Privilege names; null restores the role's full set. */
  permissions: string[] | null;
}

/** The secret itself stays in the gateway's auth tables: an immutable log is no place for it. */
export interface TotpEnabled {
  userId: string;
}

export interface TotpDisabled {
  userId: string;
}

export interface UserLoggedIn {
  userId: string;
  context: 'player' | 'admin';
}

export type SessionEndReason = 'logout' | 'refresh-token-reused' | 'account-locked' | 'password-changed';

export interface SessionsEnded {
  userId: string;
  sessionIds: string[];
  reason: SessionEndReason;
}

export interface AccountEventData {
  UserCreated: UserCreated;
  ChipsMinted: ChipsMinted;
  ChipsTransferred: ChipsTransferred;
  UserDetailsUpdated: UserDetailsUpdated;
  CreditReferenceSet: CreditReferenceSet;
  ExposureLimitSet: ExposureLimitSet;
  PasswordChanged: PasswordChanged;
  TransactionPasswordSet: TransactionPasswordSet;
  AccountLockSet: AccountLockSet;
  BetLockSet: BetLockSet;
  PermissionsSet: PermissionsSet;
  TotpEnabled: TotpEnabled;
  TotpDisabled: TotpDisabled;
  UserLoggedIn: UserLoggedIn;
  SessionsEnded: SessionsEnded;
}

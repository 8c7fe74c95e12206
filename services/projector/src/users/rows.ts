import type { RoleSlug } from '@exch/contracts';

// The rows of the users read model (rm_users, one row per account; DDL in ./projection.ts) as its
// queries (./queries.ts) return them. Money columns are bigints, so text (or numbers on PGlite).

/** The table's name, for a reader that reports on it by name (the ledger check's findings). */
export const USERS_TABLE = 'rm_users';

/** An account with its held chips (the ledger's hold account, not a users column: payments own holds). */
export interface UserRow {
  user_id: string;
  username: string;
  full_name: string;
  role: RoleSlug;
  parent_id: string | null;
  password_hash: string;
  credit_reference: string | number;
  exposure_limit: string | number;
  balance: string | number;
  exposure: string | number;
  /** Pending withdrawals: the balance of hold:{user_id} (payments/). */
  held: string | number;
  must_change_password: boolean;
  account_locked: boolean;
  bet_locked: boolean;
  transaction_password_hash: string | null;
  totp_enabled: boolean;
  permissions: string[] | null;
  created_at: Date | string;
}

/** An account as the client list shows it (CLIENT_COLUMNS). */
export interface ClientDbRow {
  user_id: string;
  username: string;
  full_name: string;
  role: RoleSlug;
  parent_id: string | null;
  credit_reference: string;
  exposure_limit: string;
  balance: string;
  exposure: string;
  account_locked: boolean;
  bet_locked: boolean;
  downline_count: string;
  created_at: Date | string;
  /** Partnership share in basis points; null for a player. */
  share_bp: number | null;
}

/** Who an account is and where in the tree. */
export interface AccountRef {
  user_id: string;
  username: string;
  role: RoleSlug;
  parent_id: string | null;
}

/** What the gateway keeps of an account in memory (its directory): who it is and what it may do. */
export interface DirectoryUserRow extends AccountRef {
  must_change_password: boolean;
  account_locked: boolean;
  bet_locked: boolean;
  permissions: string[] | null;
}

/** A direct child as the profit-loss report lists it, with its count of children and its share now. */
export interface PnlChildRow {
  user_id: string;
  username: string;
  role: RoleSlug;
  downline_count: string;
  share_bp: number | null;
}

/** An account's balances as pushed to it. */
export interface BalanceRow {
  user_id: string;
  balance: string;
  exposure: string;
  held: string;
}

/** An account of a downline with its credit reference and balance (the credit-reference report). */
export interface CreditRow {
  user_id: string;
  username: string;
  role: RoleSlug;
  parent_username: string | null;
  credit_reference: string;
  balance: string;
}

import type { RoleSlug } from '@exch/contracts';

// The rows of rm_users (DDL in ./projection.ts) as the gateway's client list reads them.

/** An account as the client list selects it: rm_users with its downline count and current partnership share. */
export interface ClientRow {
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

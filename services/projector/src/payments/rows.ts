import type { PaymentStatus, PaymentType, PayoutAccount } from '@exch/contracts';

// The rows of the payments' read-model tables (rm_payment_requests, rm_payment_accounts,
// rm_payment_methods, rm_payment_limits; DDL in ./projection.ts) as its queries (./queries.ts)
// return them. The gateway and scripts read these tables only through those.

/** A request with the usernames the back office shows (REQUEST_SELECT). */
export interface RequestRow {
  request_id: string;
  user_id: string;
  username: string | null;
  type: PaymentType;
  method: 'upi' | 'bank';
  amount: string;
  utr: string | null;
  screenshot_id: string | null;
  payee: string | null;
  account: PayoutAccount | null;
  remark: string;
  upline_ids: string[];
  status: PaymentStatus;
  decision_remark: string | null;
  decided_by: string | null;
  wallet: string | null;
  requested_at: Date | string;
  decided_at: Date | string | null;
  endorsed_by: string | null;
  endorsed_wallet_user_id: string | null;
  endorse_remark: string | null;
  endorsed_at: Date | string | null;
}

/** A player's saved payout account, a row of rm_payment_accounts. */
export interface SavedAccountRow {
  account_id: string;
  user_id: string;
  kind: 'bank' | 'upi';
  account_holder_name: string | null;
  account_number: string | null;
  ifsc_code: string | null;
  upi_id: string | null;
  added_at: Date | string;
}

/** An upline's payment method, what its downline pays deposits to. */
export interface PaymentMethodRow {
  upi_id: string | null;
  upi_name: string | null;
  account_holder_name: string | null;
  account_number: string | null;
  ifsc_code: string | null;
}

/** The pending requests of an upline's downline, by type (bigints, so text). */
export interface PendingCountRow {
  upline: string;
  deposit: string;
  withdraw: string;
}

/** The top admin of an account's chain and its approval limits (paise; null: one approval is enough). */
export interface ApprovalLimitsRow {
  user_id: string;
  username: string;
  deposit_above: string | null;
  withdrawal_above: string | null;
}

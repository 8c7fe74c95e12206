import type { Posting } from '../ledger.js';
import type { Paise } from '../money.js';
import type { PaymentMethodFields } from './commands.js';
import type { DepositMethod } from './formats.js';

/** Where a withdrawal is paid, copied from the saved item when asked (deleting the item later changes nothing). */
export type PayoutAccount =
  | { kind: 'bank'; accountHolderName: string; accountNumber: string; ifscCode: string }
  | { kind: 'upi'; upiId: string };

export interface DepositRequested {
  requestId: string;
  userId: string;
  /** The requester's uplines, nearest first: who may decide it and whose pending counts it adds to. */
  uplineIds: string[];
  /** The upline whose payment method the player was shown (the nearest that has one). */
  payeeId: string;
  method: DepositMethod;
  amount: Paise;
  /** Trimmed and upper-case. */
  utr: string;
  screenshotId: string;
  remark: string;
}

/** Moves the amount from the wallet to `hold:{userId}` at once: it can no longer be bet or moved. */
export interface WithdrawalRequested {
  requestId: string;
  userId: string;
  uplineIds: string[];
  amount: Paise;
  account: PayoutAccount;
  remark: string;
  postings: Posting[];
}

/**
 * An upline approved: a deposit's chips come from `walletUserId`'s wallet to the player, as a chip
 * deposit would; a withdrawal's held chips go up to it.
 */
export interface RequestApproved {
  requestId: string;
  userId: string;
  by: string;
  walletUserId: string;
  amount: Paise;
  remark: string;
  postings: Posting[];
}
export type DepositApproved = RequestApproved;
export type WithdrawalApproved = RequestApproved;

/** The first of two approvals (docs/payments.md, second level): nothing moves until the admin approves. */
export interface PaymentRequestEndorsed {
  requestId: string;
  userId: string;
  by: string;
  /** The wallet the endorser named; the admin's approval may keep it. */
  walletUserId: string;
  remark: string;
}

export interface DepositRejected {
  requestId: string;
  userId: string;
  by: string;
  remark: string;
}

/** The hold goes back to the player's wallet. */
export interface WithdrawalRejected {
  requestId: string;
  userId: string;
  by: string;
  amount: Paise;
  remark: string;
  postings: Posting[];
}

export interface BankAccountAdded {
  accountId: string;
  userId: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

export interface UpiIdAdded {
  accountId: string;
  userId: string;
  upiId: string;
}

export interface PaymentAccountDeleted {
  accountId: string;
  userId: string;
}

export interface PaymentMethodSet extends PaymentMethodFields {
  userId: string;
}

export interface ApprovalLimitsSet {
  userId: string;
  depositAbove: Paise | null;
  withdrawalAbove: Paise | null;
}

/**
 * The payments window turns (docs/payments.md "What the engine keeps"): requests decided since the
 * last turn move to the previous generation, still looked up; the generation before it is
 * forgotten, and a command naming one of its requests or UTRs has them read back from the log.
 */
export interface PaymentWindowTurned {
  turnedAt: string;
}

export interface PaymentEventData {
  PaymentWindowTurned: PaymentWindowTurned;
  DepositRequested: DepositRequested;
  WithdrawalRequested: WithdrawalRequested;
  DepositApproved: DepositApproved;
  DepositRejected: DepositRejected;
  WithdrawalApproved: WithdrawalApproved;
  WithdrawalRejected: WithdrawalRejected;
  BankAccountAdded: BankAccountAdded;
  UpiIdAdded: UpiIdAdded;
  PaymentAccountDeleted: PaymentAccountDeleted;
  PaymentMethodSet: PaymentMethodSet;
  PaymentRequestEndorsed: PaymentRequestEndorsed;
  ApprovalLimitsSet: ApprovalLimitsSet;
}

export const paymentRequestStream = (requestId: string): string => `payment-${requestId}`;
// Not `payment-...`: that prefix is the requests' streams, which a turn forgets.
export const PAYMENT_WINDOW_STREAM = 'payments-window';

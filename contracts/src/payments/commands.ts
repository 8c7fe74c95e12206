import type { Paise } from '../money.js';
import type { DepositMethod } from './formats.js';

/** A player asks for chips against money paid to the payee's UPI id or bank account (the UTR proves the payment). */
export interface RequestDeposit {
  type: 'RequestDeposit';
  requestId: string;
  method: DepositMethod;
  amount: Paise;
  utr: string;
  /** The payment screenshot's id in the gateway's store (its SHA-256). */
  screenshotId: string;
  remark: string;
}

/** A player asks to be paid out to one of its saved bank accounts or UPI ids: the amount is held at once. */
export interface RequestWithdrawal {
  type: 'RequestWithdrawal';
  requestId: string;
  accountId: string;
  amount: Paise;
  remark: string;
}

/**
 * An upline of the requester approves: a deposit's chips come from `walletUserId`'s wallet, a
 * withdrawal's held chips go to it. The wallet is the approver's own or one between it and the player.
 */
export interface ApprovePaymentRequest {
  type: 'ApprovePaymentRequest';
  requestId: string;
  walletUserId: string;
  remark: string;
}

export interface RejectPaymentRequest {
  type: 'RejectPaymentRequest';
  requestId: string;
  remark: string;
}

export interface AddBankAccount {
  type: 'AddBankAccount';
  accountId: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

export interface AddUpiId {
  type: 'AddUpiId';
  accountId: string;
  upiId: string;
}

export interface DeletePaymentAccount {
  type: 'DeletePaymentAccount';
  accountId: string;
}

/** What an upline's downline pays deposits to; null fields are not offered. */
export interface PaymentMethodFields {
  upiId: string | null;
  upiName: string | null;
  accountHolderName: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
}

export interface SetPaymentMethod extends PaymentMethodFields {
  type: 'SetPaymentMethod';
}

/**
 * The second level (set by the top admin for its whole downline): a deposit or withdrawal above the
 * amount needs the admin's approval after an upline's. Null: one approval is enough.
 */
export interface SetApprovalLimits {
  type: 'SetApprovalLimits';
  depositAbove: Paise | null;
  withdrawalAbove: Paise | null;
}

export type PaymentCommand =
  | RequestDeposit
  | RequestWithdrawal
  | ApprovePaymentRequest
  | RejectPaymentRequest
  | AddBankAccount
  | AddUpiId
  | DeletePaymentAccount
  | SetPaymentMethod
  | SetApprovalLimits;

import type { Paise, PaymentMethodFields, PayoutAccount } from '@exch/contracts';

export interface PaymentRequestState {
  userId: string;
  type: 'deposit' | 'withdraw';
  amount: Paise;
  status: 'pending' | 'approved' | 'rejected';
  /** Deposits: the normalised UTR. */
  utr: string | null;
  /** Second level: the upline whose approval was the first step, waiting for the admin's. */
  endorsedBy: string | null;
}

export interface SavedAccountState {
  userId: string;
  account: PayoutAccount;
}

/** What the engine decides payments against (docs/payments.md). */
export interface PaymentsState {
  requests: Record<string, PaymentRequestState>;
  /** Normalised UTR -> the request that used it, while that request is not rejected: one use across the platform. */
  utrs: Record<string, string>;
  /** Players' saved bank accounts and UPI ids, by id. */
  accounts: Record<string, SavedAccountState>;
  /** Uplines' payment methods, by user id. */
  methods: Record<string, PaymentMethodFields>;
  /** Second level, by top admin: amounts above which its approval must follow an upline's. */
  limits: Record<string, { depositAbove: Paise | null; withdrawalAbove: Paise | null }>;
}

export const emptyPayments = (): PaymentsState => ({ requests: {}, utrs: {}, accounts: {}, methods: {}, limits: {} });

import { paymentRequestStream, type Paise, type PaymentMethodFields, type PayoutAccount } from '@exch/contracts';

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

/** Requests and the UTRs they hold (normalised UTR -> request id, while the request is not rejected). */
export interface PaymentRequests {
  requests: Record<string, PaymentRequestState>;
  utrs: Record<string, string>;
}

/**
 * What the engine decides payments against (docs/payments.md "What the engine keeps"): pending
 * requests and those decided in the last one or two periods of the payments window. A command
 * naming an older request, or an older request's UTR, is decided with it read back from the log.
 */
export interface PaymentsState extends PaymentRequests {
  /** Requests decided in the period before the window last turned, still looked up. */
  previous: PaymentRequests;
  turnedAt: string | null;
  /** Players' saved bank accounts and UPI ids, by id. */
  accounts: Record<string, SavedAccountState>;
  /** Uplines' payment methods, by user id. */
  methods: Record<string, PaymentMethodFields>;
  /** Second level, by top admin: amounts above which its approval must follow an upline's. */
  limits: Record<string, { depositAbove: Paise | null; withdrawalAbove: Paise | null }>;
}

export const emptyPayments = (): PaymentsState => ({
  requests: {},
  utrs: {},
  previous: { requests: {}, utrs: {} },
  turnedAt: null,
  accounts: {},
  methods: {},
  limits: {},
});

/** Requests read back from the log for one command, by id: decided ones the window forgot. */
export type RecalledRequests = Readonly<Record<string, PaymentRequestState>>;
export const NOTHING_RECALLED: RecalledRequests = {};

/** The request, wherever the engine holds it or a read-back found it. */
export const requestOf = (
  pay: Readonly<PaymentsState>,
  requestId: string,
  recalled: RecalledRequests = NOTHING_RECALLED,
): PaymentRequestState | undefined =>
  pay.requests[requestId] ?? pay.previous.requests[requestId] ?? recalled[requestId];

/** Whether a request the engine holds, or one read back and not rejected, used this UTR. */
export function utrTaken(pay: Readonly<PaymentsState>, utr: string, recalled: RecalledRequests): boolean {
  if (pay.utrs[utr] || pay.previous.utrs[utr]) return true;
  return Object.entries(recalled).some(([id, r]) => r.utr === utr && r.status !== 'rejected' && !requestOf(pay, id));
}

/** The streams of pending requests: the only payment request streams still written. */
export function pendingRequestStreams(pay: Readonly<PaymentsState>): Set<string> {
  const out = new Set<string>();
  for (const [id, r] of Object.entries(pay.requests)) if (r.status === 'pending') out.add(paymentRequestStream(id));
  return out;
}

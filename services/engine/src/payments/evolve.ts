import type { DomainEvent } from '@exch/contracts';
import type { EngineState } from '../state.js';
import { turnPaymentsWindow } from './window.js';

type PaymentEvent = Extract<
  DomainEvent,
  {
    type:
      | 'DepositRequested'
      | 'WithdrawalRequested'
      | 'DepositApproved'
      | 'DepositRejected'
      | 'WithdrawalApproved'
      | 'WithdrawalRejected'
      | 'BankAccountAdded'
      | 'UpiIdAdded'
      | 'PaymentAccountDeleted'
      | 'PaymentMethodSet'
      | 'PaymentRequestEndorsed'
      | 'ApprovalLimitsSet'
      | 'PaymentWindowTurned';
  }
>;

const post = (state: EngineState, postings: readonly { account: string; amount: number }[]) => {
  for (const p of postings) state.balances.set(p.account, (state.balances.get(p.account) ?? 0) + p.amount);
};

/** Folds a payment event in place (evolve.ts's rules: no clock, no ids). */
export function evolvePayments(state: EngineState, e: PaymentEvent): void {
  const pay = state.payments;
  switch (e.type) {
    case 'DepositRequested':
      pay.requests[e.data.requestId] = {
        userId: e.data.userId,
        type: 'deposit',
        amount: e.data.amount,
        status: 'pending',
        utr: e.data.utr,
        endorsedBy: null,
      };
      pay.utrs[e.data.utr] = e.data.requestId;
      return;
    case 'WithdrawalRequested':
      pay.requests[e.data.requestId] = {
        userId: e.data.userId,
        type: 'withdraw',
        amount: e.data.amount,
        status: 'pending',
        utr: null,
        endorsedBy: null,
      };
      return post(state, e.data.postings);
    case 'DepositApproved':
    case 'WithdrawalApproved':
      pay.requests[e.data.requestId]!.status = 'approved';
      return post(state, e.data.postings);
    case 'DepositRejected': {
      const request = pay.requests[e.data.requestId]!;
      request.status = 'rejected';
      // A rejected request's UTR may be used again (a typo, a payment that had not arrived yet).
      if (request.utr !== null && pay.utrs[request.utr] === e.data.requestId) delete pay.utrs[request.utr];
      return;
    }
    case 'WithdrawalRejected':
      pay.requests[e.data.requestId]!.status = 'rejected';
      return post(state, e.data.postings);
    case 'BankAccountAdded':
      pay.accounts[e.data.accountId] = {
        userId: e.data.userId,
        account: {
          kind: 'bank',
          accountHolderName: e.data.accountHolderName,
          accountNumber: e.data.accountNumber,
          ifscCode: e.data.ifscCode,
        },
      };
      return;
    case 'UpiIdAdded':
      pay.accounts[e.data.accountId] = { userId: e.data.userId, account: { kind: 'upi', upiId: e.data.upiId } };
      return;
    case 'PaymentAccountDeleted':
      delete pay.accounts[e.data.accountId];
      return;
    case 'PaymentMethodSet': {
      const { userId, ...method } = e.data;
      pay.methods[userId] = method;
      return;
    }
    case 'PaymentRequestEndorsed':
      pay.requests[e.data.requestId]!.endorsedBy = e.data.by;
      return;
    case 'ApprovalLimitsSet':
      pay.limits[e.data.userId] = { depositAbove: e.data.depositAbove, withdrawalAbove: e.data.withdrawalAbove };
      return;
    case 'PaymentWindowTurned':
      return turnPaymentsWindow(pay, e.data.turnedAt);
  }
}

export const PAYMENT_EVENT_TYPES: ReadonlySet<string> = new Set<PaymentEvent['type']>([
  'DepositRequested',
  'WithdrawalRequested',
  'DepositApproved',
  'DepositRejected',
  'WithdrawalApproved',
  'WithdrawalRejected',
  'BankAccountAdded',
  'UpiIdAdded',
  'PaymentAccountDeleted',
  'PaymentMethodSet',
  'PaymentRequestEndorsed',
  'ApprovalLimitsSet',
  'PaymentWindowTurned',
]);
export const isPaymentEvent = (e: DomainEvent): e is PaymentEvent => PAYMENT_EVENT_TYPES.has(e.type);

import {
  formatPaise,
  holdAccount,
  isPositivePaise,
  normalizeUtr,
  paymentRequestStream,
  SELECT_PAYOUT,
  utrProblem,
  UTR_TAKEN,
  walletAccount,
  DEPOSIT_METHODS,
  type ApprovePaymentRequest,
  type RejectPaymentRequest,
  type RequestDeposit,
  type RequestWithdrawal,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { balanceOf, exposureOfUser, isAncestor, type EngineState, type UserState } from '../state.js';
import { NOTHING_RECALLED, requestOf, utrTaken, type PaymentRequestState, type RecalledRequests } from './state.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The user's uplines, nearest first. */
export function uplinesOf(state: Readonly<EngineState>, userId: string): string[] {
  const out: string[] = [];
  for (let u = state.users.get(userId); u?.parentId; u = state.users.get(u.parentId)) out.push(u.parentId);
  return out;
}

/** Balance less exposure: what can be bet, moved or held. */
const available = (state: Readonly<EngineState>, userId: string) =>
  balanceOf(state, walletAccount(userId)) - exposureOfUser(state, userId);

/** The requester, if it may ask: players only, not locked. */
function requester(
  state: Readonly<EngineState>,
  actor: string | null,
  requestId: string,
): { user: UserState } | { refusal: Decision } {
  const user = actor ? state.users.get(actor) : undefined;
  if (!user || user.role !== 'user')
    return { refusal: refuse('FORBIDDEN', 'Only players can ask for deposits and withdrawals') };
  if (user.accountLocked)
    return { refusal: refuse('ACCOUNT_LOCKED', 'Your account is locked. Please contact your upline.') };
  if (requestOf(state.payments, requestId)) return { refusal: refuse('DUPLICATE_ID', 'This request was already made') };
  return { user };
}

/** `recalled`: the requests the log holds with this UTR that the state no longer does (the engine's loop reads them back). */
export function decideRequestDeposit(
  state: Readonly<EngineState>,
  c: RequestDeposit,
  actor: string | null,
  recalled: RecalledRequests = NOTHING_RECALLED,
): Decision {
  const who = requester(state, actor, c.requestId);
  if ('refusal' in who) return who.refusal;
  if (!isPositivePaise(c.amount)) return refuse('INVALID_AMOUNT', 'Amount must be greater than zero');
  if (!DEPOSIT_METHODS.includes(c.method)) return refuse('INVALID_METHOD', 'Choose UPI Payment or Account Transfer');
  const problem = utrProblem(c.method, c.utr);
  if (problem) return refuse('INVALID_UTR', problem);
  const utr = normalizeUtr(c.utr);
  if (utrTaken(state.payments, utr, recalled)) return refuse('UTR_TAKEN', UTR_TAKEN);
  if (!SHA256_HEX.test(c.screenshotId)) return refuse('INVALID_SCREENSHOT', 'Image is required field');
  const uplineIds = uplinesOf(state, who.user.userId);
  // The nearest upline that has a payment method is the one the player was shown.
  const payeeId = uplineIds.find((id) => state.payments.methods[id]);
  if (!payeeId)
    return refuse('NO_PAYMENT_METHOD', 'No payment method is set up for your account yet. Please contact your upline.');
  const method = state.payments.methods[payeeId]!;
  if (c.method === 'upi' ? method.upiId === null : method.accountNumber === null) {
    return refuse(
      'METHOD_NOT_OFFERED',
      c.method === 'upi'
        ? 'UPI Payment is not offered for your account: use Account Transfer'
        : 'Account Transfer is not offered for your account: use UPI Payment',
    );
  }
  return accept({
    type: 'DepositRequested',
    streamId: paymentRequestStream(c.requestId),
    data: {
      requestId: c.requestId,
      userId: who.user.userId,
      uplineIds,
      payeeId,
      method: c.method,
      amount: c.amount,
      utr,
      screenshotId: c.screenshotId,
      remark: c.remark,
    },
  });
}

export function decideRequestWithdrawal(
  state: Readonly<EngineState>,
  c: RequestWithdrawal,
  actor: string | null,
): Decision {
  const who = requester(state, actor, c.requestId);
  if ('refusal' in who) return who.refusal;
  const userId = who.user.userId;
  if (!isPositivePaise(c.amount)) return refuse('INVALID_AMOUNT', 'Amount must be greater than zero');
  const saved = state.payments.accounts[c.accountId];
  if (!saved || saved.userId !== userId) return refuse('NO_PAYOUT_ACCOUNT', SELECT_PAYOUT);
  const free = available(state, userId);
  if (free < c.amount)
    return refuse('INSUFFICIENT_BALANCE', `Insufficient balance: available ₹${formatPaise(Math.max(0, free))}`);
  return accept({
    type: 'WithdrawalRequested',
    streamId: paymentRequestStream(c.requestId),
    data: {
      requestId: c.requestId,
      userId,
      uplineIds: uplinesOf(state, userId),
      amount: c.amount,
      account: saved.account,
      remark: c.remark,
      postings: [
        { account: walletAccount(userId), amount: -c.amount },
        { account: holdAccount(userId), amount: c.amount },
      ],
    },
  });
}

/**
 * The request, if the actor is an upline of its player and it still waits for a decision; one the
 * state no longer holds (decided long ago) comes from `recalled`, read back from the log.
 */
function pendingFor(
  state: Readonly<EngineState>,
  requestId: string,
  actor: string | null,
  recalled: RecalledRequests,
): { refusal: Decision } | { request: PaymentRequestState } {
  const request = requestOf(state.payments, requestId, recalled);
  if (!request) return { refusal: refuse('REQUEST_NOT_FOUND', 'Payment request not found') };
  if (!isAncestor(state, actor, request.userId))
    return { refusal: refuse('FORBIDDEN', 'Only an upline of this player can decide this request') };
  // Two uplines deciding at the same moment: the engine decides one command at a time, so the second finds it decided.
  if (request.status !== 'pending')
    return { refusal: refuse('REQUEST_DECIDED', `This request has already been ${request.status}`) };
  return { request };
}

export function decideApprovePaymentRequest(
  state: Readonly<EngineState>,
  c: ApprovePaymentRequest,
  actor: string | null,
  recalled: RecalledRequests = NOTHING_RECALLED,
): Decision {
  const found = pendingFor(state, c.requestId, actor, recalled);
  if ('refusal' in found) return found.refusal;
  const { request } = found;
  const wallet = state.users.get(c.walletUserId);
  // The approver's own wallet, or one between it and the player (an agent whose account was paid).
  const allowed =
    wallet &&
    (c.walletUserId === actor ||
      (isAncestor(state, actor, c.walletUserId) && isAncestor(state, c.walletUserId, request.userId)));
  if (!allowed)
    return refuse(
      'INVALID_WALLET',
      'Choose your own wallet or the wallet of an upline of this player in your downline',
    );
  const deposit = request.type === 'deposit';
  const streamId = paymentRequestStream(c.requestId);
  // Second level: above the top admin's limit an upline's approval is a first step; the admin's moves the chips.
  const top = uplinesOf(state, request.userId).at(-1)!;
  const limit = state.payments.limits[top]?.[deposit ? 'depositAbove' : 'withdrawalAbove'] ?? null;
  if (limit !== null && request.amount > limit && actor !== top) {
    if (request.endorsedBy !== null)
      return refuse(
        'AWAITING_ADMIN',
        `This request waits for the admin's approval (approved by ${state.users.get(request.endorsedBy)!.username} first)`,
      );
    return accept({
      type: 'PaymentRequestEndorsed',
      streamId,
      data: {
        requestId: c.requestId,
        userId: request.userId,
        by: actor!,
        walletUserId: c.walletUserId,
        remark: c.remark,
      },
    });
  }
  if (deposit) {
    const free = available(state, c.walletUserId);
    if (free < request.amount) {
      return refuse(
        'INSUFFICIENT_FUNDS',
        `${wallet.username}'s wallet cannot cover this deposit: available ₹${formatPaise(Math.max(0, free))}, needed ₹${formatPaise(request.amount)}`,
      );
    }
  }
  // A deposit moves chips down from the named wallet; a withdrawal moves the held chips up to it.
  const [from, to] = deposit
    ? [walletAccount(c.walletUserId), walletAccount(request.userId)]
    : [holdAccount(request.userId), walletAccount(c.walletUserId)];
  const data = {
    requestId: c.requestId,
    userId: request.userId,
    by: actor!,
    walletUserId: c.walletUserId,
    amount: request.amount,
    remark: c.remark,
    postings: [
      { account: from, amount: -request.amount },
      { account: to, amount: request.amount },
    ],
  };
  return accept(deposit ? { type: 'DepositApproved', streamId, data } : { type: 'WithdrawalApproved', streamId, data });
}

export function decideRejectPaymentRequest(
  state: Readonly<EngineState>,
  c: RejectPaymentRequest,
  actor: string | null,
  recalled: RecalledRequests = NOTHING_RECALLED,
): Decision {
  const found = pendingFor(state, c.requestId, actor, recalled);
  if ('refusal' in found) return found.refusal;
  const { request } = found;
  const base = { requestId: c.requestId, userId: request.userId, by: actor!, remark: c.remark };
  if (request.type === 'deposit')
    return accept({ type: 'DepositRejected', streamId: paymentRequestStream(c.requestId), data: base });
  return accept({
    type: 'WithdrawalRejected',
    streamId: paymentRequestStream(c.requestId),
    data: {
      ...base,
      amount: request.amount,
      postings: [
        { account: holdAccount(request.userId), amount: -request.amount },
        { account: walletAccount(request.userId), amount: request.amount },
      ],
    },
  });
}

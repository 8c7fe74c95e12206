import {
  ACCOUNT_NUMBER,
  isPositivePaise,
  IFSC,
  UPI_ID,
  userStream,
  type AddBankAccount,
  type AddUpiId,
  type DeletePaymentAccount,
  type PaymentMethodFields,
  type SetApprovalLimits,
  type SetPaymentMethod,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState } from '../state.js';
import type { SavedAccountState } from './state.js';

/** Enough for anyone's real accounts; a bound on what one player can make the engine keep. */
export const MAX_SAVED_ACCOUNTS = 10;

const holderProblem = (name: string): string | null =>
  name.trim() === '' || name.length > 100 ? 'Account Holder Name is required (at most 100 characters)' : null;

/** The player and its saved items, if it may save another. */
function saver(
  state: Readonly<EngineState>,
  actor: string | null,
  accountId: string,
): { refusal: Decision } | { userId: string; mine: SavedAccountState[] } {
  const user = actor ? state.users.get(actor) : undefined;
  if (!user || user.role !== 'user') return { refusal: refuse('FORBIDDEN', 'Only players save payout accounts') };
  if (state.payments.accounts[accountId]) return { refusal: refuse('DUPLICATE_ID', 'This account was already added') };
  const mine = Object.values(state.payments.accounts).filter((a) => a.userId === user.userId);
  if (mine.length >= MAX_SAVED_ACCOUNTS)
    return {
      refusal: refuse('TOO_MANY_ACCOUNTS', `You can save at most ${MAX_SAVED_ACCOUNTS} bank accounts and UPI ids`),
    };
  return { userId: user.userId, mine };
}

export function decideAddBankAccount(state: Readonly<EngineState>, c: AddBankAccount, actor: string | null): Decision {
  const who = saver(state, actor, c.accountId);
  if ('refusal' in who) return who.refusal;
  const problem =
    holderProblem(c.accountHolderName) ??
    (ACCOUNT_NUMBER.test(c.accountNumber) ? null : 'Account Number must be 9 to 18 digits') ??
    (IFSC.test(c.ifscCode) ? null : 'IFSC Code must be 4 letters, 0, then 6 letters or digits (e.g. SBIN0001234)');
  if (problem) return refuse('INVALID_ACCOUNT', problem);
  if (
    who.mine.some(
      ({ account: a }) => a.kind === 'bank' && a.accountNumber === c.accountNumber && a.ifscCode === c.ifscCode,
    )
  ) {
    return refuse('ACCOUNT_EXISTS', 'This bank account is already saved');
  }
  const { type: _command, ...fields } = c;
  return accept({
    type: 'BankAccountAdded',
    streamId: userStream(who.userId),
    data: { ...fields, userId: who.userId },
  });
}

export function decideAddUpiId(state: Readonly<EngineState>, c: AddUpiId, actor: string | null): Decision {
  const who = saver(state, actor, c.accountId);
  if ('refusal' in who) return who.refusal;
  if (!UPI_ID.test(c.upiId)) return refuse('INVALID_ACCOUNT', 'UPI Id must look like name@bank');
  if (who.mine.some(({ account: a }) => a.kind === 'upi' && a.upiId.toLowerCase() === c.upiId.toLowerCase()))
    return refuse('ACCOUNT_EXISTS', 'This UPI Id is already saved');
  return accept({
    type: 'UpiIdAdded',
    streamId: userStream(who.userId),
    data: { accountId: c.accountId, userId: who.userId, upiId: c.upiId },
  });
}

export function decideDeletePaymentAccount(
  state: Readonly<EngineState>,
  c: DeletePaymentAccount,
  actor: string | null,
): Decision {
  const saved = state.payments.accounts[c.accountId];
  if (!saved || saved.userId !== actor) return refuse('ACCOUNT_NOT_FOUND', 'Saved account not found');
  return accept({
    type: 'PaymentAccountDeleted',
    streamId: userStream(saved.userId),
    data: { accountId: c.accountId, userId: saved.userId },
  });
}

/** Why a payment method is not usable, or null: formats, and each group (UPI, bank) whole or empty. */
function methodProblem(m: PaymentMethodFields): string | null {
  if ((m.upiId === null) !== (m.upiName === null)) return 'Give both the UPI Id and the UPI Name, or neither';
  const bank = [m.accountHolderName, m.accountNumber, m.ifscCode];
  if (!bank.every((x) => x === null) && !bank.every((x) => x !== null))
    return 'Give the account holder name, account number and IFSC Code together, or none of them';
  if (m.upiId === null && m.accountNumber === null) return 'Give a UPI Id or a bank account';
  if (m.upiId !== null && (!UPI_ID.test(m.upiId) || m.upiName!.trim() === '' || m.upiName!.length > 50))
    return 'UPI Id must look like name@bank, with a UPI Name of at most 50 characters';
  if (m.accountNumber !== null)
    return (
      holderProblem(m.accountHolderName!) ??
      (ACCOUNT_NUMBER.test(m.accountNumber) && IFSC.test(m.ifscCode!)
        ? null
        : 'Check the account number (9 to 18 digits) and the IFSC Code')
    );
  return null;
}

/** An upline sets what its downline pays deposits to; the nearest upline's setting applies to a player. */
export function decideSetPaymentMethod(
  state: Readonly<EngineState>,
  c: SetPaymentMethod,
  actor: string | null,
): Decision {
  const user = actor ? state.users.get(actor) : undefined;
  if (!user || user.role === 'user') return refuse('FORBIDDEN', 'Only back-office accounts set a payment method');
  const { type: _command, ...method } = c;
  const problem = methodProblem(method);
  if (problem) return refuse('INVALID_PAYMENT_METHOD', problem);
  const current = state.payments.methods[user.userId];
  if (current && (Object.keys(method) as (keyof PaymentMethodFields)[]).every((k) => current[k] === method[k]))
    return accept();
  return accept({
    type: 'PaymentMethodSet',
    streamId: userStream(user.userId),
    data: { userId: user.userId, ...method },
  });
}

/** The top admin sets the second level for its whole downline (docs/payments.md). */
export function decideSetApprovalLimits(
  state: Readonly<EngineState>,
  c: SetApprovalLimits,
  actor: string | null,
): Decision {
  const user = actor ? state.users.get(actor) : undefined;
  if (!user || user.role !== 'admin' || user.parentId !== null)
    return refuse('FORBIDDEN', 'Only the top admin sets the second approval');
  for (const limit of [c.depositAbove, c.withdrawalAbove])
    if (limit !== null && !isPositivePaise(limit))
      return refuse('INVALID_AMOUNT', 'A limit must be an amount greater than zero, or none');
  const current = state.payments.limits[user.userId];
  if ((current?.depositAbove ?? null) === c.depositAbove && (current?.withdrawalAbove ?? null) === c.withdrawalAbove)
    return accept();
  return accept({
    type: 'ApprovalLimitsSet',
    streamId: userStream(user.userId),
    data: { userId: user.userId, depositAbove: c.depositAbove, withdrawalAbove: c.withdrawalAbove },
  });
}

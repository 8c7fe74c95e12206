/** The audit rows of what an upline does to an account: creating, editing, locking, passwords, chips, privileges, partnership, deleting its bets, its payment method and limits, the risk desk's own settings. */
import { paiseToRupees, type AuditAction, type StoredEvent } from '@exch/contracts';
import {
  rupeesOrNull,
  userRow,
  type AuditEntry,
  type AuditState,
  type Data,
  type Folded,
  type UserState,
} from './entry.js';

/** An account's event folded, or undefined for one of another kind. */
export function foldUserAudit(e: StoredEvent, state: AuditState | null): Folded | undefined {
  switch (e.type) {
    case 'UserCreated': {
      const d = e.data as Data<'UserCreated'>;
      const user: UserState = {
        fullName: d.fullName,
        creditReference: paiseToRupees(d.creditReference),
        exposureLimit: paiseToRupees(d.exposureLimit),
        accountLocked: false,
        betLocked: false,
        share: d.role === 'user' ? null : 0,
        permissions: null,
      };
      // The password hash stays out: an audit row names what was set, never a secret.
      const after = {
        username: d.username,
        fullName: d.fullName,
        role: d.role,
        creditReference: user.creditReference,
        exposureLimit: user.exposureLimit,
      };
      return { state: user, entry: userRow('user-created', d.userId, null, after) };
    }
    case 'UserDetailsUpdated':
      return setUser(state, e.data as Data<'UserDetailsUpdated'>, 'user-edited', 'fullName', (d) => d.fullName);
    case 'CreditReferenceSet':
      return setUser(state, e.data as Data<'CreditReferenceSet'>, 'credit-reference', 'creditReference', (d) =>
        paiseToRupees(d.creditReference),
      );
    case 'ExposureLimitSet':
      return setUser(state, e.data as Data<'ExposureLimitSet'>, 'exposure-limit', 'exposureLimit', (d) =>
        paiseToRupees(d.exposureLimit),
      );
    case 'AccountLockSet':
      return setUser(state, e.data as Data<'AccountLockSet'>, 'account-lock', 'accountLocked', (d) => d.locked);
    case 'BetLockSet':
      return setUser(state, e.data as Data<'BetLockSet'>, 'bet-lock', 'betLocked', (d) => d.locked);
    case 'PermissionsSet':
      return setUser(state, e.data as Data<'PermissionsSet'>, 'privileges-set', 'permissions', (d) => d.permissions);
    case 'PartnershipSet':
      return setUser(state, e.data as Data<'PartnershipSet'>, 'partnership', 'share', (d) => d.shareBp / 100);
    case 'PasswordChanged': {
      const d = e.data as Data<'PasswordChanged'>;
      // A login changing its own password is no admin action; only a reset by an upline is.
      if (e.metadata.actor === d.userId) return { state, entry: null };
      return { state, entry: userRow('password-reset', d.userId, null, { mustChangePassword: d.mustChangePassword }) };
    }
    case 'ChipsTransferred': {
      const d = e.data as Data<'ChipsTransferred'>;
      const after = { amount: paiseToRupees(d.amount), remark: d.remark };
      // The account acted on is the downline's either way: a deposit goes to it, a withdrawal comes from it.
      const entry =
        d.kind === 'deposit'
          ? userRow('chips-deposit', d.toUserId, null, after)
          : userRow('chips-withdraw', d.fromUserId, null, after);
      return { state, entry };
    }
    case 'BetDeleted': {
      const d = e.data as Data<'BetDeleted'>;
      const entry = userRow(
        'bet-deleted',
        d.userId,
        { status: 'pending' },
        { status: 'deleted' },
        { kind: 'bet', id: d.betId },
      );
      return { state, entry };
    }
    case 'PaymentMethodSet': {
      const { userId, ...fields } = e.data as Data<'PaymentMethodSet'>;
      return { state: fields, entry: userRow('payment-method', userId, state, fields) };
    }
    case 'ApprovalLimitsSet': {
      const d = e.data as Data<'ApprovalLimitsSet'>;
      const limits = { depositAbove: rupeesOrNull(d.depositAbove), withdrawalAbove: rupeesOrNull(d.withdrawalAbove) };
      return { state: limits, entry: userRow('approval-limits', d.userId, state, limits) };
    }
    // The risk desk's own settings (docs/risk.md): a login's big-bet threshold, and whom it watches.
    case 'BigBetThresholdSet': {
      const d = e.data as Data<'BigBetThresholdSet'>;
      const after = { amount: paiseToRupees(d.amount) };
      return { state: after, entry: userRow('big-bet-threshold', d.userId, state, after) };
    }
    case 'WatchSet': {
      const d = e.data as Data<'WatchSet'>;
      const after = { watched: d.watched };
      return { state: after, entry: userRow('watch', d.userId, state ?? { watched: false }, after) };
    }
    default:
      return undefined;
  }
}

/** One field of a user's state set: before and after are that field alone. */
function setUser<D extends { userId: string }, F extends keyof UserState>(
  state: AuditState | null,
  d: D,
  action: AuditAction,
  field: F,
  value: (d: D) => UserState[F],
): { state: AuditState | null; entry: AuditEntry } {
  const user = state as UserState;
  const next = value(d);
  return {
    state: { ...user, [field]: next },
    entry: userRow(action, d.userId, { [field]: user[field] }, { [field]: next }),
  };
}

import {
  paiseToRupees,
  type AuditAction,
  type AuditObjectKind,
  type AuditValue,
  type EventDataByType,
  type MarketResult,
  type StoredEvent,
} from '@exch/contracts';

/**
 * What the audit fold keeps to know an action's "before": the current values admins change, one
 * state row per key. Every key is written by the events of one stream only (a user's, a market's,
 * a table's, a payment request's, the news line's, a match's), so the state, and each row's
 * "before", come out the same whatever order different streams' events are folded in.
 */
export type AuditState = Record<string, unknown>;

export interface UserState extends AuditState {
  fullName: string;
  creditReference: number;
  exposureLimit: number;
  accountLocked: boolean;
  betLocked: boolean;
  /** Percent; null for a player. */
  share: number | null;
  permissions: string[] | null;
}

export interface MarketState extends AuditState {
  /** Runner names by selection id, to name winners and house prices. */
  runners: Record<string, string>;
  settings: { minStake: number; maxStake: number; betDelaySec: number; commission: number };
  status: string;
  result: string | number | null;
  /** House prices by selection id ('fancy' for a fancy's line). */
  house: Record<string, AuditState>;
}

export interface PaymentState extends AuditState {
  kind: 'deposit' | 'withdrawal';
  amount: number;
  status: 'pending' | 'endorsed' | 'approved' | 'rejected';
}

/** One audit row before the fold writes it. */
export interface AuditEntry {
  action: AuditAction;
  targetUserId: string | null;
  object: { kind: AuditObjectKind; id: string } | null;
  before: AuditValue;
  after: AuditValue;
}

type Data<K extends keyof EventDataByType> = EventDataByType[K];

/** The state row an event reads or changes, or null when it needs none. */
export function stateKeyOf(e: StoredEvent): string | null {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'UserCreated':
    case 'UserDetailsUpdated':
    case 'CreditReferenceSet':
    case 'ExposureLimitSet':
    case 'AccountLockSet':
    case 'BetLockSet':
    case 'PermissionsSet':
    case 'PartnershipSet':
      return `user:${d.userId}`;
    case 'MarketLockSet': {
      const l = e.data as Data<'MarketLockSet'>;
      return `lock:${JSON.stringify([l.userId, l.matchId, l.marketKind, l.marketId])}`;
    }
    case 'MarketListed':
    case 'MarketSettingsSet':
    case 'MarketStatusSet':
    case 'MarketSettled':
    case 'MarketVoided':
    case 'ResultRevoked':
    case 'HousePriceSet':
    case 'HousePriceCleared':
      return `market:${d.marketId}`;
    case 'CasinoTableListed':
    case 'CasinoTableStatusSet':
      return `table:${d.tableCode}`;
    case 'DepositRequested':
    case 'WithdrawalRequested':
    case 'PaymentRequestEndorsed':
    case 'DepositApproved':
    case 'WithdrawalApproved':
    case 'DepositRejected':
    case 'WithdrawalRejected':
      return `payment:${d.requestId}`;
    case 'PaymentMethodSet':
      return `payment-method:${d.userId}`;
    case 'ApprovalLimitsSet':
      return `approval-limits:${d.userId}`;
    case 'NewsMessageSet':
      return 'news';
    case 'MatchStreamsSet':
      return `streams:${d.matchId}`;
    case 'BigBetThresholdSet':
      return `big-bet:${d.userId}`;
    case 'WatchSet':
      return `watch:${d.watcherId}:${d.userId}`;
    default:
      return null;
  }
}

const rupeesOrNull = (p: number | null): number | null => (p === null ? null : paiseToRupees(p));

function resultOf(m: MarketState, r: MarketResult): string | number {
  if (r.runs !== undefined) return r.runs;
  return (r.selectionIds ?? [r.selectionId]).map((id) => m.runners[id] ?? String(id)).join(', ');
}

/** A market's house prices named by runner (null when it has none). */
function houseOf(m: MarketState): AuditValue {
  const entries = Object.entries(m.house);
  return entries.length === 0 ? null : Object.fromEntries(entries.map(([id, p]) => [m.runners[id] ?? id, p]));
}

const userRow = (
  action: AuditAction,
  userId: string,
  before: AuditValue,
  after: AuditValue,
  object: AuditEntry['object'] = null,
): AuditEntry => ({ action, targetUserId: userId, object, before, after });

const marketRow = (action: AuditAction, marketId: string, before: AuditValue, after: AuditValue): AuditEntry => ({
  action,
  targetUserId: null,
  object: { kind: 'market', id: marketId },
  before,
  after,
});

/**
 * Folds one event into its state (`state` is the row of stateKeyOf, null when there is none yet)
 * and says what an admin's doing it records. Returns the new state and the entry (null when the
 * event is no admin action of the list: docs/audit.md).
 */
export function foldAudit(
  e: StoredEvent,
  state: AuditState | null,
): { state: AuditState | null; entry: AuditEntry | null } {
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
      return {
        state,
        entry: userRow(d.kind === 'deposit' ? 'chips-deposit' : 'chips-withdraw', d.toUserId, null, after),
      };
    }
    case 'MarketLockSet': {
      const d = e.data as Data<'MarketLockSet'>;
      const scope = { marketKind: d.marketKind ?? 'all' };
      const before = { locked: (state?.locked as boolean | undefined) ?? false, ...scope };
      const object = d.marketId
        ? { kind: 'market' as const, id: d.marketId }
        : { kind: 'match' as const, id: d.matchId };
      return {
        state: { locked: d.locked },
        entry: userRow('market-lock', d.userId, before, { locked: d.locked, ...scope }, object),
      };
    }
    case 'MarketListed': {
      if (state) return { state, entry: null };
      const d = e.data as Data<'MarketListed'>;
      const market: MarketState = {
        runners: Object.fromEntries(d.runners.map((r) => [String(r.selectionId), r.name])),
        settings: {
          minStake: paiseToRupees(d.minStake),
          maxStake: paiseToRupees(d.maxStake),
          betDelaySec: d.betDelaySec,
          commission: d.commissionBp / 100,
        },
        status: 'ACTIVE',
        result: null,
        house: {},
      };
      return { state: market, entry: null };
    }
    case 'MarketSettingsSet': {
      const d = e.data as Data<'MarketSettingsSet'>;
      const m = state as MarketState;
      const settings = {
        minStake: paiseToRupees(d.minStake),
        maxStake: paiseToRupees(d.maxStake),
        betDelaySec: d.betDelaySec,
        commission: d.commissionBp / 100,
      };
      return { state: { ...m, settings }, entry: marketRow('market-settings', d.marketId, m.settings, settings) };
    }
    case 'MarketStatusSet': {
      const d = e.data as Data<'MarketStatusSet'>;
      const m = state as MarketState;
      return {
        state: { ...m, status: d.status },
        entry: marketRow('market-status', d.marketId, { status: m.status }, { status: d.status }),
      };
    }
    case 'MarketSettled': {
      const d = e.data as Data<'MarketSettled'>;
      const m = state as MarketState;
      const result = resultOf(m, d.result);
      return {
        state: { ...m, status: 'SETTLED', result },
        entry: marketRow('result-declared', d.marketId, { result: m.result }, { result }),
      };
    }
    case 'MarketVoided': {
      const d = e.data as Data<'MarketVoided'>;
      const m = state as MarketState;
      return {
        state: { ...m, status: 'SETTLED', result: 'void' },
        entry: marketRow('market-voided', d.marketId, { result: m.result }, { result: 'void' }),
      };
    }
    case 'ResultRevoked': {
      const d = e.data as Data<'ResultRevoked'>;
      const m = state as MarketState;
      return {
        state: { ...m, status: 'CLOSED', result: null },
        entry: marketRow('result-revoked', d.marketId, { result: m.result }, { result: null }),
      };
    }
    case 'HousePriceSet': {
      const d = e.data as Data<'HousePriceSet'>;
      const m = state as MarketState;
      const p = d.price;
      const key = p.type === 'bookmaker' ? String(p.selectionId) : 'fancy';
      const price =
        p.type === 'bookmaker'
          ? { back: p.back, lay: p.lay, status: p.status }
          : { yes: p.yes, no: p.no, status: p.status };
      const named = (v: AuditState | undefined) =>
        v === undefined ? null : p.type === 'bookmaker' ? { runner: m.runners[key] ?? key, ...v } : v;
      return {
        state: { ...m, house: { ...m.house, [key]: price } },
        entry: marketRow('house-price-set', d.marketId, named(m.house[key]), named(price)),
      };
    }
    case 'HousePriceCleared': {
      const d = e.data as Data<'HousePriceCleared'>;
      const m = state as MarketState;
      return { state: { ...m, house: {} }, entry: marketRow('house-price-cleared', d.marketId, houseOf(m), null) };
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
    case 'CasinoTableListed':
      // A table listed again (each start) keeps the status an admin gave it.
      return { state: state ?? { status: 'ACTIVE' }, entry: null };
    case 'CasinoTableStatusSet': {
      const d = e.data as Data<'CasinoTableStatusSet'>;
      const after = { status: d.suspended ? 'SUSPENDED' : 'ACTIVE' };
      const before = { status: (state?.status as string | undefined) ?? 'ACTIVE' };
      const entry: AuditEntry = {
        action: 'casino-table-status',
        targetUserId: null,
        object: { kind: 'casino-table', id: d.tableCode },
        before,
        after,
      };
      return { state: after, entry };
    }
    case 'DepositRequested':
    case 'WithdrawalRequested': {
      const d = e.data as Data<'DepositRequested'>;
      const kind = e.type === 'DepositRequested' ? 'deposit' : 'withdrawal';
      const payment: PaymentState = { kind, amount: paiseToRupees(d.amount), status: 'pending' };
      return { state: payment, entry: null };
    }
    case 'PaymentRequestEndorsed':
      return decide(e, state as PaymentState, 'endorsed', 'payment-endorsed');
    case 'DepositApproved':
    case 'WithdrawalApproved':
      return decide(e, state as PaymentState, 'approved', 'payment-approved');
    case 'DepositRejected':
    case 'WithdrawalRejected':
      return decide(e, state as PaymentState, 'rejected', 'payment-rejected');
    case 'PaymentMethodSet': {
      const { userId, ...fields } = e.data as Data<'PaymentMethodSet'>;
      return { state: fields, entry: userRow('payment-method', userId, state, fields) };
    }
    case 'ApprovalLimitsSet': {
      const d = e.data as Data<'ApprovalLimitsSet'>;
      const limits = { depositAbove: rupeesOrNull(d.depositAbove), withdrawalAbove: rupeesOrNull(d.withdrawalAbove) };
      return { state: limits, entry: userRow('approval-limits', d.userId, state, limits) };
    }
    case 'NewsMessageSet': {
      const after = { text: (e.data as Data<'NewsMessageSet'>).text };
      return { state: after, entry: { action: 'news', targetUserId: null, object: null, before: state, after } };
    }
    case 'MatchStreamsSet': {
      const { matchId, tvUrl, scoreUrl } = e.data as Data<'MatchStreamsSet'>;
      const after = { tvUrl, scoreUrl };
      const entry: AuditEntry = {
        action: 'match-streams',
        targetUserId: null,
        object: { kind: 'match', id: matchId },
        before: state,
        after,
      };
      return { state: after, entry };
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
      return { state, entry: null };
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

function decide(
  e: StoredEvent,
  payment: PaymentState,
  status: PaymentState['status'],
  action: AuditAction,
): { state: AuditState; entry: AuditEntry } {
  const d = e.data as { requestId: string; userId: string; remark: string };
  const { kind, amount } = payment;
  return {
    state: { ...payment, status },
    entry: userRow(
      action,
      d.userId,
      { kind, amount, status: payment.status },
      { kind, amount, status, remark: d.remark },
      { kind: 'payment', id: d.requestId },
    ),
  };
}

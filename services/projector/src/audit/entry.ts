/** The audit fold's state rows and entries, shared by the folds of each kind of action (users.ts, markets.ts, operations.ts). */
import {
  paiseToRupees,
  type AuditAction,
  type AuditObjectKind,
  type AuditValue,
  type EventDataByType,
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

export type Data<K extends keyof EventDataByType> = EventDataByType[K];

/** A fold's answer: the state row after the event, and what an admin's doing it records (null: no audit row). */
export interface Folded {
  state: AuditState | null;
  entry: AuditEntry | null;
}

export const rupeesOrNull = (p: number | null): number | null => (p === null ? null : paiseToRupees(p));

/** A row naming the account acted on. */
export const userRow = (
  action: AuditAction,
  userId: string,
  before: AuditValue,
  after: AuditValue,
  object: AuditEntry['object'] = null,
): AuditEntry => ({ action, targetUserId: userId, object, before, after });

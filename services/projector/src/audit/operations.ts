/** The audit rows of the operations desk: casino tables, payment requests, the news line, a match's streams and read-model rebuilds. */
import { paiseToRupees, type AuditAction, type StoredEvent } from '@exch/contracts';
import { userRow, type AuditEntry, type AuditState, type Data, type Folded, type PaymentState } from './entry.js';

/** A casino table's, a payment request's, the news line's, a match's or a rebuild's event folded, or undefined for one of another kind. */
export function foldOperationsAudit(e: StoredEvent, state: AuditState | null): Folded | undefined {
  switch (e.type) {
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
    case 'ProjectionRebuildRequested': {
      const { name, version } = e.data as Data<'ProjectionRebuildRequested'>;
      const entry: AuditEntry = {
        action: 'projection-rebuild',
        targetUserId: null,
        object: { kind: 'projection', id: name },
        before: null,
        after: { version },
      };
      return { state: null, entry };
    }
    default:
      return undefined;
  }
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

/** The audit fold (docs/audit.md): which state row an event reads, and the fold of each kind of action. */
import type { StoredEvent } from '@exch/contracts';
import type { AuditState, Data, Folded } from './entry.js';
import { foldMarketAudit } from './markets.js';
import { foldOperationsAudit } from './operations.js';
import { foldUserAudit } from './users.js';

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
    case 'MarketRenamed':
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
    case 'ProjectionRebuildRequested':
      return `projection:${d.name}`;
    default:
      return null;
  }
}

/**
 * Folds one event into its state (`state` is the row of stateKeyOf, null when there is none yet)
 * and says what an admin's doing it records. Returns the new state and the entry (null when the
 * event is no admin action of the list: docs/audit.md).
 */
export function foldAudit(e: StoredEvent, state: AuditState | null): Folded {
  return (
    foldUserAudit(e, state) ?? foldMarketAudit(e, state) ?? foldOperationsAudit(e, state) ?? { state, entry: null }
  );
}

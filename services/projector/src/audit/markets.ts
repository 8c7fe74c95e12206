/** The audit rows of what an admin does to a market: its locks, settings, status, house prices and results. */
import { paiseToRupees, type AuditAction, type AuditValue, type MarketResult, type StoredEvent } from '@exch/contracts';
import { userRow, type AuditEntry, type AuditState, type Data, type Folded, type MarketState } from './entry.js';

/** A market's event folded, or undefined for one of another kind. */
export function foldMarketAudit(e: StoredEvent, state: AuditState | null): Folded | undefined {
  switch (e.type) {
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
    // The feed's new names are no admin action: later entries (a result declared) name the runners so.
    case 'MarketRenamed': {
      const d = e.data as Data<'MarketRenamed'>;
      const m = state as MarketState | null;
      if (!m) return { state, entry: null };
      return {
        state: { ...m, runners: Object.fromEntries(d.runners.map((r) => [String(r.selectionId), r.name])) },
        entry: null,
      };
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
    default:
      return undefined;
  }
}

function resultOf(m: MarketState, r: MarketResult): string | number {
  if (r.runs !== undefined) return r.runs;
  return (r.selectionIds ?? [r.selectionId]).map((id) => m.runners[id] ?? String(id)).join(', ');
}

/** A market's house prices named by runner (null when it has none). */
function houseOf(m: MarketState): AuditValue {
  const entries = Object.entries(m.house);
  return entries.length === 0 ? null : Object.fromEntries(entries.map(([id, p]) => [m.runners[id] ?? id, p]));
}

const marketRow = (action: AuditAction, marketId: string, before: AuditValue, after: AuditValue): AuditEntry => ({
  action,
  targetUserId: null,
  object: { kind: 'market', id: marketId },
  before,
  after,
});

import {
  marketStream,
  type DomainEvent,
  type MarketArchived,
  type MarketRestored,
  type RestoreMarket,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { Dict } from '../dict.js';
import { summaryOf } from '../snapshot/summaries.js';
import { bookKey, positionIn, type EngineState } from '../state.js';

/** At most this many markets leave the state in one command, so one turn stays short. */
export const ARCHIVE_BATCH = 200;

/**
 * Markets whose result was declared before `settledBefore` leave the state with their bets
 * (docs/exchange.md "Archived markets"); a result declared before settledAt was kept has none and goes.
 */
export function archivable(state: Readonly<EngineState>, settledBefore: string): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const [marketId, settledAt] of Object.entries(state.unarchived)) {
    if (events.length === ARCHIVE_BATCH) break;
    if (settledAt !== null && settledAt >= settledBefore) continue;
    const m = state.markets.get(marketId)!;
    events.push({
      type: 'MarketArchived',
      streamId: marketStream(m.marketId),
      data: { marketId: m.marketId, matchId: m.matchId, betIds: [...m.betIds] },
    });
  }
  return events;
}

/** The engine's read-back of an archived market: taken only while the market is still archived under that settlement. */
export function decideRestoreMarket(state: Readonly<EngineState>, c: RestoreMarket, actor: string | null): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'Only the engine restores markets');
  const market = state.markets.get(c.restored.marketId);
  if (!market?.archived || market.settlement?.settlementId !== c.restored.settlement.settlementId)
    return refuse('NOT_ARCHIVED', 'This market is not archived');
  return accept({ type: 'MarketRestored', streamId: marketStream(market.marketId), data: c.restored });
}

export function archiveMarket(state: EngineState, d: MarketArchived): void {
  const market = state.markets.get(d.marketId)!;
  for (const id of d.betIds) state.bets.delete(id);
  for (const r of market.runners) state.books.delete(bookKey(market.marketId, r.selectionId));
  for (const [key, price] of Object.entries(state.housePrices))
    if (price.marketId === market.marketId) delete state.housePrices[key];
  delete state.unarchived[market.marketId];
  // The summary keeps what a late command is refused with; the postings come back with the bets.
  state.markets.set(market.marketId, summaryOf(market));
}

export function restoreMarket(state: EngineState, d: MarketRestored): void {
  const market = state.markets.get(d.marketId)!;
  for (const b of d.bets) state.bets.put(b);
  market.betIds = d.bets.map((b) => b.betId);
  market.positions = new Dict();
  for (const b of d.bets) positionIn(market, b.userId).betIds.push(b.betId);
  market.settlement = {
    settlementId: d.settlement.settlementId,
    void: d.settlement.void,
    postings: d.settlement.postings.map((p) => ({ ...p })),
    betIds: [...d.settlement.betIds],
  };
  market.archived = false;
  state.unarchived[market.marketId] = market.settledAt;
}

import {
  MARKET_MEMORY_STREAM,
  marketStream,
  type DomainEvent,
  type MarketForgotten,
  type MarketRemembered,
  type RememberMarket,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { fromMarketSummary } from '../snapshot/summaries.js';
import type { EngineState } from '../state.js';
import { ARCHIVE_BATCH } from './archive.js';

/**
 * Archived markets whose result was declared before `forgetBefore` leave the state, summary and
 * all (docs/exchange.md "Forgotten markets"), at most ARCHIVE_BATCH a command. The walk is over the
 * markets the state holds, which this itself bounds by the memory period (the history generator's
 * state report times it).
 */
export function forgettable(state: Readonly<EngineState>, forgetBefore: string): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const m of state.markets.values()) {
    if (events.length === ARCHIVE_BATCH) break;
    if (!m.archived || (m.settledAt !== null && m.settledAt >= forgetBefore)) continue;
    events.push({
      type: 'MarketForgotten',
      streamId: marketStream(m.marketId),
      data: { marketId: m.marketId, matchId: m.matchId },
    });
  }
  return events;
}

/** The engine's read-back of a forgotten market: taken only while the state still does not hold it. */
export function decideRememberMarket(state: Readonly<EngineState>, c: RememberMarket, actor: string | null): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'Only the engine remembers markets');
  if (state.markets.get(c.remembered.marketId)) return refuse('NOT_FORGOTTEN', 'This market is not forgotten');
  return accept({ type: 'MarketRemembered', streamId: MARKET_MEMORY_STREAM, data: c.remembered });
}

export function forgetMarket(state: EngineState, d: MarketForgotten): void {
  state.markets.delete(d.marketId);
}

export function rememberMarket(state: EngineState, d: MarketRemembered): void {
  state.markets.set(d.marketId, fromMarketSummary(d.summary));
}

import type { MarketRestored, StoredEvent } from '@exch/contracts';
import { emptyState } from '../state.js';
import { evolveBetting } from './evolve.js';

/** The events that shape a market's bets and settlement; others naming the market (locks) do not. */
const MARKET_SHAPING = new Set([
  'MarketListed',
  'MarketSettingsSet',
  'MarketStatusSet',
  'BetPlaced',
  'BetMatched',
  'BetCancelled',
  'BetDeleted',
  'MarketSettled',
  'MarketVoided',
  'ResultRevoked',
  'HousePriceSet',
  'HousePriceCleared',
  'FeedMarketStateSet',
  'RunnerRemoved',
  'BetVoided',
  'BetOddsReduced',
  'ResultProposed',
]);

/**
 * An archived market's bets and settlement, folded from the market's events as the log holds them
 * (EventStore.readMarket): the same evolve as the engine's, over a state of its own, so the bets come
 * back exactly as they were when the market left the state. Null when the log does not hold it settled.
 */
export function readBack(marketId: string, events: readonly StoredEvent[]): MarketRestored | null {
  const scratch = emptyState();
  const streamVersions: Record<string, number> = {};
  for (const e of events) {
    if ((e.data as { marketId?: string }).marketId !== marketId) continue;
    if (e.streamId.startsWith('bet-')) streamVersions[e.streamId] = e.streamVersion;
    if (!MARKET_SHAPING.has(e.type)) continue;
    evolveBetting(scratch, e as unknown as Parameters<typeof evolveBetting>[1]);
  }
  const market = scratch.markets.get(marketId);
  if (!market?.settlement) return null;
  return {
    marketId,
    matchId: market.matchId,
    bets: market.betIds.map((id) => scratch.bets.get(id)!),
    settlement: market.settlement,
    streamVersions,
  };
}

import {
  marketStream,
  type MarketRemembered,
  type MarketRestored,
  type MatchRemembered,
  type StoredEvent,
} from '@exch/contracts';
import { marketSummary } from '../snapshot/summaries.js';
import { emptyState, type EngineState, type MarketState } from '../state.js';
import { evolveBetting } from './evolve.js';

/** The events that shape a market's bets and settlement; others naming the market (locks) do not. */
const MARKET_SHAPING = new Set([
  'MarketListed',
  'MarketRenamed',
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

/** A market's events folded over a state of their own, with the last version of each of its streams in the log. */
function foldMarket(
  marketId: string,
  events: readonly StoredEvent[],
): { market: MarketState | undefined; scratch: EngineState; streamVersions: Record<string, number>; own: number } {
  const scratch = emptyState();
  const streamVersions: Record<string, number> = {};
  const ownStream = marketStream(marketId);
  let own = 0;
  for (const e of events) {
    if ((e.data as { marketId?: string }).marketId !== marketId) continue;
    if (e.streamId.startsWith('bet-')) streamVersions[e.streamId] = e.streamVersion;
    else if (e.streamId === ownStream) own = Math.max(own, e.streamVersion);
    if (!MARKET_SHAPING.has(e.type)) continue;
    evolveBetting(scratch, e as unknown as Parameters<typeof evolveBetting>[1]);
  }
  return { market: scratch.markets.get(marketId), scratch, streamVersions, own };
}

/**
 * An archived market's bets and settlement, folded from the market's events as the log holds them
 * (EventStore.readMarket): the same evolve as the engine's, over a state of its own, so the bets come
 * back exactly as they were when the market left the state. Null when the log does not hold it settled.
 */
export function readBack(marketId: string, events: readonly StoredEvent[]): MarketRestored | null {
  const { market, scratch, streamVersions } = foldMarket(marketId, events);
  if (!market?.settlement) return null;
  return {
    marketId,
    matchId: market.matchId,
    bets: market.betIds.map((id) => scratch.bets.get(id)!),
    settlement: market.settlement,
    streamVersions,
  };
}

/**
 * A forgotten market's summary folded from its events the same way, and its own stream's last
 * version: null when the log holds no settled market of that id (never listed, or a typo).
 */
export function recollect(marketId: string, events: readonly StoredEvent[]): MarketRemembered | null {
  const { market, own } = foldMarket(marketId, events);
  if (!market?.settlement) return null;
  return { marketId, matchId: market.matchId, summary: marketSummary(market), version: own };
}

/** A forgotten match as its stream's events leave it (EventStore.readStream), and the stream's last version; null when the log has none. */
export function recollectMatch(matchId: string, events: readonly StoredEvent[]): MatchRemembered | null {
  const scratch = emptyState();
  let version = 0;
  for (const e of events) {
    version = Math.max(version, e.streamVersion);
    if (e.type === 'MatchListed' || e.type === 'MatchRenamed' || e.type === 'MatchInPlaySet')
      evolveBetting(scratch, e as unknown as Parameters<typeof evolveBetting>[1]);
  }
  const match = scratch.matches[matchId];
  return match ? { match, version } : null;
}

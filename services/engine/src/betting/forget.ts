import {
  MARKET_MEMORY_STREAM,
  marketStream,
  matchStream,
  type DomainEvent,
  type MarketForgotten,
  type MarketRemembered,
  type MatchForgotten,
  type MatchRemembered,
  type RememberMarket,
  type RememberMatch,
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
  const going = new Set<string>();
  for (const m of state.markets.values()) {
    if (events.length === ARCHIVE_BATCH) break;
    if (!m.archived || (m.settledAt !== null && m.settledAt >= forgetBefore)) continue;
    going.add(m.marketId);
    events.push({
      type: 'MarketForgotten',
      streamId: marketStream(m.marketId),
      data: { marketId: m.marketId, matchId: m.matchId },
    });
  }
  return events.concat(matchesLeaving(state, going));
}

/**
 * The matches of the markets forgotten now that no other market the state holds belongs to: a
 * match goes with its last market (one listed without any market stays).
 */
function matchesLeaving(state: Readonly<EngineState>, going: ReadonlySet<string>): DomainEvent[] {
  if (going.size === 0) return [];
  const matches = new Set<string>();
  for (const marketId of going) matches.add(state.markets.get(marketId)!.matchId);
  for (const m of state.markets.values()) if (!going.has(m.marketId)) matches.delete(m.matchId);
  return [...matches]
    .filter((matchId) => state.matches[matchId])
    .map((matchId) => ({ type: 'MatchForgotten', streamId: matchStream(matchId), data: { matchId } }));
}

/** The engine's read-back of a forgotten market: taken only while the state still does not hold it. */
export function decideRememberMarket(state: Readonly<EngineState>, c: RememberMarket, actor: string | null): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'Only the engine remembers markets');
  if (state.markets.get(c.remembered.marketId)) return refuse('NOT_FORGOTTEN', 'This market is not forgotten');
  return accept({ type: 'MarketRemembered', streamId: MARKET_MEMORY_STREAM, data: c.remembered });
}

/** The engine's read-back of a forgotten match: taken only while the state still does not hold it. */
export function decideRememberMatch(state: Readonly<EngineState>, c: RememberMatch, actor: string | null): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'Only the engine remembers matches');
  if (state.matches[c.remembered.match.matchId]) return refuse('NOT_FORGOTTEN', 'This match is not forgotten');
  return accept({ type: 'MatchRemembered', streamId: MARKET_MEMORY_STREAM, data: c.remembered });
}

export function forgetMatch(state: EngineState, d: MatchForgotten): void {
  delete state.matches[d.matchId];
}

export function rememberMatch(state: EngineState, d: MatchRemembered): void {
  state.matches[d.match.matchId] = { ...d.match };
}

export function forgetMarket(state: EngineState, d: MarketForgotten): void {
  state.markets.delete(d.marketId);
}

export function rememberMarket(state: EngineState, d: MarketRemembered): void {
  state.markets.set(d.marketId, fromMarketSummary(d.summary));
}

import {
  marketStream,
  matchStream,
  type ApplyFeedMarketState,
  type ConfirmFeedResult,
  type DomainEvent,
  winnersResult,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState, MarketState } from '../state.js';
import { lapseAtInPlay } from './cancel.js';
import { isMarketAdmin } from './catalogue.js';
import { factorBp, removeRunners } from './removal.js';
import { settlement } from './settle.js';

/** Runner statuses that make a runner a winner of its own market (PLACED: a place in an each-way market). */
const WINNING = new Set(['WINNER', 'PLACED']);

/** Why a market its feed has suspended or closed takes no bet; null when the feed lets it trade. */
export function feedStatusRefusal(market: MarketState): Decision | null {
  if (market.feed?.status === 'SUSPENDED') return refuse('MARKET_SUSPENDED', 'Market is suspended');
  if (market.feed?.status === 'CLOSED') return refuse('MARKET_CLOSED', 'Market is closed for betting');
  return null;
}

/** The in-play delay a bet waits: the market's own setting, and never less than its feed's. */
export const betDelaySecOf = (market: MarketState): number =>
  Math.max(market.betDelaySec, market.feed?.betDelaySec ?? 0);

/**
 * A feed's market definition (system only; docs/exchange.md "Markets from a real exchange feed"):
 * what changed of its status, delay and source is recorded, then one of, in this order: the match
 * turning in play (its unmatched stakes lapse), runners removed (void and reductions,
 * betting/removal.ts), or on CLOSED the winners proposed for settlement. One at a time, because each
 * computes exposures from the state before it: the edge sends the definition again while it still
 * changes something, so a definition that does two of them is applied in two turns.
 * The number of winners is taken from the first definition (the P&L books are built on it).
 */
export function decideApplyFeedMarketState(
  state: Readonly<EngineState>,
  c: ApplyFeedMarketState,
  actor: string | null,
  at: string,
): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'Market definitions come from the feed');
  const u = c.update;
  const market = state.markets.get(u.marketId);
  // Not listed yet (the catalogue sync lists it first), or already settled: nothing to decide.
  if (!market || market.status === 'SETTLED' || market.status === 'VOID') return accept();
  const events: DomainEvent[] = [];
  const feed = {
    marketId: market.marketId,
    status: u.status,
    betDelaySec: Math.max(0, Math.floor(u.betDelaySec)),
    numberOfWinners: market.feed?.numberOfWinners ?? Math.max(1, Math.floor(u.numberOfWinners)),
    source: u.source,
  };
  const was = market.feed;
  if (!was || was.status !== feed.status || was.betDelaySec !== feed.betDelaySec || was.source !== feed.source)
    events.push({ type: 'FeedMarketStateSet', streamId: marketStream(market.marketId), data: feed });
  const match = state.matches[market.matchId];
  if (u.inPlay && match && !match.inPlay) {
    events.push(
      { type: 'MatchInPlaySet', streamId: matchStream(match.matchId), data: { matchId: match.matchId, inPlay: true } },
      ...lapseAtInPlay(state, match.matchId),
    );
    return accept(...events);
  }
  const listed = new Set(market.runners.map((r) => r.selectionId));
  const removals = u.runners
    .filter((r) => r.status === 'REMOVED' && listed.has(r.selectionId))
    .map((r) => ({
      selectionId: r.selectionId,
      adjustmentFactorBp: factorBp(r.adjustmentFactor),
      removedAt: r.removalDate,
    }));
  if (removals.length > 0 && market.kind === 'match_odds') {
    events.push(...removeRunners(state, { ...market, feed }, removals));
    return accept(...events);
  }
  const winners = u.runners.filter((r) => WINNING.has(r.status) && listed.has(r.selectionId)).map((r) => r.selectionId);
  if (u.status === 'CLOSED' && winners.length > 0 && String(winners) !== String(market.proposed ?? []))
    events.push({
      type: 'ResultProposed',
      streamId: marketStream(market.marketId),
      data: { marketId: market.marketId, matchId: market.matchId, selectionIds: winners, proposedAt: at },
    });
  return accept(...events);
}

/**
 * The oldest feed result waiting since before `before`, settled as a confirmation would: one a
 * command, because each settlement's exposures are computed from the state before it.
 */
export function confirmDue(
  state: Readonly<EngineState>,
  before: string | null,
  settlementId: string,
  settledAt: string,
): DomainEvent[] {
  if (before === null) return [];
  for (const [marketId, proposedAt] of Object.entries(state.proposals)) {
    if (proposedAt !== null && proposedAt > before) continue;
    const d = decideConfirmFeedResult(state, { type: 'ConfirmFeedResult', marketId }, null, settlementId, settledAt);
    return d.ok ? d.events : [];
  }
  return [];
}

/** Settles a market on its feed's proposed winners: the system once the confirmation delay is over, or an admin. */
export function decideConfirmFeedResult(
  state: Readonly<EngineState>,
  c: ConfirmFeedResult,
  actor: string | null,
  settlementId: string,
  settledAt: string,
): Decision {
  if (actor !== null && !isMarketAdmin(state, actor))
    return refuse('FORBIDDEN', 'Only admin and super admin declare results');
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (market.status === 'SETTLED' || market.status === 'VOID')
    return refuse('INVALID_RESULT', 'The result of this market is already declared');
  const winners = market.proposed;
  if (!winners || winners.length === 0)
    return refuse('NO_PROPOSED_RESULT', 'The feed has proposed no result for this market');
  return accept(settlement(state, market, winnersResult(winners), settlementId, settledAt));
}

import { randomUUID } from 'node:crypto';
import type { CommandEnvelope, DomainEvent, FeedUpdate } from '@exch/contracts';
import type { Quotes } from '../betting/quotes.js';
import { decide } from '../decide.js';
import { KIND_MATCH_ODDS } from '../betting/bet-store.js';
import { bookKey, type EngineState } from '../state.js';
import { AUTO_CASH_OUT_PREFIX, ownEnvelope, REMATCH_PREFIX } from './queue.js';

/** Journals an accepted decision of the engine's own in the turn under way (and folds it). */
export type JournalOwn = (envelope: CommandEnvelope, decided: DomainEvent[]) => void;

/** A feed update: new prices, then any resting orders on that runner they reach are matched (journalled), then auto cash outs. */
export function applyQuote(state: EngineState, quotes: Quotes, update: FeedUpdate, journal: JournalOwn): void {
  // Scores are for the screens (the gateway keeps them), never decided on: kept here, one per match
  // ever scored, they grew with history. A market with a result takes no bet again: its prices are
  // not kept (Quotes.absorb dropped them).
  if (update.type === 'score') return;
  const status = state.markets.get(update.marketId)?.status;
  if (status === 'SETTLED' || status === 'VOID') return;
  quotes.apply(update);
  // A house rate that moved can cross a bookmaker position's auto cash out; it matches no resting order.
  if (update.type === 'bookmaker') return autoCashOut(state, quotes, update.marketId, update.selectionId, journal);
  if (update.type !== 'exchange') return;
  const envelope = ownEnvelope(REMATCH_PREFIX, new Date().toISOString(), {
    type: 'MatchResting',
    marketId: update.marketId,
    selectionId: update.selectionId,
  });
  const decision = decide(state, envelope, quotes);
  if (decision.ok && decision.events.length > 0) journal(envelope, decision.events);
  autoCashOut(state, quotes, update.marketId, update.selectionId, journal);
}

/**
 * After a command's events: a bet that took a level, rested or left the book moved the ladder players
 * see, so the auto cash-out rules on each match-odds runner it moved are checked as a feed move's
 * are (a loss limit crossed by another player's bet fires then, not at the feed's next price).
 */
export function autoCashOutAfter(state: EngineState, quotes: Quotes, events: DomainEvent[], journal: JournalOwn): void {
  // Most turns run with no rule standing anywhere: nothing to look up (a loop, not Object.keys' array).
  let any = false;
  for (const _ in state.autoCashOut) {
    any = true;
    break;
  }
  if (!any) return;
  let moved: Set<string> | null = null;
  for (const e of events) {
    if (e.type !== 'BetPlaced' && e.type !== 'BetMatched' && e.type !== 'BetCancelled') continue;
    const s = state.bets.slotOf(e.data.betId);
    if (s < 0 || state.bets.kindAt(s) !== KIND_MATCH_ODDS) continue;
    const key = bookKey(state.bets.marketAt(s), state.bets.selectionAt(s));
    if (state.autoCashOut[key]) (moved ??= new Set()).add(key);
  }
  for (const key of moved ?? []) {
    const [marketId, selectionId] = key.split('|') as [string, string];
    autoCashOut(state, quotes, marketId, Number(selectionId), journal);
  }
}

/** The runner's auto cash-out rules the new price crosses fire, one decision each (each hedge takes from the book the last left). */
function autoCashOut(
  state: EngineState,
  quotes: Quotes,
  marketId: string,
  selectionId: number,
  journal: JournalOwn,
): void {
  const rules = state.autoCashOut[bookKey(marketId, selectionId)];
  for (let left = rules ? Object.keys(rules).length : 0; left > 0; left--) {
    const envelope = ownEnvelope(AUTO_CASH_OUT_PREFIX, new Date().toISOString(), {
      type: 'CheckAutoCashOut',
      marketId,
      selectionId,
      betId: randomUUID(),
    });
    const decision = decide(state, envelope, quotes);
    if (!decision.ok || decision.events.length === 0) return;
    journal(envelope, decision.events);
  }
}

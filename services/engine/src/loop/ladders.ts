import type { ExchangeRunnerUpdate, PositionedEvent } from '@exch/contracts';
import { KIND_MATCH_ODDS } from '../betting/bet-store.js';
import { tradedLadder } from '../betting/ladder.js';
import type { QuoteView } from '../betting/quotes.js';
import type { EngineState } from '../state.js';

/** A match-odds runner, as the set of runners a turn moved holds it. */
export const runnerKey = (marketId: string, selectionId: number): string => `${marketId}|${selectionId}`;

/**
 * The ladders of the runners a committed turn moved: those its feed prices named, and those its
 * events touched (a fill or an order resting or leaving names a bet; a market event, every runner).
 */
export function movedLadders(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  moved: Set<string>,
  events: PositionedEvent[],
): ExchangeRunnerUpdate[] {
  for (const e of events) {
    const data = e.data as { betId?: string; marketId?: string };
    const bets = state.bets;
    const s = data.betId ? bets.slotOf(data.betId) : -1;
    if (s >= 0 && bets.kindAt(s) === KIND_MATCH_ODDS) moved.add(runnerKey(bets.marketAt(s), bets.selectionAt(s)));
    else if (s < 0 && data.marketId && state.markets.get(data.marketId)?.kind === 'match_odds') {
      for (const r of state.markets.get(data.marketId)!.runners) moved.add(runnerKey(data.marketId, r.selectionId));
    }
  }
  return [...moved].flatMap((key) => {
    const [marketId, selectionId] = key.split('|') as [string, string];
    return tradedLadder(state, quotes, marketId, Number(selectionId)) ?? [];
  });
}

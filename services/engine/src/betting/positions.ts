import type { Paise } from '@exch/contracts';
import { positionKey, type BetState, type EngineState, type MarketState, type PnlBook } from '../state.js';
import { addBet, addPart, addSlot, bookExposure, emptyBook, trialBook } from './pnl-book.js';

export { matchedOutcome } from './pnl-book.js';

/** The worst outcome of these bets in this market, as a positive amount (from scratch: a revoke reopens them). */
export function exposureIn(market: MarketState, bets: BetState[]): Paise {
  const book = emptyBook(market);
  for (const bet of bets) addBet(book, bet, 1);
  return bookExposure(book);
}

/**
 * A user's market exposure once `changed` (bets a decision is about to change or add) applies: the
 * user's P&L book for the market with those bets' old parts taken out and their new parts put in,
 * so the cost is the changed bets', not the user's open bets'. An array walked by index: an
 * iterator here, fed arrays and a Map's values() by different callers, allocated a result object
 * per bet on every decision (about a tenth of a bet's allocations).
 */
function marketExposureAfter(
  state: Readonly<EngineState>,
  userId: string,
  market: MarketState,
  changed: readonly BetState[],
  position = market.positions.get(userId),
): Paise {
  const book = trialBook(market, position?.book ?? null);
  for (let i = 0; i < changed.length; i++) {
    const bet = changed[i]!;
    if (bet.userId !== userId || bet.marketId !== market.marketId) continue;
    const before = state.bets.slotOf(bet.betId);
    if (before >= 0) addSlot(book, state.bets, before, -1);
    addBet(book, bet, 1);
  }
  return bookExposure(book);
}

/**
 * A bet as a decision is about to leave it, by its numbers: the part its fills' edge and matched
 * stake and its unmatched stake give (pnl-book.ts `addPart`), and the slot of the bet as the state
 * holds it now, whose part it replaces (-1 for a bet being placed). Built for the bet path, which
 * tries the bettor's bet and every counter bet it meets without copying any of them.
 */
export interface Trial {
  userId: string;
  slot: number;
  back: boolean;
  selectionId: number | null;
  odds: number;
  edge: number;
  matched: Paise;
  unmatched: Paise;
}

/** Adds a trial's part to a book, its bet's part as the state holds it taken out first. */
function tryOn(state: Readonly<EngineState>, book: PnlBook, t: Trial): void {
  if (t.slot >= 0) addSlot(book, state.bets, t.slot, -1);
  addPart(book, t.back, t.selectionId, t.odds, t.edge, t.matched, t.unmatched, 1);
}

/** A user's market and total exposure once the trials (a bet and the counter bets it meets, of one market) stand. */
export function exposureOfTrials(
  state: Readonly<EngineState>,
  market: MarketState,
  userId: string,
  first: Trial,
  rest: readonly Trial[],
): { marketExposure: Paise; totalExposure: Paise } {
  const position = market.positions.get(userId);
  const book = trialBook(market, position?.book ?? null);
  if (first.userId === userId) tryOn(state, book, first);
  for (let i = 0; i < rest.length; i++) if (rest[i]!.userId === userId) tryOn(state, book, rest[i]!);
  const marketExposure = bookExposure(book);
  const totalExposure = (state.exposure.get(userId) ?? 0) - (position?.exposure ?? 0) + marketExposure;
  return { marketExposure, totalExposure };
}

/** A user's market and total exposure once `changed` applies. */
export function exposureAfter(
  state: Readonly<EngineState>,
  userId: string,
  marketId: string,
  changed: readonly BetState[],
): { marketExposure: Paise; totalExposure: Paise } {
  const market = state.markets.get(marketId)!;
  const position = market.positions.get(userId);
  const marketExposure = marketExposureAfter(state, userId, market, changed, position);
  const totalExposure = (state.exposure.get(userId) ?? 0) - (position?.exposure ?? 0) + marketExposure;
  return { marketExposure, totalExposure };
}

/**
 * Exposures after several bets change at once, per bet's user and market: a user's total counts
 * the change in every market touched, not only the bet's own.
 */
export function exposuresAfter(
  state: Readonly<EngineState>,
  changed: ReadonlyMap<string, BetState>,
): (bet: BetState) => { marketExposure: Paise; totalExposure: Paise } {
  const markets = new Map<string, Paise>();
  const totals = new Map<string, Paise>();
  const bets = [...changed.values()];
  for (const bet of bets) {
    const key = positionKey(bet.userId, bet.marketId);
    if (markets.has(key)) continue;
    const market = state.markets.get(bet.marketId)!;
    const position = market.positions.get(bet.userId);
    const marketExposure = marketExposureAfter(state, bet.userId, market, bets, position);
    markets.set(key, marketExposure);
    totals.set(
      bet.userId,
      (totals.get(bet.userId) ?? state.exposure.get(bet.userId) ?? 0) + marketExposure - (position?.exposure ?? 0),
    );
  }
  return (bet) => ({
    marketExposure: markets.get(positionKey(bet.userId, bet.marketId))!,
    totalExposure: totals.get(bet.userId)!,
  });
}

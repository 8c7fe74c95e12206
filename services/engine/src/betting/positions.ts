import type { Paise } from '@exch/contracts';
import {
  positionKey,
  type BetState,
  type EngineState,
  type MarketState,
  type PnlBook,
  type Position,
} from '../state.js';
import { addBet, addPart, addSlot, bookExposure, emptyBook, fillSums, trialBook } from './pnl-book.js';

export { matchedOutcome } from './pnl-book.js';

/** The worst outcome of these bets in this market, as a positive amount (from scratch: a revoke reopens them). */
export function exposureIn(market: MarketState, bets: BetState[]): Paise {
  const book = emptyBook(market);
  for (const bet of bets) addBet(book, bet, 1);
  return bookExposure(book);
}

/**
 * A bet as a decision is about to leave it, by its numbers: the part its fills' edge and matched
 * stake and its unmatched stake give (pnl-book.ts `addPart`; none once it is not open), and the
 * slot of the bet as the state holds it now, whose part it replaces (-1 for a bet being placed).
 * The bet path builds them without copying any bet; the other decisions from their bets' copies.
 */
export interface Trial {
  userId: string;
  marketId: string;
  slot: number;
  open: boolean;
  back: boolean;
  selectionId: number | null;
  odds: number;
  edge: number;
  matched: Paise;
  unmatched: Paise;
}

/** A bet a decision changes (a copy of the state's, changed) as a trial. */
function trialOf(state: Readonly<EngineState>, bet: BetState): Trial {
  const { edge, matched } = fillSums(bet);
  return {
    userId: bet.userId,
    marketId: bet.marketId,
    slot: state.bets.slotOf(bet.betId),
    open: bet.status === 'open',
    back: bet.side === 'back',
    selectionId: bet.selectionId,
    odds: bet.odds,
    edge,
    matched,
    unmatched: bet.unmatched,
  };
}

/** Adds a trial's part to a book, its bet's part as the state holds it taken out first. */
function tryOn(state: Readonly<EngineState>, book: PnlBook, t: Trial): void {
  if (t.slot >= 0) addSlot(book, state.bets, t.slot, -1);
  if (t.open) addPart(book, t.back, t.selectionId, t.odds, t.edge, t.matched, t.unmatched, 1);
}

/**
 * A user's market exposure once the trials stand (`bet`, then `others`, those of this user and
 * market): the user's P&L book with those bets' old parts taken out and their new parts put in, so
 * the cost is the changed bets', not the user's open bets'.
 */
function marketExposureOf(
  state: Readonly<EngineState>,
  market: MarketState,
  userId: string,
  position: Position | undefined,
  bet: Trial | null,
  others: readonly Trial[],
): Paise {
  const book = trialBook(market, position?.book ?? null);
  const marketId = market.marketId;
  if (bet && bet.userId === userId && bet.marketId === marketId) tryOn(state, book, bet);
  for (let i = 0; i < others.length; i++) {
    const t = others[i]!;
    if (t.userId === userId && t.marketId === marketId) tryOn(state, book, t);
  }
  return bookExposure(book);
}

/** A user's market and total exposure once the trials (a bet and the counter bets it meets) stand. */
export function exposureOfTrials(
  state: Readonly<EngineState>,
  market: MarketState,
  userId: string,
  bet: Trial | null,
  others: readonly Trial[],
): { marketExposure: Paise; totalExposure: Paise } {
  const position = market.positions.get(userId);
  const marketExposure = marketExposureOf(state, market, userId, position, bet, others);
  const totalExposure = (state.exposure.get(userId) ?? 0) - (position?.exposure ?? 0) + marketExposure;
  return { marketExposure, totalExposure };
}

/** A user's market and total exposure once `changed` (copies of bets, changed) applies. */
export function exposureAfter(
  state: Readonly<EngineState>,
  userId: string,
  marketId: string,
  changed: readonly BetState[],
): { marketExposure: Paise; totalExposure: Paise } {
  const trials = changed.map((bet) => trialOf(state, bet));
  return exposureOfTrials(state, state.markets.get(marketId)!, userId, null, trials);
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
  const trials = [...changed.values()].map((bet) => trialOf(state, bet));
  for (const bet of trials) {
    const key = positionKey(bet.userId, bet.marketId);
    if (markets.has(key)) continue;
    const market = state.markets.get(bet.marketId)!;
    const position = market.positions.get(bet.userId);
    const marketExposure = marketExposureOf(state, market, bet.userId, position, null, trials);
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

import { betOutcome, exchangeOutcome, type Outcome, type Paise } from '@exch/contracts';
import { positionKey, type BetState, type EngineState, type MarketState } from '../state.js';
import { exposureOf, fancyExposure, runnerBook, type FancyPosition, type RunnerPosition } from './exposure.js';

/**
 * What a bet's matched part wins or loses: each fill at its own price, rounded once for the bet
 * (per fill, a later fill or a cancel could add a paisa of liability the bettor was never checked for).
 */
export const matchedOutcome = (bet: BetState): Outcome => betOutcome(bet.kind, bet.side, bet.fills, bet.volume);

function unmatchedOutcome(bet: BetState): Outcome {
  if (bet.unmatched === 0) return { win: 0, lose: 0 };
  const own = exchangeOutcome(bet.side, bet.odds, bet.unmatched);
  if (bet.side === 'back') return own;
  // A lay's liability is rounded up once over its matched and unmatched stake together: fills at its
  // price or better then never raise it, so a rematch cannot take a bettor past his balance.
  const whole = betOutcome(bet.kind, bet.side, [...bet.fills, { price: bet.odds, size: bet.unmatched }], null);
  return { win: own.win, lose: whole.lose - matchedOutcome(bet).lose };
}

/**
 * A user's open bets in a market, with `changed` standing in for bets a decision is about to
 * change or add: exposure can then be computed for the state after the decision without copying it.
 */
export function openBets(state: Readonly<EngineState>, userId: string, marketId: string, changed: ReadonlyMap<string, BetState> = new Map()): BetState[] {
  const ids = state.positions[positionKey(userId, marketId)] ?? [];
  const bets = ids.map((id) => changed.get(id) ?? state.bets[id]!);
  for (const [id, bet] of changed) if (bet.userId === userId && bet.marketId === marketId && !ids.includes(id)) bets.push(bet);
  return bets.filter((b) => b.status === 'open');
}

export const runnerPositions = (bets: BetState[]): RunnerPosition[] =>
  bets.map((b) => ({ selectionId: String(b.selectionId), side: b.side, matched: matchedOutcome(b), unmatched: unmatchedOutcome(b) }));

export const fancyPositions = (bets: BetState[]): FancyPosition[] =>
  bets.map((b) => ({ side: b.side === 'back' ? 'yes' : 'no', line: b.odds, outcome: matchedOutcome(b) }));

/** The worst outcome of these bets in this market, as a positive amount. */
export function exposureIn(market: MarketState, bets: BetState[]): Paise {
  if (bets.length === 0) return 0;
  if (market.kind === 'fancy') return fancyExposure(fancyPositions(bets));
  return exposureOf(runnerBook(market.runners.map((r) => String(r.selectionId)), runnerPositions(bets)).values());
}

/** A user's market and total exposure once `changed` applies. */
export function exposureAfter(state: Readonly<EngineState>, userId: string, marketId: string, changed: ReadonlyMap<string, BetState>): { marketExposure: Paise; totalExposure: Paise } {
  const market = state.markets[marketId]!;
  const key = positionKey(userId, marketId);
  const marketExposure = exposureIn(market, openBets(state, userId, marketId, changed));
  const totalExposure = (state.exposure[userId] ?? 0) - (state.marketExposure[key] ?? 0) + marketExposure;
  return { marketExposure, totalExposure };
}

/**
 * Exposures after several bets change at once, per bet's user and market: a user's total counts
 * the change in every market touched, not only the bet's own.
 */
export function exposuresAfter(state: Readonly<EngineState>, changed: ReadonlyMap<string, BetState>): (bet: BetState) => { marketExposure: Paise; totalExposure: Paise } {
  const markets = new Map<string, Paise>();
  const totals = new Map<string, Paise>();
  for (const bet of changed.values()) {
    const key = positionKey(bet.userId, bet.marketId);
    if (markets.has(key)) continue;
    const { marketExposure } = exposureAfter(state, bet.userId, bet.marketId, changed);
    markets.set(key, marketExposure);
    totals.set(bet.userId, (totals.get(bet.userId) ?? state.exposure[bet.userId] ?? 0) + marketExposure - (state.marketExposure[key] ?? 0));
  }
  return (bet) => ({ marketExposure: markets.get(positionKey(bet.userId, bet.marketId))!, totalExposure: totals.get(bet.userId)! });
}

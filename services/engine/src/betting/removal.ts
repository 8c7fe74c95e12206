import { betStream, marketStream, type DomainEvent, type Paise } from '@exch/contracts';
import type { BetState, EngineState, MarketState } from '../state.js';
import { exposureIn } from './positions.js';

/** A runner the feed removed, with its reduction factor in hundredths of a percent. */
export interface Removal {
  selectionId: number;
  adjustmentFactorBp: number;
  removedAt: string | null;
}

/** Betfair publishes the factor in percent with two decimals (23.5): hundredths of a percent, an integer. */
export const factorBp = (percent: number | null): number =>
  Math.min(10_000, Math.max(0, Math.round((percent ?? 0) * 100)));

/** The lowest price on the ladder: a reduction never takes a price below it. */
const MIN_PRICE = 101;

/**
 * A matched price after a non-runner with reduction factor R (docs/exchange.md, Betfair's
 * non-runner rule): in a market with one winner the whole price is reduced, p' = p x (1 - R); in a
 * market paying several winners (a place market) only the winnings part, p' = 1 + (p - 1) x (1 - R).
 * In integer hundredths, rounded to the nearest hundredth (a half up), and never below 1.01.
 */
export function reducedPrice(price: number, adjustmentFactorBp: number, winners: number): number {
  const keep = 10_000 - adjustmentFactorBp;
  const reduced =
    winners > 1
      ? 100 + Math.floor(((price - 100) * keep + 5_000) / 10_000)
      : Math.floor((price * keep + 5_000) / 10_000);
  return Math.max(MIN_PRICE, reduced);
}

/**
 * Runners removed from a match-odds market: every bet on them is void whole; every other bet's
 * unmatched rest lapses (a price asked before the withdrawal is no price now) and its matched
 * prices are reduced by each removed runner's factor in turn, back and lay alike, so two players
 * matched with each other stay matched at one price. Each bet event carries its bettor's exposure
 * once the whole removal applies (the market's book recomputed without the removed runners).
 */
export function removeRunners(state: Readonly<EngineState>, market: MarketState, removals: Removal[]): DomainEvent[] {
  const gone = new Set(removals.map((r) => r.selectionId));
  const winners = market.feed?.numberOfWinners ?? 1;
  const after: MarketState = { ...market, runners: market.runners.filter((r) => !gone.has(r.selectionId)) };
  const open = state.bets.openOf(market.betIds);
  const remaining = new Map<string, BetState[]>();
  const reduced = new Map<string, BetState>();
  for (const bet of open) {
    if (gone.has(bet.selectionId!)) continue;
    const fills = bet.fills.map((f) => ({
      size: f.size,
      price: removals.reduce((p, r) => reducedPrice(p, r.adjustmentFactorBp, winners), f.price),
    }));
    const now = { ...bet, fills, unmatched: 0 };
    reduced.set(bet.betId, now);
    remaining.set(bet.userId, [...(remaining.get(bet.userId) ?? []), now]);
  }
  const exposureOf = (userId: string): { marketExposure: Paise; totalExposure: Paise } => {
    const marketExposure = exposureIn(after, remaining.get(userId) ?? []);
    const totalExposure =
      (state.exposure.get(userId) ?? 0) - (market.positions.get(userId)?.exposure ?? 0) + marketExposure;
    return { marketExposure, totalExposure };
  };
  const events: DomainEvent[] = removals.map((r) => ({
    type: 'RunnerRemoved',
    streamId: marketStream(market.marketId),
    data: {
      marketId: market.marketId,
      matchId: market.matchId,
      selectionId: r.selectionId,
      adjustmentFactorBp: r.adjustmentFactorBp,
      removedAt: r.removedAt,
    },
  }));
  for (const bet of open) {
    const base = { betId: bet.betId, userId: bet.userId, marketId: bet.marketId };
    const now = reduced.get(bet.betId);
    if (!now) {
      events.push({
        type: 'BetVoided',
        streamId: betStream(bet.betId),
        data: { ...base, reason: 'non-runner', ...exposureOf(bet.userId) },
      });
      continue;
    }
    if (bet.unmatched > 0)
      events.push({
        type: 'BetCancelled',
        streamId: betStream(bet.betId),
        data: { ...base, size: bet.unmatched, by: 'lapsed', ...exposureOf(bet.userId) },
      });
    if (bet.fills.length > 0)
      events.push({
        type: 'BetOddsReduced',
        streamId: betStream(bet.betId),
        data: {
          ...base,
          removed: [...gone],
          fills: now.fills,
          ...exposureOf(bet.userId),
        },
      });
  }
  return events;
}

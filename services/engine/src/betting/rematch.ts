import { betStream, type DomainEvent } from '@exch/contracts';
import { accept, type Decision } from '../decision.js';
import { bookKey, type BetState, type EngineState } from '../state.js';
import { matchOrder, type Level } from './matching.js';
import { exposureAfter } from './positions.js';
import type { QuoteView } from './quotes.js';

/**
 * After the feed moved a runner: resting player orders that its offers now reach are matched, most
 * aggressive first (the lowest backs, the highest lays), then by time; each fill at the feed's
 * price, so a resting order is never filled at worse than it asked.
 */
export function decideRematch(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  marketId: string,
  selectionId: number,
): Decision {
  const market = state.markets.get(marketId);
  const book = state.books.get(bookKey(marketId, selectionId));
  const quote = quotes.exchange(marketId, selectionId);
  if (!market || market.status !== 'ACTIVE' || !book || !quote || quote.status !== 'ACTIVE') return accept();
  const changed = new Map<string, BetState>();
  const fillsOf = new Map<string, { price: number; size: number; counterBetId: null }[]>();
  for (const side of ['back', 'lay'] as const) {
    const resting = side === 'back' ? book.backs : book.lays;
    if (resting.length === 0) continue;
    const offers = side === 'back' ? quote.back : quote.lay;
    const opposite: Level[] = offers
      .filter((o) => o.size > 0)
      .map((o) => ({ price: o.price, orders: [{ betId: null, userId: null, size: o.size, seq: 0 }] }))
      .sort((a, b) => (side === 'back' ? b.price - a.price : a.price - b.price));
    for (const level of resting) {
      // Resting orders are most aggressive first: once the best offer left cannot reach a level,
      // it reaches none after it (a book of thousands costs what the feed can take).
      const best = opposite[0];
      if (!best || (side === 'back' ? best.price < level.price : best.price > level.price)) break;
      for (const order of level.orders) {
        if (opposite.length === 0) break;
        const { fills } = matchOrder(opposite, side, level.price, order.size);
        if (fills.length === 0) continue;
        // The store's get gives a copy, the decision's to change.
        const bet = changed.get(order.betId!) ?? state.bets.get(order.betId!)!;
        for (const f of fills) {
          bet.fills.push({ price: f.price, size: f.size });
          bet.unmatched -= f.size;
        }
        changed.set(bet.betId, bet);
        fillsOf.set(
          bet.betId,
          fills.map((f) => ({ price: f.price, size: f.size, counterBetId: null })),
        );
      }
    }
  }
  const bets = [...changed.values()];
  const events: DomainEvent[] = bets.map((bet) => ({
    type: 'BetMatched',
    streamId: betStream(bet.betId),
    data: {
      betId: bet.betId,
      userId: bet.userId,
      marketId,
      fills: fillsOf.get(bet.betId)!,
      unmatched: bet.unmatched,
      ...exposureAfter(state, bet.userId, marketId, bets),
    },
  }));
  return accept(...events);
}

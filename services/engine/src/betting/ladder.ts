import type { ExchangeRunnerUpdate, PriceSize } from '@exch/contracts';
import { bookKey, type EngineState } from '../state.js';
import type { Level } from './matching.js';
import type { QuoteView } from './quotes.js';

/** Price levels a ladder shows a side: SPEC.md's up to 3 back and 3 lay cells. */
const LEVELS = 3;

/** The feed's offers and players' resting orders on one side, summed per price, best first. */
function side(feed: readonly PriceSize[], players: readonly Level[] | undefined, highestFirst: boolean): PriceSize[] {
  const sizes = new Map<number, number>();
  for (const f of feed) if (f.size > 0) sizes.set(f.price, (sizes.get(f.price) ?? 0) + f.size);
  for (const level of players ?? []) {
    const size = level.orders.reduce((sum, o) => sum + o.size, 0);
    if (size > 0) sizes.set(level.price, (sizes.get(level.price) ?? 0) + size);
  }
  return [...sizes]
    .sort((a, b) => (highestFirst ? b[0] - a[0] : a[0] - b[0]))
    .slice(0, LEVELS)
    .map(([price, size]) => ({ price, size }));
}

/**
 * A runner's ladder as the engine matches against it: the feed's offers less what players hold
 * taken of them (quotes.ts), plus other players' unmatched orders at each price.
 * To back, you take the feed's back offers and players' resting lays; to lay, the feed's lay offers
 * and players' resting backs. Undefined until the feed has priced the runner.
 */
export function tradedLadder(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  marketId: string,
  selectionId: number,
): ExchangeRunnerUpdate | undefined {
  const feed = quotes.exchange(marketId, selectionId);
  if (!feed) return undefined;
  const book = state.books.get(bookKey(marketId, selectionId));
  return { ...feed, back: side(feed.back, book?.lays, true), lay: side(feed.lay, book?.backs, false) };
}

import type { EngineState } from '../state.js';
import {
  LatestUpdates,
  type BetFill,
  type DomainEvent,
  type FeedUpdate,
  type FancyUpdate,
  type BookmakerRunnerUpdate,
  type ExchangeRunnerUpdate,
  type PriceSize,
} from '@exch/contracts';

/** What decisions read of the live prices; the loop owns the writable Quotes. */
export interface QuoteView {
  exchange(marketId: string, selectionId: number): ExchangeRunnerUpdate | undefined;
  bookmaker(marketId: string, selectionId: number): BookmakerRunnerUpdate | undefined;
  fancy(marketId: string): FancyUpdate | undefined;
}

/**
 * The latest feed prices, held in memory and never journalled (docs/exchange.md). Feed
 * liquidity taken by a bet is subtracted until the feed sends that runner again, so two bets in
 * one turn cannot both take the same volume.
 */
export class Quotes extends LatestUpdates implements QuoteView {
  apply(update: FeedUpdate): void {
    if (update.type === 'exchange') {
      // A copy: absorb() subtracts taken volume from it in place.
      const copy = (levels: PriceSize[]) => levels.map((l) => ({ ...l }));
      this.put({ ...update, back: copy(update.back), lay: copy(update.lay) });
    } else this.put(update);
  }

  /**
   * Subtracts the feed liquidity that an accepted decision's fills took. A market's result drops its
   * prices: it takes no bet again, and prices kept for every market ever quoted would grow with history.
   */
  absorb(event: DomainEvent, state: Readonly<EngineState>): void {
    if (event.type === 'MarketSettled' || event.type === 'MarketVoided') return this.forget(event.data.marketId);
    if (event.type !== 'BetPlaced' && event.type !== 'BetMatched') return;
    // Loops, not filter() and find(): this runs for every bet event, and they allocated on each.
    const fills: BetFill[] = event.data.fills;
    let fromFeed = 0;
    while (fromFeed < fills.length && fills[fromFeed]!.counterBetId !== null) fromFeed++;
    if (fromFeed === fills.length) return;
    // A placed bet's event names its runner and side; a rematch's names only the bet.
    let quote: ExchangeRunnerUpdate | undefined;
    let back: boolean;
    if (event.type === 'BetPlaced') {
      const d = event.data;
      if (d.selectionId === null) return;
      quote = this.exchange(d.marketId, d.selectionId);
      back = d.side === 'back';
    } else {
      const bets = state.bets;
      const s = bets.slotOf(event.data.betId);
      if (s < 0 || Number.isNaN(bets.selectionAt(s))) return;
      quote = this.exchange(bets.marketAt(s), bets.selectionAt(s));
      back = bets.backAt(s);
    }
    if (!quote) return;
    // A backer takes the feed's back offers, a layer its lay offers.
    const levels = back ? quote.back : quote.lay;
    for (let i = fromFeed; i < fills.length; i++) {
      const f = fills[i]!;
      if (f.counterBetId !== null) continue;
      for (const level of levels)
        if (level.price === f.price) {
          level.size = Math.max(0, level.size - f.size);
          break;
        }
    }
  }
}

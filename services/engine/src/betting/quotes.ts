import type { EngineState } from '../state.js';
import { updateKey, type BetFill, type DomainEvent, type FeedUpdate, type FancyUpdate, type BookmakerRunnerUpdate, type ExchangeRunnerUpdate, type PriceSize } from '@exch/contracts';

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
export class Quotes implements QuoteView {
  private readonly latest = new Map<string, FeedUpdate>();

  apply(update: FeedUpdate): void {
    if (update.type === 'exchange') {
      const copy = (levels: PriceSize[]) => levels.map((l) => ({ ...l }));
      this.latest.set(updateKey(update), { ...update, back: copy(update.back), lay: copy(update.lay) });
    } else this.latest.set(updateKey(update), update);
  }

  exchange(marketId: string, selectionId: number): ExchangeRunnerUpdate | undefined {
    return this.latest.get(`exchange:${marketId}:${selectionId}`) as ExchangeRunnerUpdate | undefined;
  }
  bookmaker(marketId: string, selectionId: number): BookmakerRunnerUpdate | undefined {
    return this.latest.get(`bookmaker:${marketId}:${selectionId}`) as BookmakerRunnerUpdate | undefined;
  }
  fancy(marketId: string): FancyUpdate | undefined {
    return this.latest.get(`fancy:${marketId}`) as FancyUpdate | undefined;
  }

  /** Subtracts the feed liquidity that an accepted decision's fills took. */
  absorb(event: DomainEvent, state: Readonly<EngineState>): void {
    if (event.type !== 'BetPlaced' && event.type !== 'BetMatched') return;
    const feedFills = event.data.fills.filter((f: BetFill) => f.counterBetId === null);
    const bet = state.bets[event.data.betId];
    if (feedFills.length === 0 || !bet || bet.selectionId === null) return;
    const quote = this.exchange(bet.marketId, bet.selectionId);
    if (!quote) return;
    // A backer takes the feed's back offers, a layer its lay offers.
    const levels = bet.side === 'back' ? quote.back : quote.lay;
    for (const f of feedFills) {
      const level = levels.find((l) => l.price === f.price);
      if (level) level.size = Math.max(0, level.size - f.size);
    }
  }
}

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

/** Feed volume this exchange's players hold taken at each price of one runner's side. */
type Taken = Map<number, number>;

/** A runner's takes: what backers took of the feed's back offers, what layers took of its lay offers. */
interface RunnerTaken {
  back: Taken;
  lay: Taken;
}

/** Whether `price` is at or better than `worst` for whoever takes this side (backs: highest first). */
const inView = (price: number, worst: number, back: boolean): boolean => (back ? price >= worst : price <= worst);

/**
 * A side's levels as players can take them: the feed's size less what players hold taken there
 * (docs/exchange.md, "A feed offer is sold once"). A take never exceeds what the feed shows: a level
 * that shrank below it takes the take down with it. A price the feed no longer shows within the
 * prices it shows is gone, and its take with it; one beyond the worst price shown may only be out
 * of view (the feed sends the best few levels), so its take is kept until the feed shows it again.
 */
function net(levels: readonly PriceSize[], taken: Taken | undefined, back: boolean): PriceSize[] {
  const out = levels.map((l) => ({ price: l.price, size: l.size }));
  if (!taken || taken.size === 0) return out;
  const worst = out.length > 0 ? out[out.length - 1]!.price : null;
  // Loops over at most a few levels, no Set: this runs for every feed update of a runner with takes.
  for (const [price, t] of taken) {
    let level: PriceSize | undefined;
    for (const l of out)
      if (l.price === price) {
        level = l;
        break;
      }
    if (level) {
      const held = Math.min(t, level.size);
      level.size -= held;
      if (held > 0) taken.set(price, held);
      else taken.delete(price);
    } else if (worst === null || inView(price, worst, back)) taken.delete(price);
  }
  return out;
}

/**
 * The latest feed prices, held in memory and never journalled (docs/exchange.md). An exchange
 * runner's offers are kept net of the feed volume this exchange's players took: what they took at
 * a price stays taken while the feed keeps showing that level, so a re-sent level adds nothing and
 * a grown one only its growth; the house never sells one Betfair offer twice.
 */
export class Quotes extends LatestUpdates implements QuoteView {
  private readonly taken = new Map<string, Map<number, RunnerTaken>>();

  apply(update: FeedUpdate): void {
    if (update.type !== 'exchange') return void this.put(update);
    const t = this.taken.get(update.marketId)?.get(update.selectionId);
    this.put({ ...update, back: net(update.back, t?.back, true), lay: net(update.lay, t?.lay, false) });
  }

  /** Prices and takes go together: a market with a result takes no bet again. */
  override forget(marketId: string): void {
    super.forget(marketId);
    this.taken.delete(marketId);
  }

  /** What players hold taken of the feed's offers on one runner's side, by price (for tests and reports). */
  takenOf(marketId: string, selectionId: number, side: 'back' | 'lay'): ReadonlyMap<number, number> {
    return this.taken.get(marketId)?.get(selectionId)?.[side] ?? new Map();
  }

  private takesOf(marketId: string, selectionId: number): RunnerTaken {
    let market = this.taken.get(marketId);
    if (!market) this.taken.set(marketId, (market = new Map()));
    let runner = market.get(selectionId);
    if (!runner) market.set(selectionId, (runner = { back: new Map(), lay: new Map() }));
    return runner;
  }

  /**
   * Records the feed liquidity that an accepted decision's fills took: off the quote at once (two
   * bets in one turn cannot take the same volume) and as a take the feed's next update is netted
   * by. A market's result drops its prices and takes: it takes no bet again, and prices kept for
   * every market ever quoted would grow with history.
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
    let marketId: string;
    let selectionId: number;
    let back: boolean;
    if (event.type === 'BetPlaced') {
      const d = event.data;
      if (d.selectionId === null) return;
      [marketId, selectionId, back] = [d.marketId, d.selectionId, d.side === 'back'];
    } else {
      const bets = state.bets;
      const s = bets.slotOf(event.data.betId);
      if (s < 0 || Number.isNaN(bets.selectionAt(s))) return;
      [marketId, selectionId, back] = [bets.marketAt(s), bets.selectionAt(s), bets.backAt(s)];
    }
    const quote = this.exchange(marketId, selectionId);
    if (!quote) return;
    // A backer takes the feed's back offers, a layer its lay offers.
    const levels = back ? quote.back : quote.lay;
    const taken = this.takesOf(marketId, selectionId)[back ? 'back' : 'lay'];
    for (let i = fromFeed; i < fills.length; i++) {
      const f = fills[i]!;
      if (f.counterBetId !== null) continue;
      for (const level of levels)
        if (level.price === f.price) {
          const take = Math.min(level.size, f.size);
          level.size -= take;
          taken.set(f.price, (taken.get(f.price) ?? 0) + take);
          break;
        }
    }
  }
}

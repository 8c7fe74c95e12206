import {
  FEED_STATUSES,
  marketStream,
  type BookmakerRunnerUpdate,
  type ClearHousePrice,
  type FancyUpdate,
  type SetHousePrice,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState } from '../state.js';
import { isMarketAdmin } from './catalogue.js';
import type { QuoteView } from './quotes.js';

const rate = (n: unknown): boolean => Number.isInteger(n) && (n as number) > 0 && (n as number) <= 1_000;
const runs = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 10_000;

/** Admin: a bookmaker runner's rates or a fancy's line by hand; from then on the market ignores the feed. */
export function decideSetHousePrice(state: Readonly<EngineState>, c: SetHousePrice, actor: string | null): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin set house prices');
  const p = c.price;
  const market = state.markets.get(p?.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (market.status === 'SETTLED' || market.status === 'VOID')
    return refuse('MARKET_SETTLED', 'The result of this market is declared');
  if (!FEED_STATUSES.includes(p.status))
    return refuse('INVALID_STATUS', 'Status must be ACTIVE, SUSPENDED or Ball Running');
  if (p.type === 'bookmaker') {
    if (market.kind !== 'bookmaker') return refuse('INVALID_PRICE', 'Rates by hand are for bookmaker markets');
    if (!market.runners.some((r) => r.selectionId === p.selectionId))
      return refuse('INVALID_SELECTION', 'Selection not found in this market');
    if (!rate(p.back) || !rate(p.lay)) return refuse('INVALID_PRICE', 'Rates must be whole numbers from 1 to 1000');
    if (p.back > p.lay) return refuse('INVALID_PRICE', 'The back rate must not be above the lay rate');
    return accept({
      type: 'HousePriceSet',
      streamId: marketStream(market.marketId),
      data: {
        marketId: market.marketId,
        price: {
          type: 'bookmaker',
          marketId: market.marketId,
          selectionId: p.selectionId,
          status: p.status,
          back: p.back,
          lay: p.lay,
        },
      },
    });
  }
  if (p.type !== 'fancy' || market.kind !== 'fancy')
    return refuse('INVALID_PRICE', 'Lines by hand are for fancy markets');
  if (!runs(p.no?.line) || !runs(p.yes?.line)) return refuse('INVALID_PRICE', 'Lines must be whole runs, 0 or more');
  if (!rate(p.no.rate) || !rate(p.yes.rate))
    return refuse('INVALID_PRICE', 'Rates must be whole numbers from 1 to 1000');
  if (p.no.line > p.yes.line) return refuse('INVALID_PRICE', 'The No line must not be above the Yes line');
  return accept({
    type: 'HousePriceSet',
    streamId: marketStream(market.marketId),
    data: {
      marketId: market.marketId,
      price: {
        type: 'fancy',
        marketId: market.marketId,
        status: p.status,
        no: { line: p.no.line, rate: p.no.rate },
        yes: { line: p.yes.line, rate: p.yes.rate },
      },
    },
  });
}

export function decideClearHousePrice(
  state: Readonly<EngineState>,
  c: ClearHousePrice,
  actor: string | null,
): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin set house prices');
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (!market.manual) return accept();
  return accept({
    type: 'HousePriceCleared',
    streamId: marketStream(market.marketId),
    data: { marketId: market.marketId },
  });
}

/**
 * The prices decisions read: the house's for markets priced by hand, else the feed's. Keys as
 * updateKey makes them. A class rather than closures: decide makes one per command.
 */
export class WithHousePrices implements QuoteView {
  constructor(
    private readonly state: Readonly<EngineState>,
    private readonly feed: QuoteView,
  ) {}

  private manual(marketId: string): boolean {
    return this.state.markets.get(marketId)?.manual === true;
  }

  exchange(marketId: string, selectionId: number) {
    return this.feed.exchange(marketId, selectionId);
  }

  bookmaker(marketId: string, selectionId: number) {
    return this.manual(marketId)
      ? (this.state.housePrices[`bookmaker:${marketId}:${selectionId}`] as BookmakerRunnerUpdate | undefined)
      : this.feed.bookmaker(marketId, selectionId);
  }

  fancy(marketId: string) {
    return this.manual(marketId)
      ? (this.state.housePrices[`fancy:${marketId}`] as FancyUpdate | undefined)
      : this.feed.fancy(marketId);
  }
}

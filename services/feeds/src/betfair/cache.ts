/**
 * The market cache of the Exchange Stream API: full images replace a market, deltas change it.
 * Full-depth ladders (atb, atl, trd) are keyed by price and a size of 0 removes the price;
 * positional ladders (batb, batl, bdatb, bdatl) are keyed by level (0 = best) and a size of 0
 * empties the level. ltp and tv replace what was there. Betfair's stream documentation, "Market
 * and Order Stream: building a cache".
 */
import type { LevelPriceVol, MarketChange, MarketDefinition, PriceVol, RunnerChange } from './protocol.js';

export interface RunnerBook {
  selectionId: number;
  atb: Map<number, number>;
  atl: Map<number, number>;
  trd: Map<number, number>;
  batb: Map<number, PriceVol>;
  batl: Map<number, PriceVol>;
  bdatb: Map<number, PriceVol>;
  bdatl: Map<number, PriceVol>;
  ltp: number | null;
  tv: number;
}

export interface MarketBook {
  marketId: string;
  definition: MarketDefinition | null;
  runners: Map<number, RunnerBook>;
  tv: number;
}

/** What one market change touched: whether its definition (or a whole image) came, and which runners' prices moved. */
export interface Applied {
  market: MarketBook;
  definition: boolean;
  runners: number[];
}

const emptyRunner = (selectionId: number): RunnerBook => ({
  selectionId,
  atb: new Map(),
  atl: new Map(),
  trd: new Map(),
  batb: new Map(),
  batl: new Map(),
  bdatb: new Map(),
  bdatl: new Map(),
  ltp: null,
  tv: 0,
});

function applyPrices(ladder: Map<number, number>, changes: PriceVol[] | undefined): void {
  for (const [price, size] of changes ?? []) {
    if (size === 0) ladder.delete(price);
    else ladder.set(price, size);
  }
}

function applyLevels(ladder: Map<number, PriceVol>, changes: LevelPriceVol[] | undefined): void {
  for (const [level, price, size] of changes ?? []) {
    if (size === 0) ladder.delete(level);
    else ladder.set(level, [price, size]);
  }
}

function applyRunner(r: RunnerBook, rc: RunnerChange): void {
  applyPrices(r.atb, rc.atb);
  applyPrices(r.atl, rc.atl);
  applyPrices(r.trd, rc.trd);
  applyLevels(r.batb, rc.batb);
  applyLevels(r.batl, rc.batl);
  applyLevels(r.bdatb, rc.bdatb);
  applyLevels(r.bdatl, rc.bdatl);
  if (rc.ltp !== undefined) r.ltp = rc.ltp;
  if (rc.tv !== undefined) r.tv = rc.tv;
}

export class MarketCache {
  readonly markets = new Map<string, MarketBook>();

  apply(mc: MarketChange): Applied {
    let market = this.markets.get(mc.id);
    if (!market || mc.img) {
      market = { marketId: mc.id, definition: market?.definition ?? null, runners: new Map(), tv: 0 };
      this.markets.set(mc.id, market);
    }
    if (mc.marketDefinition) {
      market.definition = mc.marketDefinition;
      // A runner the definition names has a status to show even before any price of it arrives.
      for (const d of mc.marketDefinition.runners)
        if (!market.runners.has(d.id)) market.runners.set(d.id, emptyRunner(d.id));
    }
    if (mc.tv !== undefined) market.tv = mc.tv;
    const runners: number[] = [];
    for (const rc of mc.rc ?? []) {
      let runner = market.runners.get(rc.id);
      if (!runner) {
        runner = emptyRunner(rc.id);
        market.runners.set(rc.id, runner);
      }
      applyRunner(runner, rc);
      runners.push(rc.id);
    }
    return { market, definition: mc.marketDefinition !== undefined || mc.img === true, runners };
  }
}

/**
 * Betfair's market cache into the feed port's updates (docs/feeds.md, "Mapping"): a
 * MarketStateUpdate whenever the market definition says something new, an ExchangeRunnerUpdate
 * with the best three levels a side whenever a runner's offers or status change. Each update is
 * compared with the last one sent under its key, so a resubscription's delta or a repeated
 * definition sends nothing twice.
 */
import {
  isLadderPrice,
  type CricketScoreUpdate,
  snapToLadder,
  updateKey,
  type ExchangeRunnerUpdate,
  type FeedStale,
  type FeedUpdate,
  type MarketStateUpdate,
  type PriceSize,
} from '@exch/contracts';
import type { Applied, MarketBook, RunnerBook } from './cache.js';
import type { MarketDefinition, PriceVol } from './protocol.js';
import { scoreMovesOn } from './score.js';

const LEVELS = 3;

/**
 * Decimal odds to integer hundredths on the ladder. Betfair's prices are ladder prices already;
 * anything else is rounded against the player: a back price down, a lay price up.
 */
export function toPrice(odds: number, side: 'back' | 'lay'): number {
  const hundredths = Math.round(odds * 100);
  return isLadderPrice(hundredths) ? hundredths : snapToLadder(hundredths, side === 'back' ? 'down' : 'up');
}

/**
 * Betfair's GBP size to integer paise: the number is taken as rupees of liquidity (£12.34 offered
 * shows as ₹12.34, 1234 paise), rounded down so the product never shows more than was offered.
 * No exchange rate: the product lays off nothing at Betfair, the size only tells players how deep
 * the market is.
 */
export function toPaise(size: number): number {
  return Math.floor(Math.round(size * 10_000) / 100);
}

/** Best first, at most three levels, sizes that round to nothing left out. */
function levels(prices: PriceVol[], side: 'back' | 'lay'): PriceSize[] {
  const out: PriceSize[] = [];
  for (const [odds, size] of prices) {
    const price = toPrice(odds, side);
    const paise = toPaise(size);
    const last = out[out.length - 1];
    if (paise <= 0) continue;
    // Two Betfair prices that land on one ladder price merge, so the sides stay strictly ordered.
    if (last && last.price === price) last.size += paise;
    else if (out.length < LEVELS) out.push({ price, size: paise });
  }
  return out;
}

/**
 * The ladder a runner shows: the virtual display ladder (EX_BEST_OFFERS_DISP, what Betfair's site
 * shows) when subscribed, else the best offers, else the top of the full depth (EX_ALL_OFFERS).
 */
function sides(r: RunnerBook): { back: PriceVol[]; lay: PriceVol[] } {
  const [back, lay] =
    r.bdatb.size + r.bdatl.size > 0
      ? [r.bdatb.values(), r.bdatl.values()]
      : r.batb.size + r.batl.size > 0
        ? [r.batb.values(), r.batl.values()]
        : [r.atb.entries(), r.atl.entries()];
  // Best first by price, not by level: a positional ladder is ordered only while every delta shifts
  // the levels below it, and a partial one must not put a worse price in the best cell.
  return { back: [...back].sort((a, b) => b[0] - a[0]), lay: [...lay].sort((a, b) => a[0] - b[0]) };
}

function runnerUpdate(market: MarketBook, r: RunnerBook, stale: FeedStale | null): ExchangeRunnerUpdate {
  const def = market.definition;
  const runnerDef = def?.runners.find((d) => d.id === r.selectionId);
  const open = stale === null && def?.status === 'OPEN' && (runnerDef?.status ?? 'ACTIVE') === 'ACTIVE';
  const s = sides(r);
  const lay = levels(s.lay, 'lay');
  // A crossed book (a moment of conflation) would break the port's promise back < lay: the backs at
  // or above the best lay go, before the best three are taken, so the backs under it still show.
  const bestLay = lay[0]?.price;
  const back = levels(
    bestLay === undefined ? s.back : s.back.filter(([odds]) => toPrice(odds, 'back') < bestLay),
    'back',
  );
  return {
    type: 'exchange',
    marketId: market.marketId,
    selectionId: r.selectionId,
    status: open ? 'ACTIVE' : 'SUSPENDED',
    back,
    lay,
  };
}

export function marketState(marketId: string, def: MarketDefinition, stale: FeedStale | null): MarketStateUpdate {
  const closed = def.status === 'CLOSED';
  return {
    type: 'market',
    marketId,
    // INACTIVE (not yet open) takes no bets, as SUSPENDED; a stale stream suspends until it is back.
    status: closed ? 'CLOSED' : def.status === 'OPEN' && stale === null ? 'OPEN' : 'SUSPENDED',
    inPlay: def.inPlay ?? false,
    betDelaySec: def.betDelay ?? 0,
    numberOfWinners: def.numberOfWinners ?? 1,
    runners: def.runners.map((r) => ({
      selectionId: r.id,
      // REMOVED_VACANT (a vacant greyhound trap) is a removed runner to the product.
      status: r.status === 'REMOVED_VACANT' ? 'REMOVED' : r.status,
      adjustmentFactor: r.adjustmentFactor ?? null,
      removalDate: r.removalDate ?? null,
    })),
    source: 'betfair',
    // Why it is suspended, for the back office; a closed market waits for nothing the feed sends.
    ...(stale && !closed ? { stale } : {}),
  };
}

/** The latest update sent under each key, and what is new after a change to the cache. */
export class FeedState {
  private readonly sent = new Map<string, { json: string; update: FeedUpdate }>();
  private stale: FeedStale | null = null;

  snapshot(): FeedUpdate[] {
    return [...this.sent.values()].map((s) => s.update);
  }

  /** The updates that differ from what was sent, recorded as sent. */
  private changed(candidates: FeedUpdate[]): FeedUpdate[] {
    const out: FeedUpdate[] = [];
    for (const u of candidates) {
      const key = updateKey(u);
      const json = JSON.stringify(u);
      if (this.sent.get(key)?.json === json) continue;
      this.sent.set(key, { json, update: u });
      out.push(u);
    }
    return out;
  }

  private marketUpdates(market: MarketBook, runners: Iterable<RunnerBook>): FeedUpdate[] {
    const out: FeedUpdate[] = [];
    if (market.definition) out.push(marketState(market.marketId, market.definition, this.stale));
    for (const r of runners) out.push(runnerUpdate(market, r, this.stale));
    return out;
  }

  /** After one market change: a new definition can change every runner's status, prices only their runner's. */
  applied(a: Applied): FeedUpdate[] {
    const runners = a.definition ? a.market.runners.values() : a.runners.map((id) => a.market.runners.get(id)!);
    return this.changed(this.marketUpdates(a.market, runners));
  }

  /** A score, unless it repeats the last one or would take the score back (scoreMovesOn). */
  score(u: CricketScoreUpdate): FeedUpdate[] {
    const last = this.sent.get(updateKey(u))?.update as CricketScoreUpdate | undefined;
    return scoreMovesOn(last, u) ? this.changed([u]) : [];
  }

  /** A market the feed no longer carries: its last updates leave the snapshot. */
  forget(marketId: string): void {
    for (const [key, { update }] of this.sent)
      if ((update.type === 'market' || update.type === 'exchange') && update.marketId === marketId)
        this.sent.delete(key);
  }

  /** A stale stream suspends every market it feeds, saying why; its return restores what the cache says. */
  setStale(stale: FeedStale | null, markets: Iterable<MarketBook>): FeedUpdate[] {
    if (JSON.stringify(this.stale) === JSON.stringify(stale)) return [];
    this.stale = stale;
    const out: FeedUpdate[] = [];
    for (const m of markets) out.push(...this.marketUpdates(m, m.runners.values()));
    return this.changed(out);
  }
}

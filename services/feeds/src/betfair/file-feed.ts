/** `FEED=betfair-file`: Betfair historic files replayed through the feed port (docs/feeds.md). */
import pino, { type Logger } from 'pino';
import { BetfairFeed } from './feed.js';
import { catalogueEntries } from './catalogue-entries.js';
import type { MarketCatalogue } from './catalogue.js';
import { HistoricReplay, readMessages } from './historic.js';
import { withLatestNames, withScoreNames } from './names.js';
import type { MarketDefinition } from './protocol.js';

export interface BetfairFileFeedOptions {
  /** Market files (mcm lines; plain, .gz or .bz2). */
  files: string[];
  /** Cricket score stream files (ccm lines), replayed in publish-time order with the market files. */
  scoreFiles?: string[];
  /** listMarketCatalogue results, or the path of a JSON file holding an array of them; markets it lacks are named from the files. */
  catalogue?: string | MarketCatalogue[];
  /** Times real time (default 1); 0 or Infinity as fast as it reads. */
  speed?: number;
  /** A gap between two messages longer than this is shortened to it (default 5000 ms). */
  maxGapMs?: number;
  log?: Logger;
  /** Called once the last message is delivered. */
  onEnd?: () => void;
}

/**
 * Every file is read through before the replay starts: a bad one stops the start with a
 * FeedInputError naming it, and the catalogue lists every market the files carry, named by the
 * latest of their definitions that names them, before the first price.
 */
export async function betfairFileFeed(opts: BetfairFileFeedOptions): Promise<BetfairFeed> {
  const log = opts.log ?? pino({ level: 'silent' });
  const catalogue = await catalogueEntries(opts.catalogue, log);
  const carried = new Map<string, MarketDefinition | null>();
  for (const file of opts.files) {
    for await (const m of readMessages(file)) {
      if (m.op !== 'mcm') continue;
      for (const mc of m.mc ?? []) {
        const known = carried.get(mc.id) ?? undefined;
        carried.set(mc.id, mc.marketDefinition ? withLatestNames(known, mc.marketDefinition) : (known ?? null));
      }
    }
  }
  // Score files are read through too; their teams name the cricket markets whose definitions name nothing.
  for (const file of opts.scoreFiles ?? [])
    for await (const m of readMessages(file)) {
      if (m.op !== 'ccm') continue;
      for (const cc of m.cc ?? []) {
        const def = cc.marketId === undefined ? undefined : carried.get(cc.marketId);
        if (def) carried.set(cc.marketId!, withScoreNames(def, cc));
      }
    }
  const source = new HistoricReplay({
    files: [...opts.files, ...(opts.scoreFiles ?? [])],
    speed: opts.speed ?? 1,
    maxGapMs: opts.maxGapMs ?? 5000,
    log,
    ...(opts.onEnd ? { onEnd: opts.onEnd } : {}),
  });
  return new BetfairFeed({ source, catalogue, carried, log });
}

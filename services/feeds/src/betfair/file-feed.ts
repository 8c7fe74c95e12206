/** `FEED=betfair-file`: Betfair historic files replayed through the feed port (docs/feeds.md). */
import pino, { type Logger } from 'pino';
import { BetfairFeed } from './feed.js';
import { entryFromDefinition, readCatalogueFile, type MarketCatalogue } from './catalogue.js';
import { HistoricReplay, readMessages } from './historic.js';

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
 * The files' first market definitions are read up front, so the catalogue names every market
 * before the replay starts and the engine knows a market before its first price.
 */
export async function betfairFileFeed(opts: BetfairFileFeedOptions): Promise<BetfairFeed> {
  const log = opts.log ?? pino({ level: 'silent' });
  const given = typeof opts.catalogue === 'string' ? await readCatalogueFile(opts.catalogue) : (opts.catalogue ?? []);
  const named = new Set(given.map((e) => e.marketId));
  const catalogue = [...given];
  for (const file of opts.files) {
    for await (const m of readMessages(file)) {
      if (m.op !== 'mcm') continue;
      for (const mc of m.mc ?? []) {
        if (named.has(mc.id) || !mc.marketDefinition) continue;
        const entry = entryFromDefinition(mc.id, mc.marketDefinition);
        if (entry) catalogue.push(entry);
        named.add(mc.id);
      }
    }
  }
  const source = new HistoricReplay({
    files: [...opts.files, ...(opts.scoreFiles ?? [])],
    speed: opts.speed ?? 1,
    maxGapMs: opts.maxGapMs ?? 5000,
    log,
    ...(opts.onEnd ? { onEnd: opts.onEnd } : {}),
  });
  return new BetfairFeed({ source, catalogue, log });
}

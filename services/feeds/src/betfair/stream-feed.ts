/** `FEED=betfair`: the Exchange Stream API live, named through the Betting API (docs/feeds.md). */
import { BetfairFeed } from './feed.js';
import { listMarketCatalogue, readCatalogueFile, type MarketCatalogue } from './catalogue.js';
import { StreamClient, type StreamOptions } from './client.js';

export interface BetfairStreamFeedOptions extends StreamOptions {
  /** listMarketCatalogue results, or a JSON file of them; markets it lacks are looked up. */
  catalogue?: string | MarketCatalogue[];
  /** The Betting API's JSON-RPC endpoint; null names markets from the catalogue alone. */
  bettingApiUrl?: string | null;
}

export async function betfairStreamFeed(opts: BetfairStreamFeedOptions): Promise<BetfairFeed> {
  const catalogue =
    typeof opts.catalogue === 'string' ? await readCatalogueFile(opts.catalogue) : (opts.catalogue ?? []);
  const url = opts.bettingApiUrl;
  return new BetfairFeed({
    source: new StreamClient(opts),
    catalogue,
    log: opts.log,
    ...(url === null
      ? {}
      : {
          lookup: (marketIds: string[]) =>
            listMarketCatalogue({
              appKey: opts.appKey,
              sessionToken: opts.sessionToken,
              marketIds,
              ...(url ? { url } : {}),
            }),
        }),
  });
}

/** `FEED=betfair`: the Exchange Stream API live, named through the Betting API (docs/feeds.md). */
import { allOf, BetfairFeed } from './feed.js';
import { catalogueEntries } from './catalogue-entries.js';
import { listMarketCatalogue, type MarketCatalogue } from './catalogue.js';
import { StreamClient, type StreamOptions } from './client.js';

export interface BetfairStreamFeedOptions extends StreamOptions {
  /** listMarketCatalogue results, or a JSON file of them; markets it lacks are looked up. */
  catalogue?: string | MarketCatalogue[];
  /** The Betting API's JSON-RPC endpoint; null names markets from the catalogue alone. */
  bettingApiUrl?: string | null;
  /** The cricket score stream's endpoint (Betfair's sports data stream; the app key must be authorised for it); left out: no live scores. */
  scoreStream?: { host: string; port?: number };
}

export async function betfairStreamFeed(opts: BetfairStreamFeedOptions): Promise<BetfairFeed> {
  const catalogue = await catalogueEntries(opts.catalogue, opts.log);
  const url = opts.bettingApiUrl;
  return new BetfairFeed({
    source: opts.scoreStream
      ? allOf([new StreamClient(opts), new StreamClient({ ...opts, ...opts.scoreStream, cricket: true })])
      : new StreamClient(opts),
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

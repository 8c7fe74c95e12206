export * from './simulator.js';
export { BetfairFeed, type BetfairFeedOptions, type MessageSource } from './betfair/feed.js';
export { betfairFileFeed, type BetfairFileFeedOptions } from './betfair/file-feed.js';
export type { MarketCatalogue } from './betfair/catalogue.js';
export type { FeedHealthView } from './betfair/health.js';
export { betfairStreamFeed, type BetfairStreamFeedOptions } from './betfair/stream-feed.js';
export type { StreamOptions } from './betfair/client.js';
export type { MarketFilter, MarketDataField } from './betfair/protocol.js';
export { createFeed, feedChoiceFromEnv, type FeedChoice, type RunningFeed } from './choice.js';

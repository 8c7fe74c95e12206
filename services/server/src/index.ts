export { startServer, defaultWebDist, type ServerOptions, type RunningServer } from './main.js';
export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SHARES,
  DEMO_SUB_LOGINS,
  DEMO_TRANSACTION_PASSWORD,
  seedDemo,
} from './seed.js';
export { eventTopic, FEED_TOPIC, PUSHES_TOPIC } from './distributed/settings.js';
export { Dealer, type DealerSettings, type DealerStep } from './casino/dealer.js';
export { casinoFromEnv } from './casino/settings.js';
export { FeedInputError, feedChoiceFromEnv, type FeedChoice } from '@exch/feeds';
export { readProviderOption, setUpProvider, type ProviderOption } from './provider.js';
export { frameOriginsFromEnv } from './frame-origins.js';
export { feedSettleDelayFromEnv } from './feed.js';
export { rateLimitsFromEnv, type RateLimits } from '@exch/gateway';

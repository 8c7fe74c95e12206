import t from 'tap';
import { FeedInputError, feedChoiceFromEnv } from '../src/index.js';

t.test('the simulator is the default; off runs without a feed', async (t) => {
  t.same(feedChoiceFromEnv({ FEED_SEED: '3', FEED_TICK_MS: '250' }), { seed: 3, tickMs: 250 });
  t.equal(feedChoiceFromEnv({ FEED: 'off' }), null);
  t.throws(() => feedChoiceFromEnv({ FEED: 'bogus' }), /FEED must be/);
});

t.test('FEED=betfair-file: files, catalogue, speed and the longest gap', async (t) => {
  t.same(
    feedChoiceFromEnv({
      FEED: 'betfair-file',
      BETFAIR_FILES: 'a/1.2, b/1.3.bz2',
      BETFAIR_CATALOGUE: 'cat.json',
      BETFAIR_SCORE_FILES: 's/1.ccm',
      FEED_SPEED: '20',
      FEED_MAX_GAP_MS: '1000',
    }),
    {
      kind: 'betfair-file',
      files: ['a/1.2', 'b/1.3.bz2'],
      scoreFiles: ['s/1.ccm'],
      speed: 20,
      maxGapMs: 1000,
      catalogue: 'cat.json',
    },
  );
  t.same(feedChoiceFromEnv({ FEED: 'betfair-file', BETFAIR_FILES: 'x' }), {
    kind: 'betfair-file',
    files: ['x'],
    speed: 1,
    maxGapMs: 5000,
  });
  t.throws(() => feedChoiceFromEnv({ FEED: 'betfair-file' }), /BETFAIR_FILES is required/);
  const file = { FEED: 'betfair-file', BETFAIR_FILES: 'x' };
  t.throws(
    () => feedChoiceFromEnv({ ...file, FEED_SPEED: 'fast' }),
    /^FEED_SPEED must be a number of at least 0 \(got fast\)$/,
  );
  t.throws(() => feedChoiceFromEnv({ ...file, FEED_MAX_GAP_MS: '-1' }), /^FEED_MAX_GAP_MS must be a number/);
  t.throws(
    () =>
      feedChoiceFromEnv({
        FEED: 'betfair',
        BETFAIR_APP_KEY: 'k',
        BETFAIR_SESSION_TOKEN: 's',
        BETFAIR_MARKET_FILTER: '{eventTypeIds',
      }),
    /^BETFAIR_MARKET_FILTER is not JSON \(/,
  );
  t.throws(() => feedChoiceFromEnv({ FEED: 'bogus' }), FeedInputError, 'a setting error, printed without a stack');
});

t.test('FEED=betfair: credentials, host, port and the subscription filter', async (t) => {
  t.throws(() => feedChoiceFromEnv({ FEED: 'betfair', BETFAIR_APP_KEY: 'k' }), /BETFAIR_SESSION_TOKEN is required/);
  t.same(feedChoiceFromEnv({ FEED: 'betfair', BETFAIR_APP_KEY: 'k', BETFAIR_SESSION_TOKEN: 's' }), {
    kind: 'betfair',
    appKey: 'k',
    sessionToken: 's',
    marketFilter: { eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS'] },
  });
  t.same(
    feedChoiceFromEnv({
      FEED: 'betfair',
      BETFAIR_APP_KEY: 'k',
      BETFAIR_SESSION_TOKEN: 's',
      BETFAIR_STREAM_HOST: 'stream-api-integration.betfair.com',
      BETFAIR_STREAM_PORT: '443',
      BETFAIR_MARKET_FILTER: '{"eventTypeIds":["7"],"marketTypes":["WIN","PLACE"],"countryCodes":["GB","IE"]}',
      BETFAIR_FIELDS: 'EX_ALL_OFFERS,EX_MARKET_DEF',
      BETFAIR_CONFLATE_MS: '500',
      BETFAIR_HEARTBEAT_MS: '2000',
      BETFAIR_STALE_MS: '8000',
      BETFAIR_SCORE_STREAM_HOST: 'scores.example',
    }),
    {
      kind: 'betfair',
      appKey: 'k',
      sessionToken: 's',
      marketFilter: { eventTypeIds: ['7'], marketTypes: ['WIN', 'PLACE'], countryCodes: ['GB', 'IE'] },
      host: 'stream-api-integration.betfair.com',
      port: 443,
      conflateMs: 500,
      heartbeatMs: 2000,
      staleMs: 8000,
      fields: ['EX_ALL_OFFERS', 'EX_MARKET_DEF'],
      scoreStream: { host: 'scores.example' },
    },
  );
});

t.test("FEED=betfair: the stream's bounds on heartbeat and conflation, and known data fields only", async (t) => {
  const base = { FEED: 'betfair', BETFAIR_APP_KEY: 'k', BETFAIR_SESSION_TOKEN: 's' };
  t.throws(
    () => feedChoiceFromEnv({ ...base, BETFAIR_HEARTBEAT_MS: '100' }),
    /BETFAIR_HEARTBEAT_MS must be a whole number of milliseconds from 500 to 30000/,
  );
  t.throws(() => feedChoiceFromEnv({ ...base, BETFAIR_HEARTBEAT_MS: 'soon' }), /BETFAIR_HEARTBEAT_MS/);
  t.throws(
    () => feedChoiceFromEnv({ ...base, BETFAIR_CONFLATE_MS: '120001' }),
    /BETFAIR_CONFLATE_MS must be a whole number of milliseconds from 0 to 120000/,
  );
  t.throws(() => feedChoiceFromEnv({ ...base, BETFAIR_FIELDS: 'EX_LTP,EX_BEST_OFERS' }), /unknown field EX_BEST_OFERS/);
  t.match(feedChoiceFromEnv({ ...base, BETFAIR_HEARTBEAT_MS: '500', BETFAIR_CONFLATE_MS: '0' }), {
    heartbeatMs: 500,
    conflateMs: 0,
  });
});

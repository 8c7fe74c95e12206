import t from 'tap';
import { openPGliteStore } from '@exch/eventstore';
import type { RateStore } from '../src/limits/bucket.js';
import { MemoryRateStore } from '../src/limits/memory-store.js';
import { SqlRateStore } from '../src/limits/sql-store.js';
import { DEFAULT_RATE_LIMITS, rateLimitsFromEnv } from '../src/limits/settings.js';

const rule = { burst: 3, perSecond: 2 };

t.test(
  'memory: a burst, then one token per 1/rate; refusals take nothing; a refund never passes the burst',
  async (t) => {
    let now = 0;
    const store = new MemoryRateStore(() => now);
    for (let i = 0; i < 3; i++) t.equal(await store.take('k', rule), 0);
    t.equal(await store.take('k', rule), 500, 'waits half a second for the next token');
    t.equal(await store.take('other', rule), 0, 'other keys have their own bucket');
    now = 250;
    t.equal(await store.take('k', rule), 250, 'half a token refilled: a quarter second more');
    now = 500;
    t.equal(await store.take('k', rule), 0, 'the refusals took nothing');
    t.equal(await store.take('k', rule, -1), 0, 'a refund');
    now = 10_000;
    for (let i = 0; i < 3; i++) t.equal(await store.take('k', rule), 0);
    t.ok((await store.take('k', rule)) > 0, 'refilled to the burst, no further');
    now += 25 * 3600 * 1000;
    await store.sweep();
    t.equal(await store.take('k', rule), 0, 'an idle bucket swept is a full one');
  },
);

t.test(
  'sql: concurrent takes through two stores on one database spend one bucket, refusals say how long',
  async (t) => {
    const db = await openPGliteStore({});
    t.teardown(() => db.close());
    const [a, b]: RateStore[] = await Promise.all([SqlRateStore.open(db.sql), SqlRateStore.open(db.sql)]);
    const slow = { burst: 5, perSecond: 0.01 };
    const waits = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a! : b!).take('acct', slow)));
    t.equal(waits.filter((w) => w === 0).length, 5, 'exactly the burst is granted');
    t.ok(
      waits.filter((w) => w > 0).every((w) => w > 90_000 && w <= 100_000),
      'the rest wait about 1/rate for the next token',
    );
    t.equal(await a!.take('acct', slow, -1), 0, 'a refund');
    t.equal(await b!.take('acct', slow), 0, 'is spent again');
    t.equal(await b!.take('fresh', slow), 0, 'a new key starts full');
    await a!.sweep();
    t.ok((await b!.take('acct', slow)) > 0, 'a sweep keeps buckets in use');
  },
);

t.test('settings: defaults, the environment, and nonsense refused', async (t) => {
  t.same(rateLimitsFromEnv({}), DEFAULT_RATE_LIMITS);
  t.match(rateLimitsFromEnv({ BET_LIMIT_BURST: '40', BET_LIMIT_PER_SECOND: '2.5', LOGIN_LIMIT_IP_PER_MINUTE: '30' }), {
    bets: { burst: 40, perSecond: 2.5 },
    loginAddress: { perSecond: 0.5 },
  });
  t.throws(() => rateLimitsFromEnv({ BET_LIMIT_BURST: '0.5' }), /BET_LIMIT_BURST must be a positive whole number/);
  t.throws(() => rateLimitsFromEnv({ WS_MESSAGES_PER_SECOND: 'lots' }), /WS_MESSAGES_PER_SECOND/);
});

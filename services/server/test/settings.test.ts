import t from 'tap';
import { DEFAULT_MARKET_MEMORY_MS, DEFAULT_REVOKE_WINDOW_MS } from '@exch/engine';
import { readSettings } from '../src/distributed/settings.js';
import { engineWindows } from '../src/engine-settings.js';

const base = { DATABASE_URL: 'postgres://x', KAFKA_BROKERS: 'k:9092' };

t.test('a process listens on every interface unless BIND_HOST names one', async (t) => {
  t.equal(readSettings('engine', 4100, base).bindHost, '0.0.0.0');
  t.equal(readSettings('engine', 4100, { ...base, BIND_HOST: '10.0.0.7' }).bindHost, '10.0.0.7');
  t.equal(readSettings('engine', 4100, { ...base, PORT: '4200' }).port, 4200);
  t.throws(() => readSettings('engine', 4100, { KAFKA_BROKERS: 'k' }), /DATABASE_URL is required/);
});

t.test("the engine's windows come from days and hours, with their defaults, and refuse a bad value", async (t) => {
  const defaults = engineWindows({});
  t.equal(defaults.revokeWindowMs, DEFAULT_REVOKE_WINDOW_MS);
  t.equal(defaults.marketMemoryMs, DEFAULT_MARKET_MEMORY_MS);
  t.equal(engineWindows({ MARKET_MEMORY_DAYS: '90' }).marketMemoryMs, 90 * 24 * 3600_000);
  t.equal(engineWindows({ REVOKE_WINDOW_DAYS: '0.5' }).revokeWindowMs, 12 * 3600_000);
  t.throws(() => engineWindows({ MARKET_MEMORY_DAYS: 'a month' }), /MARKET_MEMORY_DAYS must be a number of days/);
});

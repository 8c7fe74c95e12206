/**
 * A stream that runs for months must not hold every market it ever carried: a CLOSED market stays
 * in the catalogue and the snapshot for CLOSED_RETENTION_MS, then leaves them and the cache.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import t from 'tap';
import { BetfairFeed } from '../../src/index.js';
import { CLOSED_RETENTION_MS } from '../../src/betfair/feed.js';
import type { ChangeMessage } from '../../src/betfair/protocol.js';

const WIN = '1.200000001';
const lines = readFileSync(fileURLToPath(new URL(`../fixtures/${WIN}`, import.meta.url)), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as ChangeMessage);

t.test('a closed market is forgotten once its retention has passed, not before', async (t) => {
  let now = 1_795_700_000_000;
  const feed = new BetfairFeed({ source: { start() {}, stop() {} }, log: pino({ level: 'silent' }), now: () => now });
  for (const m of lines) feed.message(m);
  const marketsOf = () => feed.catalogue().markets.map((m) => m.marketId);
  const updatesOf = () => feed.snapshot().filter((u) => u.type !== 'score' && u.marketId === WIN);
  t.same(marketsOf(), [WIN], 'just closed: still in the catalogue');
  t.ok(
    updatesOf().some((u) => u.type === 'market' && u.status === 'CLOSED'),
    'and its CLOSED definition in the snapshot',
  );
  const heartbeat = { op: 'mcm', ct: 'HEARTBEAT', clk: 'hb', pt: now } as ChangeMessage;
  now += CLOSED_RETENTION_MS - 1;
  feed.message(heartbeat);
  t.same(marketsOf(), [WIN], 'a moment before the retention ends: still there');
  now += 1;
  feed.message(heartbeat);
  t.same(marketsOf(), [], 'then gone from the catalogue');
  t.same(updatesOf(), [], 'and from the snapshot');
});

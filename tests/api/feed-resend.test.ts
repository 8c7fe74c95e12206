/**
 * A Betfair offer is sold once, through the whole product: a hand-written market file
 * (services/feeds/test/fixtures/1.400000001) replayed message by message through the real Betfair
 * feed into the running server, while player1's lay of ₹100 at 1000 rests on the outsider. The file
 * offers £0.02 at 1000 once, re-sends that runner ten times with the offer unchanged (its back side
 * moves), then grows the offer to £0.05: the lay fills ₹0.02 once, then only the ₹0.03 of growth.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import t from 'tap';
import { BetfairFeed } from '@exch/feeds';
import type { MatchDetail } from '@exch/contracts';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { repoRoot, startTestServer } from '../helpers/server.js';

const lines = readFileSync(join(repoRoot, 'services/feeds/test/fixtures/1.400000001'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));
// The file is pushed by the test, a message at a time, instead of a replay's clock.
const feed = new BetfairFeed({ source: { start() {}, stop() {} }, log: pino({ level: 'silent' }) });
feed.message(lines[0]);

const server = await startTestServer({ feedPort: feed, feedSettleDelayMs: null });
t.teardown(() => server.close());
const { call, login } = caller(server);

t.test('a resting lay fills once against an offer the stream re-sends ten times', async (t) => {
  const p1 = (await login('player1')).body;
  const token = p1.token as string;
  const detail: MatchDetail = (await call('GET', '/api/matches/bf-40000001', undefined, token)).body;
  t.same(
    detail.markets[0]!.section.map((s) => s.nat),
    ['Mumbai Indians', 'Chennai Super Kings'],
  );
  const placed = await call(
    'POST',
    '/api/bets',
    betBody(detail, '1.400000001', 402, 'lay', 1000, 100, p1.user._id),
    token,
  );
  t.match(placed, { status: 200, body: { bet: { matched_stake: 0, unmatched_stake: 100 } } }, 'no lay offer: it rests');

  for (const m of lines.slice(1)) feed.message(m);
  // A bet decided after the file's messages (the engine takes prices and commands in arrival order),
  // so the read that follows it sees every fill they made.
  const after = await call(
    'POST',
    '/api/bets',
    betBody(detail, '1.400000001', 401, 'back', 1.1, 100, p1.user._id),
    token,
  );
  t.equal(after.status, 200);
  const mine = (await call('GET', '/api/bets/mine?status=pending', undefined, token)).body.data as {
    _id: string;
    fills: { odds: number; stake: number }[];
    matched_stake: number;
  }[];
  const lay = mine.find((b) => b._id === placed.body.bet._id)!;
  t.same(
    lay.fills,
    [
      { odds: 1000, stake: 0.02 },
      { odds: 1000, stake: 0.03 },
    ],
    'the ₹0.02 once, then the ₹0.03 the offer grew by',
  );
  t.equal(lay.matched_stake, 0.05);
});

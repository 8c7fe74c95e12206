/**
 * A silent feed stops its markets (docs/feeds.md, "Stale rule"): a historic file that ends before
 * its race closes, and a live stream whose login is refused on reconnecting, each suspend every
 * market they feed. /metrics says stale and why, the back office shows the reason on the market,
 * and a player's bet is refused.
 */
import t, { type Test } from 'tap';
import type { MarketDto, MatchDetail } from '@exch/contracts';
import { startEsaServer } from '../../services/feeds/test/betfair/esa-server.js';
import { image, M } from '../../services/feeds/test/betfair/stream-setup.js';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { raceCutBeforeTheOff, until } from '../helpers/betfair-files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** What a player, the back office and an operator's /metrics see of one market its feed holds suspended. */
async function suspendedEverywhere(
  t: Test,
  server: TestServer,
  where: { matchId: string; marketId: string; selectionId: number; odds: number },
  reason: { reason: string; text: string },
): Promise<void> {
  const { call, login, tokenOf } = caller(server);
  const p1 = (await login('player1')).body;
  const detail = async (): Promise<MatchDetail> =>
    (await call('GET', `/api/matches/${where.matchId}`, undefined, p1.token)).body;
  const market = (d: MatchDetail): MarketDto => d.markets.find((m) => m.marketId === where.marketId)!;
  const stopped = await until(detail, (d) => market(d)?.feedStale === reason.text);
  t.match(market(stopped), { feedStatus: 'SUSPENDED', feedStale: reason.text });
  t.ok(
    market(stopped).section.every((s) => s.gstatus === 'SUSPENDED'),
    'every runner shows suspended to the player',
  );

  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  t.match(metrics, /feed_stale\{role="server",instance="embedded"\} 1/, 'feed_stale, as dashboards read it');
  t.match(
    metrics,
    new RegExp(
      `feed_stale_reason\\{reason="${reason.reason}",text="${reason.text.replace(/[()]/g, '\\$&')}",[^}]*\\} 1`,
    ),
    'and why',
  );

  const admin = await tokenOf('admin');
  const open = (await call('GET', '/api/admin/event-management', undefined, admin)).body.data as MarketDto[];
  t.match(
    open.find((m) => m.marketId === where.marketId),
    { feedStale: reason.text },
    "event management shows the feed's reason on the market",
  );
  const board = (await call('GET', `/api/admin/markets/${where.matchId}`, undefined, admin)).body.data as MarketDto[];
  t.match(
    board.find((m) => m.marketId === where.marketId),
    { feedStale: reason.text },
    "and so does the match's market board",
  );

  const bet = betBody(stopped, where.marketId, where.selectionId, 'back', where.odds, 100, p1.user._id);
  t.match(
    await call('POST', '/api/bets', bet, p1.token),
    { status: 400, body: { message: 'Market is suspended' } },
    'a bet on prices that no longer arrive is refused',
  );
}

t.test('a file cut mid-race: the race is suspended once the replay runs out', async (t) => {
  const cut = await raceCutBeforeTheOff();
  t.teardown(cut.remove);
  const server = await startTestServer({ feed: { kind: 'betfair-file', files: [cut.path], speed: 0 } });
  t.teardown(() => server.close());
  await suspendedEverywhere(
    t,
    server,
    { matchId: 'bf-30000001-1430', marketId: '1.200000001', selectionId: 101, odds: 2.12 },
    { reason: 'ended', text: 'replay ended before the market closed' },
  );
});

t.test('a live login refused on reconnecting: its markets are suspended, and stay so', async (t) => {
  const esa = await startEsaServer();
  t.teardown(() => esa.close());
  const server = await startTestServer({
    feed: {
      kind: 'betfair',
      host: '127.0.0.1',
      port: esa.port,
      tls: { ca: esa.ca },
      appKey: 'app-key',
      sessionToken: 'session-token',
      marketFilter: { eventTypeIds: ['1'], marketTypes: ['MATCH_ODDS'] },
      reconnectMs: 20,
      // Far beyond the test: what suspends is the refusal, not silence.
      staleMs: 600_000,
      bettingApiUrl: null,
      catalogue: [
        {
          marketId: M,
          marketName: 'Match Odds',
          eventType: { id: '1', name: 'Soccer' },
          competition: { id: '10932509', name: 'English Premier League' },
          event: { id: '900', name: 'Arsenal v Chelsea', openDate: '2026-11-26T20:00:00.000Z' },
          runners: [
            { selectionId: 11, runnerName: 'Arsenal', sortPriority: 1 },
            { selectionId: 12, runnerName: 'Chelsea', sortPriority: 2 },
          ],
        },
      ],
    },
  });
  t.teardown(() => server.close());
  const sub = await esa.nextSubscription();
  sub.connection.send(
    image('a', [
      { id: 11, bdatb: [[0, 2.5, 500]], bdatl: [[0, 2.56, 500]] },
      { id: 12, bdatb: [[0, 2.9, 500]], bdatl: [[0, 3, 500]] },
    ]),
  );

  // Listed as soon as the stream brings it (not at the next periodic sync), and bettable while it speaks.
  const { call, login } = caller(server);
  const p1 = (await login('player1')).body;
  const live = await until(
    async (): Promise<MatchDetail> => (await call('GET', '/api/matches/bf-900', undefined, p1.token)).body,
    (d) => d.markets?.[0]?.section[0]?.odds.some((o) => o.otype === 'back' && o.odds === 2.5) ?? false,
  );
  t.match(live.markets[0], { marketName: 'Match Odds', feedStatus: 'OPEN', feedStale: null });
  t.match(
    await call('POST', '/api/bets', betBody(live, M, 11, 'back', 2.5, 100, p1.user._id), p1.token),
    { status: 200, body: { bet: { matched_stake: 100 } } },
    'taken while the stream speaks',
  );

  // The session expires and the connection drops: the reconnect's login is refused.
  esa.expireSession();
  sub.connection.drop();
  await suspendedEverywhere(
    t,
    server,
    { matchId: 'bf-900', marketId: M, selectionId: 11, odds: 2.5 },
    { reason: 'refused', text: 'stream refused (INVALID_SESSION_INFORMATION)' },
  );
  t.equal(esa.connections, 2, 'no reconnect after a refusal reconnecting cannot mend');
});

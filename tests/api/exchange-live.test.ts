import t from 'tap';
import { openSocket } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

// A fast-ticking feed: pushes arrive within a few ticks.
const server = await startTestServer({ feedTickMs: 50 });
t.teardown(() => server.close());
const { tokenOf } = caller(server);

t.test('a match room gets only its changed prices, coalesced, and its score', async (t) => {
  const live = await openSocket(server, await tokenOf('player1', false));
  t.teardown(() => live.close());
  live.send('joinRoom', { matchId: 'sim-101' });
  await live.next('joined');
  const odds = await live.next('oddsUpdate');
  t.equal(odds.matchId, 'sim-101');
  t.ok(
    odds.markets.every((m: { marketId: string }) => m.marketId.startsWith('sim-101.')),
    "markets of the room's match only",
  );
  t.ok(
    odds.markets.every((m: { section: unknown[] }) => m.section.length >= 1 && m.section.length <= 2),
    'changed runners only',
  );
  t.match(await live.next('scoreUpdate'), { matchId: 'sim-101', innings: Number, runs: Number, overs: String });

  const before = live.all('oddsUpdate').length;
  await new Promise((r) => setTimeout(r, 1000));
  const perSecond = live.all('oddsUpdate').length - before;
  t.ok(perSecond >= 1 && perSecond <= 11, `${perSecond} pushes in a second: at most one per 100 ms`);
  t.notOk(
    live.all('oddsUpdate').some((o) => o.matchId !== 'sim-101'),
    'nothing from rooms not joined',
  );

  live.send('watch_fancy', { gameId: 'sim-102', sportId: 4 });
  t.same(await live.next('joined', (d) => d.matchId === 'sim-102'), { matchId: 'sim-102' });
  t.match(await live.next('oddsUpdate', (d) => d.matchId === 'sim-102'), { matchId: 'sim-102', markets: Array });
});

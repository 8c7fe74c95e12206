import t from 'tap';
import type { ActiveSport, MatchDetail } from '@exch/contracts';
import { betBody, best, openSocket } from '../helpers/exchange.js';
import { HORSES, RaceFeed } from '../helpers/race-feed.js';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

/**
 * A race as people read it (issue 46): the lobby lists it by its WIN market, never its PLACE; a
 * place market is declared by hand with every placed runner, and its statement line names them all.
 * The race (helpers/race-feed.ts): WIN from 3.00, PLACE from 1.50, eight horses, two places.
 */
const races = new RaceFeed();
const server = await startTestServer({ feedPort: races, feedSettleDelayMs: null });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';
const session = async (username: string) => {
  const r = (await login(username)).body;
  return { token: r.token as string, id: r.user._id as string };
};
const p1 = await session('player1');
const admin = await tokenOf('admin');
const [frankel, desert, baaeed] = HORSES.map((h) => h.selectionId);

const lobbyRace = async () =>
  ((await call('GET', '/api/sports/active', undefined, p1.token)).body.data as ActiveSport[])
    .find((s) => s.sportId === 7)
    ?.matches.find((m) => m.matchId === 'HR1');

t.test("the lobby lists a race by its WIN market's runners and prices", async (t) => {
  let race = await lobbyRace();
  for (let i = 0; i < 100 && race?.runners[0]?.back == null; i++) {
    await new Promise((r) => setTimeout(r, 50));
    race = await lobbyRace();
  }
  t.equal(race?.runners.length, 8, 'every runner of the race');
  t.match(race?.runners[0], { selectionId: frankel, name: 'Frankel Star', back: 3, status: 'ACTIVE' }, 'WIN: 3.00');
  const card: MatchDetail = (await call('GET', '/api/matches/HR1', undefined, p1.token)).body;
  t.same(card.match.runners, race?.runners, 'the match page heads with the same market');

  // A PLACE price moves, then a WIN price: the lobby's room hears only the WIN market's.
  const live = await openSocket(server, p1.token);
  t.teardown(() => live.close());
  live.send('joinRoom', { matchId: 'lobby' });
  await live.next('joined', (d) => d.matchId === 'lobby');
  const offer = (marketId: string, back: number) => ({
    type: 'exchange' as const,
    marketId,
    selectionId: frankel!,
    status: 'ACTIVE' as const,
    back: [{ price: back, size: 500_00 }],
    lay: [{ price: back + 10, size: 500_00 }],
  });
  races.send(offer('HR1-PLC', 140));
  races.send(offer('HR1-WIN', 290));
  const pushed = await live.next('lobbyPrices', (d) => d.matchId === 'HR1');
  t.match(pushed.runners[0], { selectionId: frankel, back: 2.9, lay: 3 }, 'the WIN price, pushed');
  t.notOk(
    live.all('lobbyPrices').some((d) => d.matchId === 'HR1' && d.runners[0].back === 1.4),
    'the PLACE price is never the lobby line',
  );
});

t.test('a place market is declared with exactly its placed runners; the statement names them all', async (t) => {
  const card: MatchDetail = (await call('GET', '/api/matches/HR1', undefined, p1.token)).body;
  t.equal(card.markets.find((m) => m.marketId === 'HR1-PLC')?.numberOfWinners, 2, 'a place market pays two');
  // ₹100 each way on Frankel Star and Desert Crown to be placed.
  for (const sid of [frankel!, desert!]) {
    const odds = best(card, 'HR1-PLC', sid, 'back').odds;
    const placed = await call('POST', '/api/bets', betBody(card, 'HR1-PLC', sid, 'back', odds, 100, p1.id), p1.token);
    t.equal(placed.status, 200, `backed ${sid} to be placed`);
  }
  const declare = (body: Record<string, unknown>) =>
    call('POST', '/api/admin/markets/HR1-PLC/result', { ...body, transaction_password: TXN }, admin);
  const refused = (message: string) => ({ status: 400, body: { message } });
  t.match(await declare({ selectionId: frankel }), refused('Choose 2 placed runners: this market pays 2 places'));
  t.match(await declare({ selectionIds: [frankel] }), refused('Choose 2 placed runners: this market pays 2 places'));
  t.match(await declare({ selectionIds: [frankel, frankel] }), refused('Choose each placed runner once'));
  t.match(
    await declare({ selectionIds: [frankel, 424242] }),
    refused('Choose the placed runners among the runners of this market'),
  );
  t.match(await declare({ runs: 3 }), refused('Choose the 2 placed runners (selectionIds)'));
  t.match(
    await declare({}),
    refused('Give the winner (selectionId), the placed runners (selectionIds) or the runs, one of them'),
  );
  t.match(
    await declare({ selectionIds: [frankel, baaeed], runs: 3 }),
    refused('Give the winner (selectionId), the placed runners (selectionIds) or the runs, one of them'),
  );
  t.match(await declare({ selectionIds: [frankel, 'x'] }), { status: 400 }, 'ids are whole numbers');
  t.match(
    await call(
      'POST',
      '/api/admin/markets/HR1-WIN/result',
      { selectionIds: [frankel, baaeed], transaction_password: TXN },
      admin,
    ),
    refused('Choose the winner among the runners of this market'),
    'WIN pays one',
  );

  t.match(await declare({ selectionIds: [baaeed, frankel] }), { status: 200, body: { message: 'Result declared' } });
  await server.runner.waitFor(await server.store.head());
  const mine = (await call('GET', '/api/bets/mine?status=settled', undefined, p1.token)).body.data as {
    selection: number;
    status: string;
  }[];
  t.same(
    mine.map((b) => [b.selection, b.status]).sort(),
    [
      [frankel, 'won'],
      [desert, 'lost'],
    ].sort(),
    'Frankel Star placed, Desert Crown did not',
  );
  const rows = (await call('GET', '/api/transactions/statement', undefined, p1.token)).body.data as {
    description: string;
  }[];
  t.equal(
    rows[0]?.description,
    '14:30 Ascot / To Be Placed: Frankel Star and Baaeed Legacy placed',
    'the statement line names every placed runner, in the race order',
  );
  const settled = (await call('GET', '/api/admin/event-management?status=settled', undefined, admin)).body.data;
  t.match(
    settled.find((m: { marketId: string }) => m.marketId === 'HR1-PLC'),
    { result: { selectionId: frankel, selectionIds: [frankel, baaeed] } },
  );
});

import t from 'tap';
import type { MatchDetail } from '@exch/contracts';
import { betBody, best, openSocket } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

// The feed simulator with a fixed seed that never ticks during the test: feed prices stay as read.
const server = await startTestServer({ feedTickMs: 3_600_000 });
t.teardown(() => server.close());
const { call, login } = caller(server);

const p1 = (await login('player1')).body;
const player = { token: p1.token as string, id: p1.user._id as string };
const admin = (await login('admin', true)).body.token as string;
const dealer = (await login('dealer1', true)).body.token as string;
const detail = async (): Promise<MatchDetail> =>
  (await call('GET', '/api/matches/sim-101', undefined, player.token)).body;
const market = (d: MatchDetail, id: string) => d.markets.find((m) => m.marketId === id)!;
const BM = 'sim-101.bm';
const FANCY = 'sim-101.f1';
const MUMBAI = 101;
const CHENNAI = 102;
const bet = (
  d: MatchDetail,
  marketId: string,
  sid: number,
  side: 'back' | 'lay',
  odds: number,
  extra: Record<string, unknown> = {},
) => call('POST', '/api/bets', { ...betBody(d, marketId, sid, side, odds, 100, player.id), ...extra }, player.token);

t.test('a bookmaker runner priced by hand: shown, pushed, and the only rate bets take', async (t) => {
  const before = await detail();
  t.equal(market(before, BM).manual, false);
  const feedBack = best(before, BM, MUMBAI, 'back').odds;
  const houseBack = feedBack === 40 ? 41 : 40;
  const live = await openSocket(server, player.token);
  t.teardown(() => live.close());
  live.send('watch_fancy', { gameId: 'sim-101', sportId: 4 });
  await new Promise((r) => setTimeout(r, 100));

  const set = await call(
    'PUT',
    `/api/admin/markets/${BM}/house-price`,
    { selectionId: MUMBAI, back: houseBack, lay: houseBack + 2 },
    admin,
  );
  t.match(set, { status: 200, body: { message: 'Rates set by hand', data: { marketId: BM, manual: true } } });

  const d = await detail();
  const bm = market(d, BM);
  t.equal(bm.manual, true);
  t.match(
    bm.section.find((s) => s.sid === MUMBAI),
    {
      gstatus: 'ACTIVE',
      odds: [
        { otype: 'back', odds: houseBack },
        { otype: 'lay', odds: houseBack + 2 },
      ],
    },
  );
  t.match(
    bm.section.find((s) => s.sid === CHENNAI),
    { gstatus: 'SUSPENDED', odds: [] },
    'a runner without a house price is not offered',
  );
  t.equal(market(d, 'sim-101.mo').manual, false, 'other markets follow the feed');
  const pushed = await live.next('oddsUpdate', (u) => u.markets.some((m: { marketId: string }) => m.marketId === BM));
  t.match(
    pushed.markets
      .find((m: { marketId: string }) => m.marketId === BM)
      .section.find((s: { sid: number }) => s.sid === MUMBAI).odds,
    [{ otype: 'back', odds: houseBack }],
  );

  const stale = await bet(d, BM, MUMBAI, 'back', feedBack);
  t.match(
    stale,
    { status: 400, body: { message: 'Odds changed, please place the bet again' } },
    'the old feed rate is refused',
  );
  const taken = await bet(d, BM, MUMBAI, 'back', houseBack);
  t.equal(taken.status, 200, JSON.stringify(taken.body));
  t.match(taken.body.bet, { odds: houseBack });
  t.match(
    await bet(d, BM, CHENNAI, 'back', best(before, BM, CHENNAI, 'back').odds),
    { status: 400 },
    'a runner without a house price takes no bets',
  );

  // Suspending by hand.
  await call(
    'PUT',
    `/api/admin/markets/${BM}/house-price`,
    { selectionId: MUMBAI, back: houseBack, lay: houseBack + 2, status: 'SUSPENDED' },
    admin,
  );
  t.match(
    market(await detail(), BM).section.find((s) => s.sid === MUMBAI),
    { gstatus: 'SUSPENDED' },
  );
  t.equal((await bet(d, BM, MUMBAI, 'back', houseBack)).status, 400);

  const cleared = await call('DELETE', `/api/admin/markets/${BM}/house-price`, undefined, admin);
  t.match(cleared, { status: 200, body: { message: 'The market follows the feed again', data: { manual: false } } });
  const after = await detail();
  t.equal(market(after, BM).manual, false);
  t.equal(best(after, BM, MUMBAI, 'back').odds, feedBack, 'the feed rate is back');
  t.equal((await bet(after, BM, MUMBAI, 'back', houseBack)).status, 400, 'the house rate is gone');
  t.equal((await bet(after, BM, MUMBAI, 'back', feedBack)).status, 200);
  t.match(
    await call('DELETE', `/api/admin/markets/${BM}/house-price`, undefined, admin),
    { status: 200 },
    'clearing twice is harmless',
  );
});

t.test('a fancy line by hand', async (t) => {
  const before = await detail();
  const feedYes = best(before, FANCY, 0, 'back');
  const line = feedYes.odds + 5;
  const set = await call(
    'PUT',
    `/api/admin/markets/${FANCY}/house-price`,
    { noLine: line, noRate: 100, yesLine: line + 1, yesRate: 90 },
    admin,
  );
  t.match(set, { status: 200, body: { message: 'Line set by hand', data: { manual: true } } });
  const d = await detail();
  t.match(market(d, FANCY).section, [
    {
      sid: 0,
      gstatus: 'ACTIVE',
      odds: [
        { otype: 'back', odds: line + 1, size: 90 },
        { otype: 'lay', odds: line, size: 100 },
      ],
    },
  ]);
  t.match((await call('GET', '/api/sports/active', undefined, admin)).status, 200);

  t.match(await bet(d, FANCY, 0, 'back', feedYes.odds, { volume: feedYes.size }), {
    status: 400,
    body: { message: 'Odds changed, please place the bet again' },
  });
  const yes = await bet(d, FANCY, 0, 'back', line + 1, { volume: 90 });
  t.equal(yes.status, 200, JSON.stringify(yes.body));
  const no = await bet(d, FANCY, 0, 'lay', line, { volume: 100 });
  t.equal(no.status, 200, JSON.stringify(no.body));

  t.match(await call('DELETE', `/api/admin/markets/${FANCY}/house-price`, undefined, admin), {
    status: 200,
    body: { data: { manual: false } },
  });
  t.same(best(await detail(), FANCY, 0, 'back'), feedYes, 'the feed line is back');
});

t.test('who may price by hand, and bad bodies', async (t) => {
  const good = { selectionId: MUMBAI, back: 40, lay: 42 };
  t.match(await call('PUT', `/api/admin/markets/${BM}/house-price`, good, dealer), { status: 403 });
  t.match(await call('DELETE', `/api/admin/markets/${BM}/house-price`, undefined, dealer), { status: 403 });
  t.match(await call('PUT', `/api/admin/markets/${BM}/house-price`, good, player.token), { status: 403 });
  t.match(await call('PUT', `/api/admin/markets/${BM}/house-price`, good), { status: 401 });

  const cases: [string, unknown, number, string | RegExp][] = [
    [BM, {}, 400, 'Missing required fields: selectionId, back, lay'],
    [BM, { selectionId: MUMBAI, back: 40 }, 400, 'Missing required fields: lay'],
    [BM, { ...good, noLine: 3 }, 400, 'A bookmaker runner is priced by selectionId, back and lay, not noLine'],
    [BM, { ...good, selectionId: 999 }, 400, 'selectionId must be a runner of this market'],
    [BM, { ...good, back: 'x' }, 400, 'back must be a number'],
    [BM, { ...good, back: 4.5 }, 400, 'back must be a whole number'],
    [BM, { ...good, back: 0 }, 400, 'back must be at least 1'],
    [BM, { ...good, lay: 5000 }, 400, 'lay is at most 1000'],
    [BM, { ...good, back: 50, lay: 40 }, 400, 'The back rate must not be above the lay rate'],
    [BM, { ...good, status: 'OPEN' }, 400, 'status must be ACTIVE, SUSPENDED or Ball Running'],
    [BM, { ...good, foo: 1 }, 400, 'Unknown field: foo'],
    [FANCY, { noLine: 10, noRate: 100 }, 400, 'Missing required fields: yesLine, yesRate'],
    [FANCY, { ...good }, 400, /A fancy is priced by noLine, noRate, yesLine and yesRate/],
    [FANCY, { noLine: 12, noRate: 100, yesLine: 10, yesRate: 100 }, 400, 'The No line must not be above the Yes line'],
    [FANCY, { noLine: -1, noRate: 100, yesLine: 10, yesRate: 100 }, 400, 'noLine must be at least 0'],
    ['sim-101.mo', good, 400, 'Only bookmaker markets and fancies are priced by hand'],
    ['nope', good, 404, 'Market not found'],
  ];
  for (const [id, body, status, message] of cases) {
    t.match(
      await call('PUT', `/api/admin/markets/${id}/house-price`, body, admin),
      { status, body: { message } },
      `${id} ${JSON.stringify(body)}`,
    );
  }
  for (const raw of ['[]', '"x"', 'null', '{"back":', '7']) {
    const r = await call('PUT', `/api/admin/markets/${BM}/house-price`, undefined, admin, raw);
    t.equal(r.status, 400, `raw ${raw}: ${JSON.stringify(r.body)}`);
  }
  t.match(await call('DELETE', '/api/admin/markets/nope/house-price', undefined, admin), { status: 404 });
  t.equal(market(await detail(), BM).manual, false, 'nothing was set');
});

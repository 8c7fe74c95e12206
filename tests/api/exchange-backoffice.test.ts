import t from 'tap';
import type { BetDto, MarketDto, MatchDetail } from '@exch/contracts';
import { createSimulator } from '@exch/feeds';
import { betBody, best, openSocket } from '../helpers/exchange.js';
import { RaceFeed } from '../helpers/race-feed.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

// The simulator's sports with a real exchange's races beside them (helpers/race-feed.ts); feed results wait for an admin.
const races = new RaceFeed(createSimulator({ seed: 7, tickMs: 3_600_000 }));
// Dozens of bet instructions a player in seconds: faster than the bet limit lets a person (FAST_CLIENT_LIMITS).
const server = await startTestServer({ feedPort: races, feedSettleDelayMs: null, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';

const session = async (username: string) => {
  const r = (await login(username)).body;
  return { token: r.token as string, id: r.user._id as string };
};
const p2 = await session('player2');
const p3 = await session('player3');
const admin = await tokenOf('admin');
const dealer = await tokenOf('dealer1');
const detail = async (matchId: string): Promise<MatchDetail> =>
  (await call('GET', `/api/matches/${matchId}`, undefined, p2.token)).body;
const place = async (
  who: { token: string; id: string },
  d: MatchDetail,
  marketId: string,
  sid: number,
  side: 'back' | 'lay',
  odds: number,
  stake: number,
  extra: Record<string, unknown> = {},
) => {
  const r = await call(
    'POST',
    '/api/bets',
    { ...betBody(d, marketId, sid, side, odds, stake, who.id), ...extra },
    who.token,
  );
  if (r.status !== 200) throw new Error(`bet refused: ${JSON.stringify(r.body)}`);
  return r.body.bet;
};

// Another branch: sadmin2 under admin, with its own passwords, sees none of dealer1's players.
await call(
  'POST',
  '/api/users',
  {
    username: 'sadmin2',
    fullName: 'Other Branch',
    password: 'Start123',
    confirmPassword: 'Start123',
    role: 'sadmin',
    creditReference: 0,
    exposureLimit: 0,
    transactionPassword: TXN,
  },
  admin,
);
await call(
  'POST',
  '/api/users/first-password',
  { newPassword: 'Other1234', confirmPassword: 'Other1234' },
  (await login('sadmin2', true, 'Start123')).body.token,
);
const other = await tokenOf('sadmin2', true, 'Other1234');
await call(
  'POST',
  '/api/users/transaction-password',
  { password: 'Other1234', transactionPassword: 'OtherTxn1', confirmTransactionPassword: 'OtherTxn1' },
  other,
);

const soccer = await detail('sim-201');
const cricket = await detail('sim-101');
const MO = 'sim-201.mo';
const arsenalBack = best(soccer, MO, 301, 'back');
const chelseaLay = best(soccer, MO, 302, 'lay');
const b1 = await place(p2, soccer, MO, 301, 'back', arsenalBack.odds, 100);
const b2 = await place(p2, soccer, MO, 302, 'lay', chelseaLay.odds, 100);
const yes = best(cricket, 'sim-101.f1', 0, 'back');
const f1 = await place(p3, cricket, 'sim-101.f1', 0, 'back', yes.odds, 100, { volume: yes.size });
const bmRate = best(cricket, 'sim-101.bm', 101, 'back').odds;
const bm1 = await place(p3, cricket, 'sim-101.bm', 101, 'back', bmRate, 200);

t.test("the bets of one match by market type, filtered, for the caller's downline only", async (t) => {
  const all = await call('GET', '/api/bets/event/sim-201/categorized', undefined, dealer);
  t.equal(all.status, 200);
  t.same(Object.keys(all.body.data.markets).sort(), ['Bookmaker', 'FANCY', 'MATCH_ODDS']);
  t.same(
    all.body.data.markets.MATCH_ODDS.map((b: { _id: string }) => b._id),
    [b2._id, b1._id],
    'newest first',
  );
  t.same(
    (
      await call('GET', '/api/bets/event/sim-201/categorized?odds_type=lay', undefined, dealer)
    ).body.data.markets.MATCH_ODDS.map((b: { _id: string }) => b._id),
    [b2._id],
  );
  t.same(
    (await call('GET', '/api/bets/event/sim-201/categorized?matched_status=unmatched', undefined, dealer)).body.data
      .markets.MATCH_ODDS,
    [],
  );
  t.equal(
    (await call('GET', '/api/bets/event/sim-201/categorized?username=PLAYER3', undefined, dealer)).body.data.markets
      .MATCH_ODDS.length,
    0,
  );
  t.equal(
    (await call('GET', '/api/bets/event/sim-201/categorized?min_stake=100.01', undefined, dealer)).body.data.markets
      .MATCH_ODDS.length,
    0,
  );
  const cricketBets = (
    await call('GET', '/api/bets/event/sim-101/categorized?market_types=FANCY,Bookmaker', undefined, dealer)
  ).body.data.markets;
  t.match(cricketBets, {
    FANCY: [{ _id: f1._id, odds: yes.odds, volume: yes.size, market_type: 'FANCY' }],
    Bookmaker: [{ _id: bm1._id, odds: bmRate }],
    MATCH_ODDS: [],
  });
  t.match(await call('GET', '/api/bets/event/sim-201/categorized?market_types=CASINO', undefined, dealer), {
    status: 400,
    body: { message: 'Unknown market type: CASINO' },
  });
  t.match(await call('GET', '/api/bets/event/sim-201/categorized?startDate=yesterday', undefined, dealer), {
    status: 400,
    body: { message: 'Invalid date in startDate (use YYYY-MM-DD or YYYY-MM-DDTHH:mm)' },
  });
  t.match(await call('GET', '/api/bets/event/sim-201/categorized?max_stake=-1', undefined, dealer), {
    status: 400,
    body: { message: 'max_stake must not be negative' },
  });
  t.match(await call('GET', '/api/bets/event/sim-201/categorized', undefined, p2.token), { status: 403 });

  const foreign = await call('GET', '/api/bets/event/sim-201/categorized', undefined, other);
  t.same(foreign.body.data.markets.MATCH_ODDS, [], 'another branch sees nothing');
  t.match((await call('POST', '/api/alluserbetList', {}, other)).body, { data: [], pagination: { total: 0 } });
});

t.test('bet history pages and filters', async (t) => {
  const page = await call('POST', '/api/alluserbetList?page=1', { limit: 2 }, dealer);
  t.match(page.body, { pagination: { page: 1, limit: 2, total: 4, totalPages: 2 } });
  t.same(
    page.body.data.map((b: { _id: string }) => b._id),
    [bm1._id, f1._id],
  );
  t.same(
    (await call('POST', '/api/alluserbetList?page=2', { limit: 2 }, dealer)).body.data.map(
      (b: { _id: string }) => b._id,
    ),
    [b2._id, b1._id],
  );
  t.match(
    (
      await call(
        'POST',
        '/api/alluserbetList',
        { market_type: 'MATCH_ODDS', odds_type: 'back', username: 'player2' },
        dealer,
      )
    ).body,
    { data: [{ _id: b1._id }], pagination: { total: 1 } },
  );
  t.match((await call('POST', '/api/alluserbetList', { amount_from: 150, amount_to: '200' }, dealer)).body, {
    data: [{ _id: bm1._id }],
  });
  t.match(
    (await call('POST', '/api/alluserbetList', { start_date: '2000-01-01T00:00', end_date: '2000-01-02' }, dealer))
      .body,
    { data: [] },
  );
  t.match((await call('POST', '/api/alluserbetList', { deleted: true }, dealer)).body, { data: [] });
  t.match(await call('POST', '/api/alluserbetList', { colour: 'red' }, dealer), {
    status: 400,
    body: { message: 'Unknown field: colour' },
  });
  t.match(await call('POST', '/api/alluserbetList?page=0', {}, dealer), {
    status: 400,
    body: { message: 'page must be at least 1' },
  });
  t.match(await call('POST', '/api/alluserbetList', { limit: 1000 }, dealer), {
    status: 400,
    body: { message: 'limit is at most 100' },
  });

  // The export: the same filters as query strings, every row, newest first.
  const rows = (r: { body: string }) =>
    r.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
  const all = rows(await call('GET', '/api/alluserbetList.csv', undefined, dealer));
  t.same(all[0], [
    'Placed',
    'User Name',
    'Event',
    'Market',
    'Selection',
    'Side',
    'Odds',
    'Matched Odds',
    'Stake',
    'Matched',
    'Status',
    'Profit/Loss',
    'Settled',
    'Reference',
  ]);
  t.same(
    all.slice(1).map((r) => r.at(-1)),
    [bm1, f1, b2, b1].map((b) => b.reference_id),
    'the four bets the pages held, unpaged',
  );
  const backs = rows(
    await call(
      'GET',
      '/api/alluserbetList.csv?market_type=MATCH_ODDS&odds_type=back&username=player2',
      undefined,
      dealer,
    ),
  );
  t.same(
    backs.slice(1).map((r) => [r[1], r[5], r[8]]),
    [['player2', 'back', b1.stake.toFixed(2)]],
  );
  t.equal(
    rows(await call('GET', '/api/alluserbetList.csv?deleted=true', undefined, dealer)).length,
    1,
    'no deleted bets: the header alone',
  );
  t.match(await call('GET', '/api/alluserbetList.csv?deleted=yes', undefined, dealer), {
    status: 400,
    body: { message: 'deleted must be true or false' },
  });
  t.match(await call('GET', '/api/alluserbetList.csv', undefined, p2.token), { status: 403 });
});

t.test('user books and the fancy run position', async (t) => {
  t.match((await call('GET', `/api/market-locks/user-book/${MO}`, undefined, dealer)).body, {
    data: {
      users: [
        {
          user: 'player2',
          selections: [
            { selection_name: 'Arsenal', total_stake: 100 },
            { selection_name: 'Chelsea', total_stake: 100 },
          ],
        },
      ],
    },
  });
  t.match((await call('GET', `/api/market-locks/user-book/${MO}`, undefined, other)).body, {
    message: 'No Result Found',
    data: { users: [] },
  });
  t.match(await call('GET', '/api/market-locks/user-book/nope', undefined, dealer), {
    status: 404,
    body: { message: 'Market not found' },
  });

  // player2: back Arsenal ₹100 at A and lay Chelsea ₹100 at L.
  const a = Math.round(arsenalBack.odds * 100);
  const l = Math.round(chelseaLay.odds * 100);
  const book = await call('POST', '/api/get-user-wise-book', { marketId: MO }, dealer);
  t.match(book.body.markets[0], {
    marketId: MO,
    runners: [{ selectionId: 301, name: 'Arsenal' }, { selectionId: 302 }, { selectionId: 303 }],
  });
  // Arsenal wins: the back wins (A - 1) x 100 and the lay keeps ₹100; Chelsea wins: both lose; the Draw: they cancel out.
  t.same(book.body.markets[0].users, [
    { username: 'player2', book: { 301: a - 100 + 100, 302: -100 - (l - 100), 303: 0 } },
  ]);
  t.match(await call('POST', '/api/get-user-wise-book', { marketId: 'sim-101.f1' }, dealer), { status: 400 });

  // player3: Yes ₹100 on the line at the rate: loses ₹100 below the line, wins rate x 100 / 100 at or above it.
  const run = await call('POST', '/api/get-fancy-position', { marketId: 'sim-101.f1' }, dealer);
  t.same(run.body.data.completeBookList, [
    { run: yes.odds - 1, value: -100 },
    { run: yes.odds, value: yes.size },
  ]);
  t.same(
    (await call('POST', '/api/get-fancy-position', { marketId: 'sim-101.f1', userId: p2.id }, dealer)).body.data
      .completeBookList,
    [],
  );
  t.same(
    (await call('POST', '/api/get-fancy-position', { marketId: 'sim-101.f1' }, other)).body.data.completeBookList,
    [],
  );
  t.match(await call('POST', '/api/get-fancy-position', { marketId: 'sim-101.f1', userId: p3.id }, other), {
    status: 404,
    body: { message: 'User not found in your downline' },
  });
});

t.test('selection analysis: pending stakes per event, market and selection', async (t) => {
  const r = await call('GET', '/api/report/selection_analysis', undefined, dealer);
  t.match(r.body.eventAnalysis, [
    {
      event_id: 'sim-101',
      event_name: 'Mumbai v Chennai',
      sportId: 4,
      markets: [
        { market_type: 'Bookmaker', selections: [{ selection_name: 'Mumbai', totalStake: 200 }] },
        { market_type: 'FANCY', market_id: 'sim-101.f1' },
      ],
    },
    {
      event_id: 'sim-201',
      markets: [
        {
          market_type: 'MATCH_ODDS',
          market_name: 'Match Odds',
          selections: [
            { selection_name: 'Arsenal', totalStake: 100 },
            { selection_name: 'Chelsea', totalStake: 100 },
          ],
        },
      ],
    },
  ]);
  t.same(
    (await call('GET', '/api/report/selection_analysis?search=arsenal', undefined, dealer)).body.eventAnalysis.map(
      (e: { event_id: string }) => e.event_id,
    ),
    ['sim-201'],
  );
  t.same((await call('GET', '/api/report/selection_analysis', undefined, other)).body.eventAnalysis, []);
});

t.test('an upline deletes one pending bet; another branch and unknown ids get the same answer', async (t) => {
  const live = await openSocket(server, p2.token);
  t.teardown(() => live.close());
  const upline = await openSocket(server, dealer);
  const stranger = await openSocket(server, other);
  t.teardown(() => (upline.close(), stranger.close()));
  for (const s of [upline, stranger]) {
    s.send('joinRoom', { matchId: 'sim-201' });
    await s.next('joined');
  }
  t.match(await call('PATCH', `/api/bets/${b1._id}/status`, { status: 'cancelled' }, other), {
    status: 404,
    body: { message: 'Invalid bet data. Unable to delete.' },
  });
  t.match(await call('PATCH', '/api/bets/no-such-bet/status', { status: 'cancelled' }, dealer), {
    status: 404,
    body: { message: 'Invalid bet data. Unable to delete.' },
  });
  const before = (await call('GET', '/api/users/profile', undefined, p2.token)).body.balance.exposer;
  const r = await call('PATCH', `/api/bets/${b1._id}/status`, { status: 'cancelled' }, dealer);
  t.match(r, { status: 200, body: { message: 'Bet deleted', bet: { _id: b1._id, status: 'deleted' } } });
  t.same(await live.next('betDelete'), { betId: b1._id, matchId: 'sim-201' });
  t.same(
    await upline.next('betDelete'),
    { betId: b1._id, matchId: 'sim-201' },
    'the upline watching the match hears it',
  );
  t.same(stranger.all('betDelete'), [], 'another branch watching the same match does not');
  const after = (await call('GET', '/api/users/profile', undefined, p2.token)).body.balance.exposer;
  t.ok(after !== before, `exposure moved from ${before} to ${after}`);
  // Only the lay on Chelsea is left: it loses (L - 1) x 100 if Chelsea wins.
  t.equal(after, Math.round((chelseaLay.odds - 1) * 100 * 100) / 100);
  t.match((await call('POST', '/api/alluserbetList', { deleted: true }, dealer)).body, {
    data: [{ _id: b1._id, status: 'deleted' }],
  });
  t.match(await call('PATCH', `/api/bets/${b1._id}/status`, { status: 'cancelled' }, dealer), {
    status: 400,
    body: { message: 'Only pending bets can be deleted' },
  });
  t.match((await call('GET', '/api/bets/mine?status=deleted', undefined, p2.token)).body, { data: [{ _id: b1._id }] });
});

t.test('bet lock: an upline locks a match for a player with its transaction password', async (t) => {
  const target = { event_id: 'sim-201', market_type: null, market_id: null };
  t.match(
    await call('PUT', '/api/market-locks/sim-201', { userId: p3.id, is_locked: true, lock_target: target }, dealer),
    { status: 400, body: { message: 'Missing required fields: transaction_password' } },
  );
  t.match(
    await call(
      'PUT',
      '/api/market-locks/sim-201',
      { userId: p3.id, is_locked: true, lock_target: target, transaction_password: 'nope' },
      dealer,
    ),
    { status: 400, body: { message: 'Wrong transaction password' } },
  );
  t.match(
    await call(
      'PUT',
      '/api/market-locks/sim-201',
      { userId: p3.id, is_locked: true, lock_target: target, transaction_password: 'OtherTxn1' },
      other,
    ),
    { status: 404, body: { message: 'User not found in your downline' } },
  );
  t.match(
    await call(
      'PUT',
      '/api/market-locks/sim-201',
      { userId: p3.id, is_locked: true, lock_target: { ...target, event_id: 'sim-101' }, transaction_password: TXN },
      dealer,
    ),
    { status: 400 },
  );
  t.match(
    await call(
      'PUT',
      '/api/market-locks/sim-201',
      {
        userId: p3.id,
        is_locked: true,
        lock_target: { ...target, market_id: 'sim-101.mo' },
        transaction_password: TXN,
      },
      dealer,
    ),
    { status: 404, body: { message: 'Market not found in this match' } },
  );
  t.match(
    await call(
      'PUT',
      '/api/market-locks/sim-201',
      { userId: [p3.id], is_locked: true, lock_target: target, transaction_password: TXN },
      dealer,
    ),
    { status: 200, body: { message: 'Betting locked' } },
  );

  const locks = await call('GET', '/api/users/downline-with-locks?event_id=sim-201', undefined, dealer);
  t.same(
    locks.body.data.users.map((u: { username: string; is_locked: boolean }) => [u.username, u.is_locked]),
    [
      ['player1', false],
      ['player2', false],
      ['player3', true],
    ],
  );
  t.same(
    (
      await call('GET', `/api/users/downline-with-locks?event_id=sim-201&market_id=${MO}`, undefined, dealer)
    ).body.data.users.map((u: { is_locked: boolean }) => u.is_locked),
    [false, false, false],
  );

  const odds = best(soccer, MO, 301, 'back').odds;
  t.match(await call('POST', '/api/bets', betBody(soccer, MO, 301, 'back', odds, 100, p3.id), p3.token), {
    status: 400,
    body: { message: 'Betting on this market is locked for your account. Please contact your upline.' },
  });
  t.match(
    await call(
      'PUT',
      '/api/market-locks/sim-201',
      { userId: p3.id, is_locked: false, lock_target: target, transaction_password: TXN },
      dealer,
    ),
    { status: 200, body: { message: 'Betting unlocked' } },
  );
  t.match(await call('POST', '/api/bets', betBody(soccer, MO, 301, 'back', odds, 100, p3.id), p3.token), {
    status: 200,
  });
});

t.test('bulk delete is for the admin role, with its transaction password', async (t) => {
  const ids = [f1._id, bm1._id];
  t.match(await call('POST', '/api/delete-bets', { ids, transaction_password: TXN }, dealer), {
    status: 403,
    body: { message: 'Only the admin role can delete bets in bulk' },
  });
  t.match(await call('POST', '/api/delete-bets', { ids: [], transaction_password: TXN }, admin), {
    status: 400,
    body: { message: 'Please select one item' },
  });
  t.match(await call('POST', '/api/delete-bets', { ids: [...ids, 'no-such-bet'], transaction_password: TXN }, admin), {
    status: 404,
    body: { message: 'Invalid bet data. Unable to delete.' },
  });
  t.match(await call('POST', '/api/delete-bets', { ids, transaction_password: 'wrong' }, admin), {
    status: 400,
    body: { message: 'Wrong transaction password' },
  });
  t.match(await call('POST', '/api/delete-bets', { ids, transaction_password: TXN }, admin), {
    status: 200,
    body: { message: '2 bets deleted', deleted: 2 },
  });
  t.match(
    (await call('GET', '/api/users/profile', undefined, p3.token)).body.balance,
    { balance: 25000, exposer: 100 },
    'only the soccer bet is left',
  );
});

t.test('no 500 for garbage on the back-office calls', async (t) => {
  const calls: [string, string, string][] = [
    ['POST', '/api/alluserbetList', '[1,2]'],
    ['POST', '/api/delete-bets', '"x"'],
    ['PUT', '/api/market-locks/sim-201', '{"userId":{},"is_locked":"yes"}'],
    ['POST', '/api/get-user-wise-book', '{}'],
    ['POST', '/api/get-fancy-position', 'null'],
    ['PUT', '/api/admin/markets/sim-201.mo/settings', '{"min":"a","max":1,"betDelaySec":1.5,"commissionPercent":-1}'],
    ['POST', '/api/admin/markets/sim-201.mo/result', '{"selectionId":"x"}'],
    ['PUT', '/api/messages', '{"text":5}'],
  ];
  for (const [method, path, raw] of calls) {
    const r = await call(method, path, undefined, admin, raw);
    t.equal(r.status, 400, `${method} ${path} ${raw}: ${JSON.stringify(r.body)}`);
  }
  t.match(await call('GET', '/api/users/downline-with-locks', undefined, dealer), { status: 400 });
  t.match(await call('GET', '/api/users/downline-with-locks?event_id=nope', undefined, dealer), {
    status: 404,
    body: { message: 'Match not found' },
  });
  t.match(await call('GET', '/api/admin/sports', undefined, dealer), {
    status: 403,
    body: { message: 'Only admin and super admin manage markets' },
  });
});

t.test(
  'races from a real exchange feed: source, feed suspension, non-runner, result confirmed by an admin',
  async (t) => {
    const p1 = await session('player1');
    const race = async (): Promise<MatchDetail> => (await call('GET', '/api/matches/HR1', undefined, p1.token)).body;
    const market = (d: MatchDetail, id: string): MarketDto => d.markets.find((m) => m.marketId === id)!;
    const eventually = async (what: string, check: () => Promise<boolean>): Promise<void> => {
      for (const until = Date.now() + 15_000; !(await check()); await new Promise((r) => setTimeout(r, 100)))
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    };

    const card = await race();
    t.equal(card.match.sportId, 7);
    t.match(market(card, 'HR1-WIN'), { source: 'feed', feedStatus: 'OPEN', numberOfWinners: 1, removed: [] });
    t.match(market(card, 'HR1-PLC'), { source: 'feed', numberOfWinners: 2 });
    t.equal(market(card, 'HR1-WIN').section.length, 8);
    t.same(
      market(card, 'HR1-WIN').section[0]!.odds.map((o) => [o.otype, o.tno]),
      [
        ['back', 0],
        ['back', 1],
        ['back', 2],
        ['lay', 0],
        ['lay', 1],
        ['lay', 2],
      ],
      'three back and three lay levels',
    );
    const events = (await call('GET', '/api/admin/event-management', undefined, admin)).body.data as MarketDto[];
    t.equal(events.find((m) => m.marketId === 'HR1-WIN')?.source, 'feed');
    t.equal(events.find((m) => m.marketId === 'sim-201.mo')?.source, 'simulator');
    const sports = (await call('GET', '/api/admin/sports', undefined, admin)).body.data as {
      id: number;
      matches: number;
    }[];
    t.match(
      sports.find((s) => s.id === 7),
      { matches: 1 },
    );
    t.match(
      sports.find((s) => s.id === 4339),
      { matches: 1 },
    );

    // Suspended by the feed: no bets.
    races.send(RaceFeed.definition('HR1-WIN', { status: 'SUSPENDED' }, {}));
    await eventually('the feed suspension', async () => market(await race(), 'HR1-WIN').feedStatus === 'SUSPENDED');
    const odds2 = best(card, 'HR1-WIN', 7002, 'back').odds;
    const refused = await call(
      'POST',
      '/api/bets',
      betBody(card, 'HR1-WIN', 7002, 'back', odds2, 100, p1.id),
      p1.token,
    );
    t.match(refused.body, { message: 'Market is suspended' });
    races.send(RaceFeed.definition('HR1-WIN', {}, {}));
    await eventually('the market open again', async () => market(await race(), 'HR1-WIN').feedStatus === 'OPEN');

    // ₹100 on 7002 and on 7005; 7005 is withdrawn with a factor of 16.2%.
    const b2 = await place(p1, card, 'HR1-WIN', 7002, 'back', odds2, 100);
    const b5 = await place(p1, card, 'HR1-WIN', 7005, 'back', best(card, 'HR1-WIN', 7005, 'back').odds, 100);
    races.send(RaceFeed.definition('HR1-WIN', {}, { 7005: ['REMOVED', 16.2] }));
    const reduced = Math.floor((Math.round(odds2 * 100) * 8380 + 5000) / 10000);
    let mine: BetDto[] = [];
    await eventually('the non-runner', async () => {
      mine = (await call('GET', '/api/recent/bets?eventId=HR1', undefined, p1.token)).body.data;
      return mine.find((b) => b._id === b5._id)?.status === 'void';
    });
    // ₹100 at the reduced price p wins (p - 1) x ₹100.
    t.match(
      mine.find((b) => b._id === b2._id),
      { status: 'pending', potential_win: reduced - 100 },
    );
    const after = market(await race(), 'HR1-WIN');
    t.same(after.removed, [{ selectionId: 7005, adjustmentFactorBp: 1620 }]);
    t.match(
      after.section.find((s) => s.sid === 7005),
      { gstatus: 'REMOVED', odds: [] },
    );

    // Closed with 7002 the winner: proposed, then an admin confirms with one click.
    races.send(
      RaceFeed.definition('HR1-WIN', { status: 'CLOSED', inPlay: true }, { 7002: ['WINNER'], 7005: ['REMOVED', 16.2] }),
    );
    await eventually('the proposed result', async () => String(market(await race(), 'HR1-WIN').proposed) === '7002');
    const confirmed = await call(
      'POST',
      '/api/admin/markets/HR1-WIN/confirm-result',
      { transaction_password: TXN },
      admin,
    );
    t.match(confirmed, { status: 200, body: { message: 'Result confirmed' } });
    await eventually('the settlement', async () => {
      mine = (await call('GET', '/api/recent/bets?eventId=HR1', undefined, p1.token)).body.data;
      return mine.find((b) => b._id === b2._id)?.status === 'won';
    });
    t.equal(mine.find((b) => b._id === b2._id)?.pnl, reduced - 100, 'paid at the reduced price');
  },
);

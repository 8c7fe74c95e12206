import t from 'tap';
import type { BetDto, MarketPosition, MatchDetail, RiskAlert, TapeBet } from '@exch/contracts';
import { betBody, openSocket, tigerBetBody } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

/**
 * The bet tape and the risk desk (docs/risk.md) through the real routes: the live tape and its history
 * for an agent's downline only, the big-bet threshold and the watch list, alerts raised by scripted
 * bets and not by ordinary ones, the downline's positions, and one action to block a market.
 */
const server = await startTestServer({ feedTickMs: 3_600_000, trustProxy: true });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';
const MO = 'sim-201.mo';
const ARSENAL = 301;

const admin = await tokenOf('admin');
const dealer = await tokenOf('dealer1');
const session = async (username: string, password?: string) => {
  const r = (await login(username, false, password)).body;
  return { token: r.token as string, id: r.user._id as string };
};
const p1 = await session('player1');
const p2 = await session('player2');
const p3 = await session('player3');

// Another branch: a player directly under the admin, outside dealer1's downline.
const created = await call(
  'POST',
  '/api/users',
  {
    username: 'other_branch',
    fullName: 'Other Branch',
    password: 'Start123',
    confirmPassword: 'Start123',
    role: 'user',
    creditReference: 0,
    exposureLimit: 0,
    transactionPassword: TXN,
  },
  admin,
);
await call('POST', `/api/users/${created.body.user._id}/deposit`, { amount: 10_000, transactionPassword: TXN }, admin);
const first = await session('other_branch', 'Start123');
await call(
  'POST',
  '/api/users/first-password',
  { newPassword: 'Other1234', confirmPassword: 'Other1234' },
  first.token,
);
const other = await session('other_branch', 'Other1234');

const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p1.token)).body;
/** A back at 1.01: it takes the best price, so it is matched at once. */
const back = async (who: { token: string; id: string }, stake: number, ip?: string): Promise<BetDto> => {
  const r = await fetch(`${server.url}/api/bets`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(betBody(detail, MO, ARSENAL, 'back', 1.01, stake, who.id)),
  });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`bet refused: ${JSON.stringify(body)}`);
  return body.bet;
};
const today = new Date().toISOString().slice(0, 10);

t.test('the live tape: an agent sees its downline bet as it happens, never another branch', async (t) => {
  const dealerLive = await openSocket(server, dealer);
  const adminLive = await openSocket(server, admin);
  for (const live of [dealerLive, adminLive]) {
    live.send('joinRoom', { matchId: 'bet-tape' });
    await live.next('joined');
  }
  t.teardown(() => {
    dealerLive.close();
    adminLive.close();
  });
  const mine = await back(p1, 100, '198.51.100.1');
  const theirs = await back(other, 100, '198.51.100.9');
  t.match(await dealerLive.next('tape', (d) => d.bet._id === mine._id), { bet: { user_id: p1.id, stake: 100 } });
  await adminLive.next('tape', (d) => d.bet._id === mine._id);
  await adminLive.next('tape', (d) => d.bet._id === theirs._id);
  t.pass('the top admin sees both branches');
  t.notOk(
    dealerLive.all('tape').some((d) => d.bet._id === theirs._id),
    "the dealer never gets the other branch's bet",
  );

  // A casino table's bet is on the tape too, placed and then settled.
  t.equal(await server.dealer!.step('dt20'), 'opened');
  const mid = (await call('GET', '/api/casino/tables/dt20', undefined, p1.token)).body.round.mid as string;
  const tiger = await call('POST', '/api/bets', tigerBetBody(p1.id, mid), p1.token);
  t.equal(tiger.status, 200, JSON.stringify(tiger.body));
  const otherTiger = await call('POST', '/api/bets', tigerBetBody(other.id, mid), other.token);
  t.match(await dealerLive.next('tape', (d) => d.bet._id === tiger.body.bet._id), {
    bet_type: 'casino',
    bet: { table_id: 'dt20', selection_name: 'Tiger', stake: 100, status: 'pending' },
  });
  await server.dealer!.finishRound('dt20');
  t.match(await dealerLive.next('tape', (d) => d.bet._id === tiger.body.bet._id), {
    bet_type: 'casino',
    bet: { status: /^(won|lost|void)$/ },
  });
  await adminLive.next('tape', (d) => d.bet._id === otherTiger.body.bet._id);
  t.notOk(
    dealerLive.all('tape').some((d) => d.bet._id === otherTiger.body.bet._id),
    "nor the other branch's casino bet",
  );
  const casinoHistory = (await call('GET', `/api/admin/bet-tape?bet_type=casino&from=${today}`, undefined, dealer))
    .body;
  t.same(
    casinoHistory.data.map((r: TapeBet) => [r.bet_type, r.bet._id]),
    [['casino', tiger.body.bet._id]],
    "the casino history: the downline's bet, not the other branch's",
  );
  t.same(
    (await call('GET', `/api/admin/bet-tape?bet_type=casino&side=back`, undefined, dealer)).body.data,
    [],
    'a side picks no casino bet',
  );
});

t.test("the tape's history: the downline's bets of a period, filtered, as the bet list has them", async (t) => {
  const history = (await call('GET', `/api/admin/bet-tape?from=${today}&limit=100`, undefined, dealer)).body;
  const list = (
    await call('POST', '/api/alluserbetList?page=1', { status: 'all', start_date: today, limit: 100 }, dealer)
  ).body;
  t.ok(history.data.length > 0);
  t.ok(
    history.data.every((r: TapeBet) => r.bet_type === 'sports'),
    'exchange bets unless asked for casino',
  );
  t.same(
    history.data.map((r: TapeBet) => r.bet._id),
    list.data.map((b: BetDto) => b._id),
    'the same bets as the bet list for the same period',
  );
  t.notOk(
    history.data.some((r: TapeBet) => r.bet.user_id === other.id),
    'nothing of another branch',
  );
  t.ok(
    (await call('GET', `/api/admin/bet-tape?from=${today}`, undefined, admin)).body.data.some(
      (r: TapeBet) => r.bet.user_id === other.id,
    ),
    'the admin sees it',
  );
  t.equal(history.next, null, 'one page holds them all: no next');
  // Paged by cursor one bet at a time (the admin's, two branches): the same bets in the same order, each page after the last one's bet.
  const whole = (await call('GET', `/api/admin/bet-tape?from=${today}&limit=100`, undefined, admin)).body.data;
  t.ok(whole.length >= 2, 'bets to page through');
  const paged: string[] = [];
  let after = '';
  for (let i = 0; i <= whole.length; i++) {
    const page = (
      await call('GET', `/api/admin/bet-tape?from=${today}&limit=1${after ? `&after=${after}` : ''}`, undefined, admin)
    ).body;
    paged.push(...page.data.map((r: TapeBet) => r.bet._id));
    if (page.next === null) break;
    t.equal(page.next, page.data[0].bet._id, "a page's next is its last bet");
    after = page.next;
  }
  t.same(
    paged,
    whole.map((r: TapeBet) => r.bet._id),
    'paging by cursor lists every bet once, newest first',
  );
  t.same((await call('GET', `/api/admin/bet-tape?from=${today}&side=lay`, undefined, dealer)).body.data, []);
  t.same((await call('GET', `/api/admin/bet-tape?from=${today}&min_stake=100000`, undefined, dealer)).body.data, []);
  const csv = (await call('GET', `/api/admin/bet-tape.csv?from=${today}`, undefined, dealer)).body as string;
  t.equal(csv.trim().split('\r\n').length, history.data.length + 1, 'the CSV: a header and a line per bet');
  t.match(await call('GET', '/api/admin/bet-tape?side=up', undefined, dealer), {
    status: 400,
    body: { message: 'side must be back or lay' },
  });
  // The fuzzer's find (FUZZ_SEED=51586): a sport id that is no number was a 500.
  for (const url of ['/api/admin/bet-tape?sport_id=0000-00-00', '/api/admin/bet-tape.csv?sport_id=a'])
    t.match(await call('GET', url, undefined, dealer), {
      status: 400,
      body: { message: 'sport_id must be a whole number' },
    });
  t.equal((await call('GET', `/api/admin/bet-tape?from=${today}&sport_id=4`, undefined, dealer)).status, 200);
  t.match(await call('GET', '/api/admin/bet-tape', undefined, p1.token), { status: 403 });
});

t.test('settings: a big-bet threshold and a watch list of the downline', async (t) => {
  t.match(await call('PUT', '/api/admin/risk/big-bet', { amount: 500 }, dealer), {
    status: 200,
    body: { big_bet: 500 },
  });
  t.match(await call('PUT', '/api/admin/risk/big-bet', { amount: -5 }, dealer), { status: 400 });
  t.match(await call('PUT', '/api/admin/risk/watch', { userId: p1.id, watched: true }, dealer), { status: 200 });
  t.match(await call('PUT', '/api/admin/risk/watch', { userId: other.id, watched: true }, dealer), {
    status: 404,
    body: { message: 'User not found in your downline' },
  });
  t.match(await call('PUT', '/api/admin/risk/watch', { userId: p2.id, watched: true }, p1.token), { status: 403 });
  t.same((await call('GET', '/api/admin/risk/settings', undefined, dealer)).body, {
    big_bet: 500,
    watched: [{ user_id: p1.id, username: 'player1' }],
  });
  // A watched account's bet reaches the watcher wherever it is (no tape room joined here).
  const live = await openSocket(server, dealer);
  t.teardown(() => live.close());
  const bet = await back(p1, 100, '198.51.100.1');
  t.match(await live.next('watchedBet', (d) => d.bet._id === bet._id), { bet: { user_id: p1.id } });
});

t.test('alerts: raised by scripted bets, each with its reason and its bets; not by ordinary ones', async (t) => {
  const alerts = async (): Promise<RiskAlert[]> =>
    (await call('GET', '/api/admin/risk/alerts?hours=1', undefined, dealer)).body.data;
  const big = await back(p1, 600, '198.51.100.1');
  const small = await back(p1, 499, '198.51.100.1');
  // player2: ten bets within ten seconds, from player1's address.
  const burst: BetDto[] = [];
  for (let i = 0; i < 10; i++) burst.push(await back(p2, 100, '198.51.100.1'));
  // player3: three bets, then the admin suspends the market at once.
  for (let i = 0; i < 2; i++) await back(p3, 100, '198.51.100.3');
  const late = await back(p3, 100, '198.51.100.3');
  t.match(await call('PUT', `/api/admin/markets/${MO}/status`, { status: 'SUSPENDED' }, admin), { status: 200 });
  t.match(await call('PUT', `/api/admin/markets/${MO}/status`, { status: 'ACTIVE' }, admin), { status: 200 });

  const raised = await alerts();
  const of = (kind: string, userId: string | null) => raised.filter((a) => a.kind === kind && a.user_id === userId);
  t.match(of('big_bet', p1.id), [
    {
      reason: 'Stake ₹600.00 is at or above your big-bet threshold of ₹500.00',
      bets: [{ _id: big._id }],
    },
  ]);
  t.notOk(
    raised.some((a) => a.kind === 'big_bet' && a.bets.some((b) => b._id === small._id)),
    'a stake under the threshold is no big bet',
  );
  t.match(of('burst', p2.id), [{ reason: '10 bets within 10 seconds' }]);
  t.same(
    new Set(of('burst', p2.id)[0]!.bets.map((b) => b._id)),
    new Set(burst.map((b) => b._id)),
    'the burst alert names its ten bets',
  );
  t.same(of('burst', p3.id), [], 'three bets are no burst');
  t.same(of('burst', p1.id), [], "player1's few bets are no burst");
  const shared = raised.filter((a) => a.kind === 'shared_ip');
  t.match(shared, [{ reason: '2 accounts bet from one address (198.51.100.1): player1, player2' }]);
  t.notOk(
    shared.some((a) => a.reason.includes('198.51.100.3')),
    "player3's address is its own",
  );
  const before = of('before_suspension', p3.id);
  t.ok(
    before.some(
      (a) => a.bets.some((b) => b._id === late._id) && /^Placed \d+ s before the market was suspended$/.test(a.reason),
    ),
    'the bet placed just before the suspension',
  );
  t.notOk(
    raised.some((a) => a.bets.some((b) => b.user_id === other.id)),
    "no alert names another branch's bet",
  );
  t.match(await call('GET', '/api/admin/risk/alerts?hours=500', undefined, dealer), { status: 400 });
});

t.test("positions: each outcome's P&L for the downline's players, and who wins most", async (t) => {
  const { data } = (await call('GET', '/api/admin/risk/positions', undefined, dealer)).body as {
    data: MarketPosition[];
  };
  const mo = data.find((m) => m.market_id === MO)!;
  const bets: BetDto[] = (
    await call('POST', '/api/alluserbetList?page=1', { status: 'pending', limit: 100 }, dealer)
  ).body.data.filter((b: BetDto) => b.market_id === MO);
  // By hand: every bet is a back on Arsenal; if Arsenal wins each pays its potential win, else loses its stake.
  const paise = (r: number) => Math.round(r * 100);
  const ifArsenal = bets.reduce((s, b) => s + paise(b.potential_win), 0);
  const ifNot = -bets.reduce((s, b) => s + paise(b.stake), 0);
  t.match(mo, { event_id: 'sim-201', kind: 'match_odds', worst: ifArsenal / 100 });
  t.same(
    mo.outcomes.map((o) => [o.outcome, paise(o.pnl)]),
    detail.markets.find((m) => m.marketId === MO)!.section.map((s) => [s.nat, s.sid === ARSENAL ? ifArsenal : ifNot]),
  );
  const winOf = (userId: string) =>
    bets.filter((b) => b.user_id === userId).reduce((s, b) => s + paise(b.potential_win), 0);
  t.same(
    mo.outcomes.find((o) => o.outcome === 'Arsenal')!.top.map((u) => [u.username, paise(u.pnl)]),
    [
      ['player1', winOf(p1.id)],
      ['player2', winOf(p2.id)],
      ['player3', winOf(p3.id)],
    ].sort((a, b) => Number(b[1]) - Number(a[1])),
    'the biggest winners first',
  );
  t.notOk(data.some((m) => m.outcomes.some((o) => o.top.some((u) => u.user_id === other.id))));
});

t.test("one action blocks a market for the caller's whole downline", async (t) => {
  const block = (locked: boolean, password = TXN) =>
    call(
      'POST',
      '/api/admin/risk/block',
      { event_id: 'sim-201', market_id: MO, locked, transaction_password: password },
      dealer,
    );
  t.match(await block(true, 'wrong'), { status: 400 });
  t.match(await block(true), {
    status: 200,
    body: { message: 'Betting locked for 3 accounts and everyone under them' },
  });
  for (const who of [p1, p2, p3])
    t.match(await call('POST', '/api/bets', betBody(detail, MO, ARSENAL, 'back', 1.01, 100, who.id), who.token), {
      status: 400,
      body: { message: 'Betting on this market is locked for your account. Please contact your upline.' },
    });
  t.ok(await back(other, 100), 'another branch bets on');
  t.match(await block(false), { status: 200 });
  t.ok(await back(p1, 100, '198.51.100.1'), 'unblocked');
});

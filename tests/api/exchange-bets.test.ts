import t from 'tap';
import {
  BET_REQUIRED_FIELDS,
  cashOutOnLadder,
  cashOutQuote,
  ladderWithout,
  runnerPosition,
  type BetDto,
  type MatchDetail,
} from '@exch/contracts';
import { betBody, best, openSocket } from '../helpers/exchange.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

// The feed simulator with a fixed seed that never ticks during the test: prices stay as read.
// Dozens of bet instructions a player in seconds: faster than the bet limit lets a person (FAST_CLIENT_LIMITS).
const server = await startTestServer({ feedTickMs: 3_600_000, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login } = caller(server);

const p1 = (await login('player1')).body;
const player = p1.token as string;
const playerId = p1.user._id as string;
const admin = (await login('admin', true)).body.token as string;
const dealer = (await login('dealer1', true)).body.token as string;
const detail = async (matchId: string, token = player): Promise<MatchDetail> =>
  (await call('GET', `/api/matches/${matchId}`, undefined, token)).body;
const MO = 'sim-201.mo'; // Arsenal v Chelsea, not in play: no bet delay
const ARSENAL = 301;
const CHELSEA = 302;

t.test("discovery: the simulator's matches with live prices, the match page, the news line", async (t) => {
  const allowed = await call('GET', '/api/sports/whitelabel/allowed', undefined, player);
  // Horse and greyhound racing are offered too: a real exchange feed lists them (issue 22).
  t.same(
    allowed.body.sports.map((s: { id: number }) => s.id),
    [1, 2, 4, 7, 4339],
  );
  const active = await call('GET', '/api/sports/active', undefined, admin);
  t.equal(active.status, 200);
  const cricket = active.body.data.find((s: { sportId: number }) => s.sportId === 4);
  t.same(
    cricket.matches.map((m: { matchId: string }) => m.matchId),
    ['sim-101', 'sim-102'],
    'in play first',
  );
  t.match(cricket.matches[0], {
    name: 'Mumbai v Chennai',
    inPlay: true,
    runners: [{ name: 'Mumbai', back: Number, lay: Number, status: 'ACTIVE' }, { name: 'Chennai' }],
  });
  t.ok(cricket.matches[0].runners[0].back < cricket.matches[0].runners[0].lay, 'best back below best lay');

  const d = await detail('sim-101');
  t.same(
    d.markets.map((m) => m.kind),
    ['match_odds', 'bookmaker', 'fancy', 'fancy', 'fancy'],
  );
  t.match(d.markets[0], {
    marketType: 'MATCH_ODDS',
    oddsType: 'berFair',
    min: 100,
    max: 500000,
    status: 'ACTIVE',
    betDelaySec: 2,
    result: null,
  });
  t.equal(d.markets[0]!.section[0]!.odds.length, 6, '3 back and 3 lay levels');
  t.match(d.markets[2]!.section, [
    { sid: 0, nat: '20 over runs (current innings)', odds: [{ otype: 'back' }, { otype: 'lay' }] },
  ]);
  // The simulator opens on the chase: Mumbai batted first.
  t.match(d.score, {
    matchId: 'sim-101',
    innings: 2,
    battingTeam: 'Chennai',
    previous: [{ innings: 1, battingTeam: 'Mumbai' }],
    maxOvers: 20,
    target: Number,
    batsmen: [{ name: String, onStrike: Boolean }, { name: String }],
    bowlers: [{ name: String, overs: String }],
  });
  t.match(await call('GET', '/api/matches/nope', undefined, player), {
    status: 404,
    body: { message: 'Match not found' },
  });
  t.match(await call('GET', '/api/matches/sim-101'), { status: 401, body: { message: 'No auth token' } });
  t.same((await call('GET', '/api/messages', undefined, player)).body, { data: { text: '' } });
  t.match((await call('GET', '/api/openapi.json')).body, {
    openapi: '3.0.3',
    paths: {
      '/api/bets': { post: {} },
      '/ws': { get: { responses: { 101: {}, 426: { content: { 'application/json': {} } } } } },
    },
  });
  t.match(
    await call('GET', '/ws'),
    { status: 426, body: { message: 'This is a websocket: connect with Upgrade: websocket' } },
    'a plain GET of the websocket is told to upgrade, as its description says',
  );
});

t.test('POST /api/bets refuses incomplete, unknown, foreign and malformed bets before the engine', async (t) => {
  const d = await detail('sim-201');
  const head = await server.store.head();
  const good = betBody(d, MO, ARSENAL, 'back', best(d, MO, ARSENAL, 'back').odds, 100, playerId);
  t.match(await call('POST', '/api/bets', {}, player), {
    status: 400,
    body: { message: `Missing required fields: ${BET_REQUIRED_FIELDS.join(', ')}` },
  });
  const { odds: _o, bet_type: _b, ...partial } = good;
  t.match(await call('POST', '/api/bets', partial, player), {
    status: 400,
    body: { message: 'Missing required fields: odds, bet_type' },
  });
  t.match(await call('POST', '/api/bets', { ...good, stake: '' }, player), {
    status: 400,
    body: { message: 'Missing required fields: stake' },
  });
  t.match(await call('POST', '/api/bets', { ...good, foo: 1 }, player), {
    status: 400,
    body: { message: 'Unknown field: foo' },
  });
  t.match(await call('POST', '/api/bets', { ...good, user_id: 'someone-else' }, player), { status: 403 });
  t.match(await call('POST', '/api/bets', good, admin), {
    status: 403,
    body: { message: 'Admin accounts cannot use the player site' },
  });
  const cases: [Record<string, unknown>, string | RegExp][] = [
    [{ odds: 1.855 }, 'Odds can have at most 2 decimals'],
    [{ odds: 'abc' }, 'Odds must be a number'],
    [{ odds: -2 }, 'Odds must not be negative'],
    [{ stake: 'ten' }, 'Stake must be a number'],
    [{ stake: 10.001 }, 'Stake can have at most 2 decimals (whole paise)'],
    [{ stake: -5 }, 'Stake must not be negative'],
    [{ stake: 0 }, 'Stake must be greater than zero'],
    [{ market_type: 'CASINO' }, 'Unknown market_type: CASINO'],
    [{ market_type: 'Bookmaker', odds: 85 }, 'market_type does not match the market: it is MATCH_ODDS'],
    [{ market_id: 'nope' }, 'Market not found'],
    [{ event_id: 'sim-101' }, 'event_id does not match the market'],
    [{ odds_type: 'up' }, 'odds_type must be back or lay'],
    [{ odds_type: undefined }, 'Say odds_type (back or lay) or isBack'],
    [{ isBack: false }, 'odds_type and isBack disagree'],
    [{ bet_type: 'lottery' }, 'bet_type must be sports or casino'],
    [{ bet_type: 'casino' }, 'Missing required fields: table_id, game_round_id'],
    [{ selection: 'x' }, 'selection must be the selection id of a runner'],
  ];
  for (const [change, message] of cases) {
    const r = await call('POST', '/api/bets', { ...good, ...change }, player);
    t.ok(r.status >= 400 && r.status < 500, `${JSON.stringify(change)}: ${r.status}`);
    t.match(r.body, { message }, JSON.stringify(change));
  }
  for (const raw of ['[]', '"x"', 'null', '{"user_id":', '7']) {
    const r = await call('POST', '/api/bets', undefined, player, raw);
    t.equal(r.status, 400, `raw ${raw}`);
  }
  t.equal(await server.store.head(), head, 'nothing was journalled');
});

t.test('a matched back: the bet, my bets, recent bets, history and the exposure on the profile', async (t) => {
  const d = await detail('sim-201');
  const price = best(d, MO, ARSENAL, 'back');
  t.ok(price.size >= 100, 'the best back level takes ₹100');
  const live = await openSocket(server, player);
  t.teardown(() => live.close());
  const watcher = await openSocket(server, dealer);
  t.teardown(() => watcher.close());
  watcher.send('joinRoom', { matchId: 'sim-201' });
  await watcher.next('joined');

  const placed = await call('POST', '/api/bets', betBody(d, MO, ARSENAL, 'back', price.odds, 100, playerId), player);
  t.equal(placed.status, 200, JSON.stringify(placed.body));
  t.equal(placed.body.message, 'Bet placed successfully! on Event: sim-201');
  const bet = placed.body.bet;
  t.match(bet, {
    user_id: playerId,
    user_info: { username: 'player1' },
    event_id: 'sim-201',
    event_name: 'Arsenal v Chelsea',
    sportId: 1,
    market_id: MO,
    market_name: 'Match Odds',
    market_type: 'MATCH_ODDS',
    selection: ARSENAL,
    selection_name: 'Arsenal',
    odds: price.odds,
    odds_type: 'back',
    stake: 100,
    matched_stake: 100,
    unmatched_stake: 0,
    type: 'match',
    status: 'pending',
    potential_loss: 100,
    pnl: null,
    settled_at: null,
  });
  t.equal(bet.potential_win, Math.round((price.odds - 1) * 100 * 100) / 100, 'profit = odds x stake - stake');
  t.equal(placed.body.bet_id, bet._id);
  t.equal(placed.body.reference_id, bet.reference_id);

  t.match(await live.next('placedBet'), { bet: { _id: bet._id, status: 'pending' } });
  t.match(await live.next('balance', (b) => b.exposer === 100), { balance: 100000, exposer: 100 });
  t.match(await watcher.next('placedBet'), { bet: { _id: bet._id } }, 'the upline watching the match sees it');

  t.match((await call('GET', '/api/users/profile', undefined, player)).body, {
    balance: { balance: 100000, exposer: 100 },
  });
  t.same(
    (await call('GET', '/api/my_bets', undefined, player)).body.data.map((b: { _id: string }) => b._id),
    [bet._id],
  );
  t.same((await call('GET', '/api/my_bets?eventId=sim-101', undefined, player)).body.data, []);
  t.same(
    (await call('GET', `/api/recent/bets?eventId=sim-201&marketId=${MO}`, undefined, player)).body.data.map(
      (b: { _id: string }) => b._id,
    ),
    [bet._id],
  );
  t.match((await call('GET', '/api/bets/mine?status=pending', undefined, player)).body, {
    data: [{ _id: bet._id }],
    pagination: { total: 1, page: 1, totalPages: 1 },
  });
  t.match((await call('GET', '/api/bets/mine?status=settled', undefined, player)).body, {
    data: [],
    pagination: { total: 0 },
  });
  t.match(await call('GET', '/api/bets/mine?status=open', undefined, player), {
    status: 400,
    body: { message: 'status must be pending, settled, deleted or all' },
  });
  t.match(await call('GET', '/api/my_bets', undefined, admin), { status: 403 });
});

t.test('an unmatched back rests, adds its stake to the exposure, and the player cancels it', async (t) => {
  const d = await detail('sim-201');
  t.ok(best(d, MO, CHELSEA, 'back').odds < 10, 'nobody offers 10 on Chelsea');
  const placed = await call('POST', '/api/bets', betBody(d, MO, CHELSEA, 'back', 10, 100, playerId), player);
  t.match(placed.body.bet, {
    odds: 10,
    matched_stake: 0,
    unmatched_stake: 100,
    type: 'unmatch',
    status: 'pending',
    potential_win: 900,
    potential_loss: 100,
  });
  // Book: Arsenal wins +x-100, Chelsea -100, the Draw -200 (the matched back and the resting one both lose).
  t.match((await call('GET', '/api/users/profile', undefined, player)).body, { balance: { exposer: 200 } });
  const id = placed.body.bet._id;
  const cancelled = await call('PATCH', `/api/bets/${id}/status`, { status: 'cancelled' }, player);
  t.match(cancelled, {
    status: 200,
    body: {
      message: 'Unmatched stake cancelled',
      bet: { _id: id, status: 'cancelled', unmatched_stake: 0, matched_stake: 0 },
    },
  });
  t.match((await call('GET', '/api/users/profile', undefined, player)).body, { balance: { exposer: 100 } });
  t.match(await call('PATCH', `/api/bets/${id}/status`, { status: 'cancelled' }, player), {
    status: 400,
    body: { message: 'This bet has no unmatched stake to cancel' },
  });
  t.match(await call('PATCH', `/api/bets/${id}/status`, { status: 'void' }, player), {
    status: 400,
    body: { message: "status must be 'cancelled'" },
  });
  t.match(await call('PATCH', '/api/bets/no-such-bet/status', { status: 'cancelled' }, player), {
    status: 404,
    body: { message: 'Invalid bet data. Unable to delete.' },
  });
  const other = (await login('player2')).body.token;
  t.match(
    await call('PATCH', `/api/bets/${id}/status`, { status: 'cancelled' }, other),
    { status: 404, body: { message: 'Invalid bet data. Unable to delete.' } },
    "another player's bet is unknown",
  );
});

t.test("in play the bet waits out the market's delay, then is decided", async (t) => {
  const d = await detail('sim-101');
  const price = best(d, 'sim-101.mo', 101, 'back');
  const started = Date.now();
  const r = await call('POST', '/api/bets', betBody(d, 'sim-101.mo', 101, 'back', price.odds, 100, playerId), player);
  t.match(r, { status: 200, body: { bet: { event_id: 'sim-101', matched_stake: 100 } } });
  t.ok(Date.now() - started >= 2000, 'the 2 s match-odds delay');
});

t.test('a retry with the same Idempotency-Key answers the same bet', async (t) => {
  const d = await detail('sim-201');
  const body = betBody(d, MO, ARSENAL, 'back', best(d, MO, ARSENAL, 'back').odds, 100, playerId);
  const send = () =>
    fetch(`${server.url}/api/bets`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${player}`,
        'idempotency-key': 'retry-key-0001',
      },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const first = await send();
  const second = await send();
  t.equal(second.bet_id, first.bet_id);
  t.equal(
    (await call('GET', '/api/my_bets', undefined, player)).body.data.filter(
      (b: { _id: string }) => b._id === first.bet_id,
    ).length,
    1,
  );
});

t.test('engine refusals come back with their message: stake limits, balance, suspended market', async (t) => {
  const d = await detail('sim-201');
  const odds = best(d, MO, ARSENAL, 'back').odds;
  t.match(await call('POST', '/api/bets', betBody(d, MO, ARSENAL, 'back', odds, 50, playerId), player), {
    status: 400,
    body: { message: 'Minimum stake is ₹100.00' },
  });
  const p3 = (await login('player3')).body;
  t.match(await call('POST', '/api/bets', betBody(d, MO, ARSENAL, 'back', odds, 30000, p3.user._id), p3.token), {
    status: 400,
    body: { message: /^Insufficient balance/ },
  });

  const tennis = await detail('sim-301');
  const live = await openSocket(server, player);
  t.teardown(() => live.close());
  live.send('joinRoom', { matchId: 'sim-301' });
  await live.next('joined');
  t.match(await call('PUT', '/api/admin/markets/sim-301.mo/status', { status: 'SUSPENDED' }, admin), {
    status: 200,
    body: { message: 'Market is suspended', data: { status: 'SUSPENDED' } },
  });
  const pushed = await live.next('oddsUpdate');
  t.equal(pushed.matchId, 'sim-301');
  t.same(
    pushed.markets[0].section.map((s: { gstatus: string }) => s.gstatus),
    ['SUSPENDED', 'SUSPENDED'],
  );
  t.same(
    (await detail('sim-301')).markets[0]!.section.map((s) => s.gstatus),
    ['SUSPENDED', 'SUSPENDED'],
  );
  const bet = betBody(tennis, 'sim-301.mo', 401, 'back', best(tennis, 'sim-301.mo', 401, 'back').odds, 100, playerId);
  t.match(await call('POST', '/api/bets', bet, player), { status: 400, body: { message: 'Market is suspended' } });
  t.match(await call('PUT', '/api/admin/markets/sim-301.mo/status', { status: 'ACTIVE' }, admin), { status: 200 });
  t.match(await call('POST', '/api/bets', bet, player), { status: 200 });
});

t.test('betting buttons: defaults, saved values, own only', async (t) => {
  const defaults = await call('GET', `/api/betting-buttons/${playerId}`, undefined, player);
  t.match(defaults.body.data.sportsButtons[0], { label: '100', value: 100 });
  const saved = {
    sportsButtons: [
      { label: '1k', value: 1000 },
      { label: '2k', value: 2000 },
    ],
    casinoButtons: [{ label: '50', value: 50 }],
  };
  t.match(await call('PUT', '/api/betting-buttons', saved, player), {
    status: 200,
    body: { message: 'Button values saved', data: saved },
  });
  t.same((await call('GET', `/api/betting-buttons/${playerId}`, undefined, player)).body.data, {
    ...saved,
    keepInPlay: false,
  });
  // The slip's Keep in play default: saved when sent, kept when left out.
  t.match(await call('PUT', '/api/betting-buttons', { ...saved, keepInPlay: true }, player), {
    status: 200,
    body: { data: { keepInPlay: true } },
  });
  t.match(await call('PUT', '/api/betting-buttons', saved, player), { status: 200 });
  t.same((await call('GET', `/api/betting-buttons/${playerId}`, undefined, player)).body.data, {
    ...saved,
    keepInPlay: true,
  });
  t.match(await call('PUT', '/api/betting-buttons', { ...saved, keepInPlay: 'yes' }, player), {
    status: 400,
    body: { message: 'keepInPlay must be true or false' },
  });
  t.match(await call('PUT', '/api/betting-buttons', { ...saved, keepInPlay: false }, player), { status: 200 });
  t.match(await call('PUT', '/api/betting-buttons', { sportsButtons: [], casinoButtons: [] }, player), {
    status: 400,
    body: { message: 'Sports buttons: at least one button' },
  });
  t.match(await call('GET', '/api/betting-buttons/someone', undefined, player), { status: 403 });
});

t.test(
  "the ladder shows the real book: what a bet took is gone, another player's resting order is there, and the room is told",
  async (t) => {
    const live = await openSocket(server, player);
    t.teardown(() => live.close());
    live.send('joinRoom', { matchId: 'sim-201' });
    await live.next('joined');
    const ladder = async (sid: number, otype: 'back' | 'lay') =>
      (await detail('sim-201')).markets
        .find((m) => m.marketId === MO)!
        .section.find((s) => s.sid === sid)!
        .odds.filter((o) => o.otype === otype);
    // The shallowest back offer on the match: backing it whole costs its size, within the balance.
    const offers = await Promise.all(
      [ARSENAL, CHELSEA].map(async (sid) => ({ sid, top: (await ladder(sid, 'back'))[0]! })),
    );
    const { sid, top } = offers.sort((a, b) => a.top.size - b.top.size)[0]!;
    t.ok(top.size > 0 && top.size < 50_000, `backable at ${top.odds} for ₹${top.size}`);
    const taken = await call(
      'POST',
      '/api/bets',
      betBody(await detail('sim-201'), MO, sid, 'back', top.odds, top.size, playerId),
      player,
    );
    t.match(
      taken.body.bet,
      { matched_stake: top.size, unmatched_stake: 0 },
      'backed for exactly what the ladder showed, all matched',
    );
    t.notOk(
      (await ladder(sid, 'back')).some((o) => o.odds === top.odds),
      'nothing is shown at that price any more',
    );
    const again = await call(
      'POST',
      '/api/bets',
      betBody(await detail('sim-201'), MO, sid, 'back', top.odds, 100, playerId),
      player,
    );
    t.equal(again.body.bet.unmatched_stake, 100, 'and a second back there rests unmatched, as the ladder said');

    // Another player's back at the best lay price rests (no back offer reaches it), and layers see it there.
    const other = (await login('player2')).body;
    const [bestLay] = await ladder(CHELSEA, 'lay');
    const rest = await call(
      'POST',
      '/api/bets',
      betBody(await detail('sim-201', other.token), MO, CHELSEA, 'back', bestLay!.odds, 250, other.user._id),
      other.token,
    );
    t.equal(rest.body.bet.unmatched_stake, 250, `player2's back at ${bestLay!.odds} rests`);
    const expected = Math.round((bestLay!.size + 250) * 100) / 100;
    t.match(
      (await ladder(CHELSEA, 'lay'))[0],
      { odds: bestLay!.odds, size: expected },
      "layers see the feed's offer plus player2's ₹250 at that price",
    );
    const pushed = await live.next('oddsUpdate', (d) =>
      d.markets.some((m: { section: { sid: number; odds: { otype: string; odds: number; size: number }[] }[] }) =>
        m.section.some(
          (s) =>
            s.sid === CHELSEA &&
            s.odds.some((o) => o.otype === 'lay' && o.odds === bestLay!.odds && o.size === expected),
        ),
      ),
    );
    t.ok(pushed, 'the room got the new ladder over the websocket');
  },
);

t.test('a back asked at 1.01 takes the best prices: the bet, the history and its CSV show what it got', async (t) => {
  const other = (await login('player2')).body;
  const d = await detail('sim-201', other.token);
  const ladder = d.markets
    .find((m) => m.marketId === MO)!
    .section.find((s) => s.sid === ARSENAL)!
    .odds.filter((o) => o.otype === 'back');
  const [first, second] = ladder;
  t.ok(first && second && first.odds > second.odds && second.odds > 1.01, 'two back levels above 1.01');
  // All of the best level and ₹100 (or what there is) of the next: two fills at two prices.
  const rest = Math.min(100, second!.size);
  const placed = await call(
    'POST',
    '/api/bets',
    betBody(d, MO, ARSENAL, 'back', 1.01, first!.size + rest, other.user._id),
    other.token,
  );
  t.equal(placed.status, 200, JSON.stringify(placed.body));
  const bet = placed.body.bet;
  // By hand, in paise and hundredths: the stake-weighted price, half up; profit per fill, floored once.
  const [p1, s1, p2, s2] = [
    Math.round(first!.odds * 100),
    Math.round(first!.size * 100),
    Math.round(second!.odds * 100),
    rest * 100,
  ];
  const average = Math.round((p1 * s1 + p2 * s2) / (s1 + s2)) / 100;
  t.match(bet, {
    odds: 1.01,
    matched_odds: average,
    fills: [
      { odds: first!.odds, stake: first!.size },
      { odds: second!.odds, stake: rest },
    ],
    matched_stake: first!.size + rest,
    unmatched_stake: 0,
    potential_win: Math.floor(((p1 - 100) * s1 + (p2 - 100) * s2) / 100) / 100,
  });
  t.ok(average > 1.01, `asked 1.01, matched at ${average}`);
  const history = (await call('GET', '/api/bets/mine?status=pending&limit=100', undefined, other.token)).body.data;
  t.match(
    history.find((b: { _id: string }) => b._id === bet._id),
    { odds: 1.01, matched_odds: average },
    'the bet history answers the same',
  );
  const csv = (await call('GET', '/api/bets/mine.csv?status=pending', undefined, other.token)).body as string;
  const row = csv
    .split('\r\n')
    .map((l) => l.split(','))
    .find((r) => r.at(-1) === bet.reference_id);
  t.same(row?.slice(5, 7), ['1.01', String(average)], 'the CSV has the price asked and the price matched');
});

t.test('persistence_type: a bet kept in play says so; anything but LAPSE or PERSIST is refused', async (t) => {
  const d = await detail('sim-201');
  const head = await server.store.head();
  t.match(
    await call(
      'POST',
      '/api/bets',
      { ...betBody(d, MO, CHELSEA, 'back', 50, 100, playerId), persistence_type: 'KEEP' },
      player,
    ),
    { status: 400, body: { message: 'persistence_type must be LAPSE or PERSIST' } },
  );
  t.equal(await server.store.head(), head, 'nothing journalled');
  // Backed at 50.0, far above any offer: it rests, kept in play.
  const kept = await call(
    'POST',
    '/api/bets',
    { ...betBody(d, MO, CHELSEA, 'back', 50, 100, playerId), persistence_type: 'PERSIST' },
    player,
  );
  t.match(kept.body.bet, { unmatched_stake: 100, persistence_type: 'PERSIST', matched_odds: null, fills: [] });
  const listed = (await call('GET', '/api/bets/mine?status=pending&limit=100', undefined, player)).body.data;
  t.match(
    listed.find((b: { _id: string }) => b._id === kept.body.bet_id),
    { persistence_type: 'PERSIST' },
    'the list says it too',
  );
  const plain = await call('POST', '/api/bets', betBody(d, MO, CHELSEA, 'back', 50, 100, playerId), player);
  t.equal(plain.body.bet.persistence_type, 'LAPSE', 'without it a bet lapses at the turn, as before');
  for (const b of [kept, plain])
    t.equal(
      (await call('PATCH', `/api/bets/${b.body.bet_id}/status`, { status: 'cancelled' }, player)).status,
      200,
      'cancelled again',
    );
});

t.test('cash out: the position on a runner hedged at the best price, or refused with the new value', async (t) => {
  const d = await detail('sim-201');
  const backAt = best(d, MO, ARSENAL, 'back').odds;
  t.equal(
    (await call('POST', '/api/bets', betBody(d, MO, ARSENAL, 'back', backAt, 100, playerId), player)).status,
    200,
  );
  // The position from every matched bet of player1 on Arsenal, as the engine sums it.
  const mine: BetDto[] = (await call('GET', '/api/bets/mine?status=pending&limit=100', undefined, player)).body.data;
  const onArsenal = mine.filter((b) => b.market_id === MO && b.selection === ARSENAL);
  const position = runnerPosition(
    onArsenal.map((b) => ({
      side: b.odds_type,
      fills: b.fills.map((f) => ({ price: Math.round(f.odds * 100), size: Math.round(f.stake * 100) })),
    })),
  );
  // The best prices on the ladder but for player1's own resting orders (shown to others, never matched with itself).
  const now = await detail('sim-201');
  const ladder = now.markets.find((m) => m.marketId === MO)!.section.find((s) => s.sid === ARSENAL)!.odds;
  const levels = (side: 'back' | 'lay') =>
    ladderWithout(
      ladder
        .filter((o) => o.otype === side)
        .map((o) => ({ price: Math.round(o.odds * 100), size: Math.round(o.size * 100) })),
      // A resting lay is offered to backers, a resting back to layers.
      onArsenal
        .filter((b) => b.unmatched_stake > 0 && b.odds_type !== side)
        .map((b) => ({ price: Math.round(b.odds * 100), size: Math.round(b.unmatched_stake * 100) })),
    );
  const quote = cashOutOnLadder(position, { back: levels('back'), lay: levels('lay') })!;
  t.ok(quote, `a ${quote.side} of ₹${quote.stake / 100} at ${quote.price / 100} cashes out ₹${quote.value / 100}`);

  const head = await server.store.head();
  const body = { market_id: MO, selection: String(ARSENAL), value: (quote.value + 1) / 100 };
  const stale = await call('POST', '/api/bets/cash-out', body, player);
  t.equal(stale.status, 400);
  t.match(
    stale.body.message,
    /^The cash out value is now -?₹[\d,]+\.\d\d, below the -?₹[\d,]+\.\d\d you accepted: nothing was placed/,
  );
  for (const [bad, message] of [
    [{ ...body, percent: 0 }, 'percent must be a whole number from 1 to 100'],
    [{ ...body, percent: 50.5 }, 'percent must be a whole number from 1 to 100'],
    [{ ...body, value: 'lots' }, 'value must be the cash out value shown, in rupees'],
    [{ ...body, value: 1.234 }, 'value must be rupees with at most two decimals'],
    [{ ...body, selection: '999' }, 'selection must be a runner of the market'],
    [{ ...body, accept_within: -1 }, 'accept_within must be rupees, zero or more, with at most two decimals'],
  ] as const)
    t.match(await call('POST', '/api/bets/cash-out', bad, player), { status: 400, body: { message } }, message);
  t.equal(await server.store.head(), head, 'refusals journal nothing');

  const done = await call('POST', '/api/bets/cash-out', { ...body, value: quote.value / 100 }, player);
  t.equal(done.status, 200, JSON.stringify(done.body));
  t.match(done.body.bet, {
    selection: ARSENAL,
    odds_type: quote.side,
    odds: quote.price / 100,
    stake: quote.stake / 100,
    unmatched_stake: 0,
    cash_out: { percent: 100, value: quote.value / 100 },
  });
  t.match(
    done.body.message,
    /^Cashed out( for -?₹[\d,]+\.\d\d whichever way Arsenal goes|: -?₹[\d,]+\.\d\d if Arsenal wins, -?₹[\d,]+\.\d\d if it loses)$/,
  );
  const listed = (await call('GET', '/api/bets/mine?status=pending&limit=100', undefined, player)).body.data;
  t.match(
    listed.find((b: BetDto) => b._id === done.body.bet._id),
    { cash_out: { percent: 100 } },
    'the history marks the hedge as a cash out',
  );
  t.match(
    await call('POST', '/api/bets/cash-out', { ...body, value: 0 }, player),
    {
      status: 400,
      body: { message: 'This position pays the same whichever way the runner goes: nothing to cash out' },
    },
    'a level position has nothing to cash out',
  );
});

t.test('auto cash out: set, listed, refused when malformed, cleared', async (t) => {
  const p2 = (await login('player2')).body.token as string;
  const rule = { market_id: MO, selection: String(ARSENAL), profit_target: 1000, loss_limit: 250.5 };
  t.match(await call('PUT', '/api/bets/auto-cash-out', rule, p2), {
    status: 200,
    body: { message: 'Auto cash out set', data: { selection: ARSENAL, profit_target: 1000, loss_limit: 250.5 } },
  });
  t.same((await call('GET', '/api/bets/auto-cash-out?event_id=sim-201', undefined, p2)).body.data, [
    { market_id: MO, selection: ARSENAL, profit_target: 1000, loss_limit: 250.5 },
  ]);
  t.same((await call('GET', '/api/bets/auto-cash-out?event_id=sim-201', undefined, player)).body.data, [], 'own only');
  const head = await server.store.head();
  for (const [bad, message] of [
    [{ ...rule, profit_target: 0 }, /^Profit target/],
    [{ ...rule, loss_limit: -5 }, /^Loss limit/],
    [{ ...rule, selection: '999' }, /^selection must be a runner of the market$/],
    [{ ...rule, selection: String(CHELSEA) }, /^You have no matched bet on this runner to cash out$/],
  ] as const)
    t.match(await call('PUT', '/api/bets/auto-cash-out', bad, p2), { status: 400, body: { message } });
  t.equal(await server.store.head(), head, 'refusals journal nothing');
  const clear = { ...rule, profit_target: null, loss_limit: null };
  t.match(await call('PUT', '/api/bets/auto-cash-out', clear, p2), {
    status: 200,
    body: { message: 'Auto cash out cleared' },
  });
  t.same((await call('GET', '/api/bets/auto-cash-out?event_id=sim-201', undefined, p2)).body.data, []);
  t.match(await call('PUT', '/api/bets/auto-cash-out', clear, p2), {
    status: 400,
    body: { message: 'There is no auto cash out on this runner to clear' },
  });
});

t.test("bookmaker cash out: the position hedged at the house's rate on the other side", async (t) => {
  const BM = 'sim-101.bm';
  const cricket = await detail('sim-101');
  const back = best(cricket, BM, 101, 'back').odds;
  const lay = best(cricket, BM, 101, 'lay').odds;
  const placed = await call('POST', '/api/bets', betBody(cricket, BM, 101, 'back', back, 100, playerId), player);
  t.equal(placed.status, 200, JSON.stringify(placed.body));
  // Backed ₹100 at rate R: +R x 100 paise if the runner wins, -₹100 if not; laid off at the house's lay rate.
  const position = runnerPosition([{ side: 'back', fills: [{ price: back, size: 10_000 }] }], 'bookmaker');
  const quote = cashOutQuote(position, { back, lay }, 100, 'bookmaker')!;
  t.match(quote, { side: 'lay', price: lay }, `lay ₹${quote.stake / 100} at ${lay} for ₹${quote.value / 100}`);
  const done = await call(
    'POST',
    '/api/bets/cash-out',
    { market_id: BM, selection: '101', value: quote.value / 100 },
    player,
  );
  t.equal(done.status, 200, JSON.stringify(done.body));
  t.match(done.body.bet, {
    market_type: 'Bookmaker',
    odds_type: 'lay',
    odds: lay,
    stake: quote.stake / 100,
    cash_out: { percent: 100, value: quote.value / 100 },
  });
  t.match(
    await call('POST', '/api/bets/cash-out', { market_id: 'sim-101.f1', selection: '0', value: 0 }, player),
    { status: 400 },
    'not on a fancy',
  );
});

/**
 * The live Indian tables through the API (docs/casino.md): the table lists of SPEC.md section 7,
 * a round stepped by hand with bets through POST /api/bets, every refusal in its words, exposure
 * reserved then released, the payout in balance and statement, the result list by game, a round's
 * cards re-derived from its revealed seed with Web Crypto, suspension, the player's casino report,
 * the back office's house position and game reports, their CSV exports, the ledger proven afterwards.
 */
import t from 'tap';
import {
  businessDay,
  commitmentWithWebCrypto,
  shuffleWithWebCrypto,
  type CasinoRoundDetail,
  type CasinoTableLive,
} from '@exch/contracts';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { caller } from '../helpers/api.js';
import { openSocket } from '../helpers/exchange.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';

// A round's worth of bets and refusals a player in seconds: faster than the bet limit lets a person (FAST_CLIENT_LIMITS).
const server = await startTestServer({ feedTickMs: 0, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const dealer = server.dealer!;

const p1 = (await login('player1')).body;
const p2 = (await login('player2')).body;
const admin = await tokenOf('admin');
const agent = await tokenOf('agent1');
const sadmin = await tokenOf('sadmin1');

const live = async (code: string, token = p1.token): Promise<CasinoTableLive> =>
  (await call('GET', `/api/casino/tables/${code}`, undefined, token)).body;
const profile = async (token: string): Promise<{ balance: number; exposer: number }> => {
  const { balance, exposer } = (await call('GET', '/api/users/profile', undefined, token)).body.balance;
  return { balance, exposer };
};
/** Parses a CSV export (no quoted cells in these), dropping the byte order mark. */
const csv = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
/** A casino bet as the table page sends it (SPEC.md section 3, bet_type casino). */
const bet = (
  player: { user: { _id: string } },
  code: string,
  mid: string,
  sid: number,
  odds: number,
  stake: number | string,
  extra: Record<string, unknown> = {},
) => ({
  user_id: player.user._id,
  event_id: code,
  event_name: code,
  market_id: mid,
  market_type: 'CASINO',
  selection: sid,
  selection_name: `sid ${sid}`,
  odds,
  stake,
  bet_type: 'casino',
  odds_type: 'back',
  table_id: code,
  game_round_id: mid,
  ...extra,
});

t.test('the table lists of SPEC.md section 7: every table with its image, status, limits and markets', async (t) => {
  const all = await call('GET', '/api/casino/table/getalltable', undefined, p1.token);
  t.equal(all.status, 200);
  t.same(all.body.data.map((x: { _id: string }) => x._id).sort(), [
    '3cardj',
    'aaa',
    'ab20',
    'baccarat',
    'btable',
    'card32',
    'dt20',
    'lucky7',
    'poker20',
    'race20',
    'roulette',
    'teen20',
    'war',
    'worli',
  ]);
  const dt = all.body.data.find((x: { _id: string }) => x._id === 'dt20');
  t.match(dt, {
    game_identifier: 'dt20',
    game_name: 'Dragon Tiger 20-20',
    game_status: 'ACTIVE',
    category: 23,
    min: 100,
    max: 100000,
    bettingSeconds: 20,
    round: null,
  });
  t.match(dt.game_image, /^data:image\/svg\+xml;utf8,%3Csvg/, 'an SVG made by the product');
  t.match(dt.markets.slice(0, 4), [
    { sid: 1, nat: 'Dragon', odds: 2 },
    { sid: 2, nat: 'Tiger', odds: 2 },
    { sid: 3, nat: 'Tie', odds: 51 },
    { sid: 4, nat: 'Pair', odds: 12 },
  ]);
  const teen = all.body.data.find((x: { _id: string }) => x._id === 'teen20');
  t.same(
    teen.markets[1].payTable.map((p: { odds: number }) => p.odds),
    [2, 5, 7, 31, 41],
    'Pair Plus pays by hand',
  );
  const bollywood = await call('GET', '/api/casino/tables?category=32', undefined, admin);
  t.same(
    bollywood.body.data.map((x: { _id: string }) => x._id),
    ['aaa', 'btable'],
    'category 32 (Bollywood), for a back-office login too',
  );
  t.equal(
    (await call('GET', '/api/casino/tables?category=35', undefined, p1.token)).body.data.length,
    all.body.data.length,
    '35 is All Casino',
  );
  // Issue 23's tables, each in its own category.
  t.same(
    (await call('GET', '/api/casino/tables?category=29', undefined, p1.token)).body.data.map(
      (x: { _id: string }) => x._id,
    ),
    ['war'],
    '29 is Casino War',
  );
  t.same(
    (await call('GET', '/api/casino/tables?category=21', undefined, p1.token)).body.data.map(
      (x: { _id: string }) => x._id,
    ),
    ['poker20'],
    '21 is Poker',
  );
  t.same(
    (await call('GET', '/api/casino/tables?category=31', undefined, p1.token)).body.data.map(
      (x: { _id: string }) => x._id,
    ),
    ['roulette'],
    '31 is Roulette',
  );
  const judgement = await call('GET', '/api/casino/tables?category=28', undefined, p1.token);
  t.same(
    judgement.body.data.map((x: { _id: string }) => x._id),
    ['3cardj'],
    '28 is 3 Cards Judgement',
  );
  t.match(
    all.body.data.find((x: { _id: string }) => x._id === '3cardj').markets,
    [
      { sid: 1, nat: 'Yes 1 card', group: 'Yes', odds: 4.45, picks: 1 },
      { sid: 2, nat: 'Yes 2 cards', odds: 2.42, picks: 2 },
      { sid: 3, nat: 'Yes 3 cards', odds: 1.75, picks: 3 },
      { sid: 4, nat: 'No 1 card', group: 'No', odds: 1.24, picks: 1 },
      { sid: 5, nat: 'No 2 cards', odds: 1.62, picks: 2 },
      { sid: 6, nat: 'No 3 cards', odds: 2.17, picks: 3 },
    ],
    'each market names how many ranks its bet picks',
  );
  t.equal(dt.markets[0].picks, null, 'a market that takes no ranks');
  t.match(await call('GET', '/api/casino/tables/nope', undefined, p1.token), {
    status: 404,
    body: { message: 'Table not found' },
  });
  t.match(await call('GET', '/api/casino/table/getalltable'), { status: 401 });
});

t.test(
  'a Dragon Tiger round: bets during the window, every refusal, exposure, the deal pushed live, the payout',
  async (t) => {
    const before = await profile(p1.token);
    const socket = await openSocket(server, p1.token);
    t.teardown(() => socket.close());
    socket.send('joinRoom', { matchId: 'casino:dt20' });
    await socket.next('joined');

    t.equal(await dealer.step('dt20'), 'opened');
    const opened = await live('dt20');
    const mid = opened.round!.mid;
    t.match(mid, /^116\d{12}$/, 'mid: prefix 116 and yymmddHHMMSS');
    t.match(opened.round, {
      status: 'betting',
      cards: [],
      serverSeed: null,
      result: null,
      algorithm: 'hmac-sha256:fisher-yates:v1',
      commitment: /^[0-9a-f]{64}$/,
    });
    t.equal(Date.parse(opened.round!.closesAt) - Date.parse(opened.round!.openedAt), 20_000, 'a 20 s window');
    t.match(opened.table.round, { mid, status: 'betting' });
    await socket.next('casinoTable', (d: CasinoTableLive) => d.round?.mid === mid && d.round.status === 'betting');

    // Tiger ₹1,000 and Dragon ₹500 by player1, Tie ₹100 by player2.
    const tiger = await call('POST', '/api/bets', bet(p1, 'dt20', mid, 2, 2, 1000), p1.token);
    t.equal(tiger.status, 200, JSON.stringify(tiger.body));
    t.match(tiger.body, {
      message: 'Bet placed successfully! on Event: dt20',
      bet: {
        bet_type: 'casino',
        table_id: 'dt20',
        game_round_id: mid,
        selection: 2,
        selection_name: 'Tiger',
        odds: 2,
        stake: 1000,
        status: 'pending',
        potential_win: 1000,
      },
    });
    t.equal(
      (await call('POST', '/api/bets', { ...bet(p1, 'dt20', mid, 1, 2, 500), odds: '2.00', stake: '500' }, p1.token))
        .status,
      200,
      'odds and stake as text too',
    );
    t.equal((await call('POST', '/api/bets', bet(p2, 'dt20', mid, 3, 51, 100), p2.token)).status, 200);
    t.same(
      await profile(p1.token),
      { balance: before.balance, exposer: 1500 },
      'stakes reserved as exposure, nothing moved',
    );

    const refusals: [Record<string, unknown>, number, string][] = [
      [bet(p1, 'dt20', mid, 2, 1.98, 1000), 400, 'Odds changed, please place the bet again'],
      [bet(p1, 'dt20', mid, 2, 2, 99), 400, 'Minimum stake is ₹100.00'],
      [bet(p1, 'dt20', mid, 2, 2, 100001), 400, 'Maximum stake is ₹1,00,000.00'],
      [bet(p1, 'dt20', mid, 99, 2, 100), 400, 'Selection not found on this table'],
      [
        bet(p1, 'dt20', '116000000000000', 2, 2, 100),
        400,
        'Betting is closed for this round, please wait for the next one',
      ],
      [bet(p1, 'nope', mid, 2, 2, 100), 404, 'Table not found'],
      [bet(p1, 'dt20', mid, 2, 2, 100, { odds_type: 'lay' }), 400, 'Casino bets are back bets only'],
      [bet(p1, 'dt20', mid, 2, 2, 100, { market_type: 'MATCH_ODDS' }), 400, 'market_type of a casino bet is CASINO'],
      [bet(p1, 'dt20', mid, 2, 2, 100, { event_id: 'lucky7' }), 400, 'event_id must be the table (table_id)'],
      [
        bet(p1, 'dt20', mid, 2, 2, 100, { table_id: undefined, game_round_id: undefined }),
        400,
        'Missing required fields: table_id, game_round_id',
      ],
      [bet(p1, 'dt20', mid, 2, 2, 100, { bet_type: 'lottery' }), 400, 'bet_type must be sports or casino'],
      [bet(p1, 'dt20', mid, 2, 2, 200_000), 400, 'Maximum stake is ₹1,00,000.00'],
    ];
    for (const [body, status, message] of refusals)
      t.match(await call('POST', '/api/bets', body, p1.token), { status, body: { message } }, message);
    t.match(await call('POST', '/api/bets', bet(p2, 'dt20', mid, 2, 2, 50_001), p2.token), {
      status: 400,
      body: { message: /^Insufficient balance: this bet needs ₹50,001.00, available ₹49,900.00$/ },
    });
    t.match(await call('POST', '/api/bets', bet(p1, 'dt20', mid, 2, 2, 100), admin), { status: 403 });

    t.equal(await dealer.step('dt20'), 'closed');
    t.match(await call('POST', '/api/bets', bet(p1, 'dt20', mid, 2, 2, 100), p1.token), {
      status: 400,
      body: { message: 'Betting is closed for this round, please wait for the next one' },
    });
    t.equal(await dealer.step('dt20'), 'dealt');
    const dealing = await live('dt20');
    t.match(
      dealing.round,
      { status: 'dealing', cards: [], serverSeed: null },
      'dealt face down: no card and no seed before their reveal',
    );
    t.equal(await dealer.step('dt20'), 'revealed');
    const first = await socket.next(
      'casinoTable',
      (d: CasinoTableLive) => d.round?.mid === mid && d.round.cards.length === 1,
    );
    t.equal(first.round.cards[0].to, 'Dragon', 'the first card pushed live: Dragon');
    t.equal(first.round.serverSeed, null);
    t.equal(await dealer.step('dt20'), 'revealed');
    t.equal(await dealer.step('dt20'), 'settled');
    const done = await socket.next(
      'casinoTable',
      (d: CasinoTableLive) => d.round?.mid === mid && d.round.status === 'settled',
    );
    const winner = done.round.result.winner as 'Dragon' | 'Tiger' | 'Tie';
    t.match(done.results[0], { mid, win: winner });
    t.equal(done.table.round, null, 'no round under way');

    // player1: Tiger ₹1,000 at 2.00 and Dragon ₹500 at 2.00.
    const pnl = winner === 'Tiger' ? 500 : winner === 'Dragon' ? -500 : -1500;
    t.same(
      await profile(p1.token),
      { balance: before.balance + pnl, exposer: 0 },
      `${winner}: player1 ${pnl >= 0 ? '+' : ''}${pnl}, exposure released`,
    );
    const statement = (await call('GET', '/api/transactions/statement', undefined, p1.token)).body.data[0];
    t.match(
      statement,
      {
        description: `Dragon Tiger 20-20 / Round ${mid}: ${winner}`,
        kind: 'casino',
        credit: Math.max(0, pnl),
        debit: Math.max(0, -pnl),
      },
      'the statement names the table and round',
    );
    const mine = (await call('GET', '/api/casino/bets/mine?table=dt20', undefined, p1.token)).body;
    t.equal(mine.pagination.total, 2);
    t.match(
      mine.data.find((b: { selection: number }) => b.selection === 2),
      {
        status: winner === 'Tiger' ? 'won' : 'lost',
        pnl: winner === 'Tiger' ? 1000 : -1000,
        result: winner,
        outcome: winner === 'Tiger' ? 'win' : 'lose',
      },
    );
    t.equal((await call('GET', '/api/casino/bets/mine?status=pending', undefined, p1.token)).body.data.length, 0);

    // The back office's reports read the round from the ledger and the casino bets.
    const branch = (await call('GET', '/api/bet/downline/profit-loss?parent=dealer1&search=player1', undefined, admin))
      .body.users[0];
    t.match(
      branch,
      { username: 'player1', profitLoss: { casino: { netProfitLoss: pnl }, sports: { netProfitLoss: 0 } } },
      'the downline profit-loss shows the round in Casino pts',
    );
    // Down the chain (the demo's shares: agent1 60%, dealer1 40%) each level carries its share of the house's side of the round.
    const players = pnl + (winner === 'Tie' ? 5000 : -100);
    for (const [who, share] of [
      ['dealer1', 40],
      ['agent1', 60],
    ] as const) {
      const split = (await call('GET', `/api/report/partnership?parent=${who}`, undefined, admin)).body.account;
      t.match(
        split,
        {
          username: who,
          share,
          players: { casino: players, sports: 0 },
          carried: { casino: (-players * share) / 100 },
        },
        `${who} carries ${share}% of the casino result`,
      );
    }
    const general = (await call('GET', '/api/report/casino?bet_type=casino&search=player1', undefined, admin)).body;
    t.equal(general.total, 2, "the general report lists player1's casino bets");
    t.match(general.bets[0], {
      bet_type: 'casino',
      eventType: 'Casino',
      eventName: 'Dragon Tiger 20-20',
      marketName: `Round ${mid}`,
      userName: 'player1',
      type: 'back',
    });
    t.equal(
      (await call('GET', '/api/report/casino?bet_type=casino&side=lay', undefined, admin)).body.total,
      0,
      'casino bets are back bets only',
    );

    const round: CasinoRoundDetail = (await call('GET', `/api/casino/rounds/${mid}`, undefined, p2.token)).body;
    t.match(round, { mid, status: 'settled', clientSeed: mid, nonce: 0, serverSeed: /^[0-9a-f]{64}$/ });
    t.equal(round.shoe.length, 416);
  },
);

t.test("a round's cards re-derived from its revealed seed with Web Crypto; the commitment checks", async (t) => {
  // Roulette's shoe is the wheel, pockets "0" to "36": its one pocket is the shuffled wheel's first.
  for (const code of ['teen20', 'ab20', 'baccarat', 'card32', 'btable', 'roulette']) {
    await dealer.finishRound(code);
    const mid = (await live(code)).round!.mid;
    const round: CasinoRoundDetail = (await call('GET', `/api/casino/rounds/${mid}`, undefined, p1.token)).body;
    t.equal(
      await commitmentWithWebCrypto(round.serverSeed!),
      round.commitment,
      `${code}: SHA-256 of the revealed seed is the commitment published before betting`,
    );
    const shuffled = await shuffleWithWebCrypto(round.shoe, round.serverSeed!, round.clientSeed, round.nonce);
    t.same(
      round.cards.map((c) => c.card),
      shuffled.slice(0, round.cards.length),
      `${code}: the ${round.cards.length} cards are the shuffled shoe's first, in order`,
    );
  }
  const spun: CasinoRoundDetail = (
    await call('GET', `/api/casino/rounds/${(await live('roulette')).round!.mid}`, undefined, p1.token)
  ).body;
  t.same(
    spun.shoe,
    Array.from({ length: 37 }, (_, n) => String(n)),
    'the wheel in number order',
  );
  t.equal(spun.result!.winner.split(' ')[0], spun.cards[0]!.card, 'the winner names the pocket');
  const res = await call('GET', '/api/casino/rounds/000', undefined, p1.token);
  t.match(res, { status: 404, body: { message: 'Round not found' } });
});

t.test(
  'the result list by game (SPEC.md section 7): data.data.res of {mid, win}, with page, limit, startDate, roundId, search',
  async (t) => {
    await dealer.finishRound('lucky7');
    await dealer.finishRound('lucky7');
    const all = (await call('GET', '/api/casino/results/lucky7', undefined, admin)).body.data.data;
    t.equal(all.total, 2);
    t.same(Object.keys(all.res[0]).sort(), ['code', 'mid', 'win']);
    t.ok(all.res[0].mid > all.res[1].mid, 'newest first');
    const today = businessDay();
    t.equal(
      (await call('GET', `/api/casino/results/lucky7?startDate=${today}`, undefined, admin)).body.data.data.total,
      2,
    );
    t.equal(
      (await call('GET', '/api/casino/results/lucky7?startDate=2020-01-01', undefined, admin)).body.data.data.total,
      0,
    );
    t.same(
      (await call('GET', `/api/casino/results/lucky7?roundId=${all.res[1].mid}`, undefined, admin)).body.data.data.res,
      [all.res[1]],
    );
    const page2 = (await call('GET', '/api/casino/results/lucky7?limit=1&page=2', undefined, admin)).body.data.data;
    t.same(page2.res, [all.res[1]]);
    t.equal(page2.totalPages, 2);
    const searched = (
      await call(
        'GET',
        `/api/casino/results/lucky7?search=${encodeURIComponent(all.res[0].win.slice(0, 3))}`,
        undefined,
        admin,
      )
    ).body.data.data.res;
    t.ok(
      searched.some((r: { mid: string }) => r.mid === all.res[0].mid),
      'search by winner',
    );
    t.match(await call('GET', '/api/casino/results/lucky7?startDate=2026-02-30', undefined, admin), {
      status: 400,
      body: { message: /Invalid date/ },
    });
    t.match(await call('GET', '/api/casino/results/zzz', undefined, admin), { status: 404 });
  },
);

t.test(
  'suspension: only admin and super admin; bets refused with the message; the round under way finishes, then no more',
  async (t) => {
    t.equal(await dealer.step('aaa'), 'opened');
    const mid = (await live('aaa')).round!.mid;
    t.equal((await call('POST', '/api/bets', bet(p1, 'aaa', mid, 1, 2.12, 200), p1.token)).status, 200);
    t.match(await call('PUT', '/api/admin/casino/tables/aaa/status', { status: 'SUSPENDED' }, agent), { status: 403 });
    t.match(await call('PUT', '/api/admin/casino/tables/aaa/status', { status: 'SUSPENDED' }, sadmin), {
      status: 403,
      body: { message: 'Only admin and super admin suspend or activate tables' },
    });
    t.match(await call('PUT', '/api/admin/casino/tables/aaa/status', { status: 'PAUSED' }, admin), {
      status: 400,
      body: { message: 'status must be ACTIVE or SUSPENDED' },
    });
    const suspended = await call('PUT', '/api/admin/casino/tables/aaa/status', { status: 'SUSPENDED' }, admin);
    t.match(suspended, {
      status: 200,
      body: { message: 'Amar Akbar Anthony is suspended', data: { game_status: 'SUSPENDED' } },
    });
    t.match(await call('POST', '/api/bets', bet(p1, 'aaa', mid, 1, 2.12, 200), p1.token), {
      status: 400,
      body: { message: 'This game is suspended by admin, please try again later' },
    });
    t.equal((await live('aaa')).table.game_status, 'SUSPENDED');
    await dealer.finishRound('aaa');
    t.equal((await live('aaa')).round!.status, 'settled', 'the round under way finished');
    t.equal(await dealer.step('aaa'), 'idle', 'and no new round opens');
    t.equal((await profile(p1.token)).exposer, 0);
    t.match(await call('PUT', '/api/admin/casino/tables/aaa/status', { status: 'ACTIVE' }, admin), {
      status: 200,
      body: { data: { game_status: 'ACTIVE' } },
    });
    t.equal(await dealer.step('aaa'), 'opened');
    await dealer.finishRound('aaa');
  },
);

t.test(
  "the back office: the downline's bets and the house position per market; game reports by table and day",
  async (t) => {
    t.equal(await dealer.step('lucky7'), 'opened');
    const mid = (await live('lucky7')).round!.mid;
    await call('POST', '/api/bets', bet(p1, 'lucky7', mid, 1, 2, 1000), p1.token); // Low Card
    await call('POST', '/api/bets', bet(p2, 'lucky7', mid, 1, 2, 500), p2.token);
    await call('POST', '/api/bets', bet(p2, 'lucky7', mid, 7, 12, 100), p2.token); // Card A
    const position = (await call('GET', '/api/admin/casino/tables/lucky7/position', undefined, agent)).body;
    t.equal(position.round.mid, mid);
    t.equal(position.bets.length, 3, "agent1 sees its downline's bets");
    t.match(
      position.markets.find((m: { sid: number }) => m.sid === 1),
      { nat: 'Low Card', bets: 2, stake: 1500, houseIfWins: -1500, houseIfLoses: 1500 },
    );
    t.match(
      position.markets.find((m: { sid: number }) => m.sid === 7),
      { nat: 'Card A', bets: 1, stake: 100, houseIfWins: -1100, houseIfLoses: 100 },
    );
    t.match(await call('GET', '/api/admin/casino/tables/lucky7/position', undefined, p1.token), { status: 403 });
    await dealer.finishRound('lucky7');

    const report = (await call('GET', '/api/admin/casino/game-reports', undefined, agent)).body.data;
    const byTable = Object.fromEntries(report.map((r: { table_id: string }) => [r.table_id, r]));
    t.match(byTable.lucky7, { date: businessDay(), table_name: 'Lucky 7', bets: 3, turnover: 1600 });
    t.match(byTable.dt20, { bets: 3, turnover: 1600 });
    const mine = (await call('GET', '/api/casino/bets/mine?status=settled', undefined, p1.token)).body.data;
    const house = -mine
      .filter((b: { table_id: string }) => b.table_id === 'lucky7')
      .reduce((s: number, b: { pnl: number }) => s + b.pnl, 0);
    const p2bets = (await call('GET', '/api/casino/bets/mine?table=lucky7', undefined, p2.token)).body.data;
    t.equal(
      byTable.lucky7.house_profit,
      house - p2bets.reduce((s: number, b: { pnl: number }) => s + b.pnl, 0),
      'house profit = what the players lost',
    );
    t.same(
      (await call('GET', '/api/admin/casino/game-reports?from=2020-01-01&to=2020-01-02', undefined, agent)).body.data,
      [],
    );
  },
);

t.test(
  "CSV exports: the casino report, a table's results and the game reports, each the JSON route's rows unpaged",
  async (t) => {
    const raw = await fetch(`${server.url}/api/casino/bets/mine.csv?status=settled`, {
      headers: { authorization: `Bearer ${p1.token}` },
    });
    t.equal(raw.headers.get('content-type'), 'text/csv; charset=utf-8');
    t.match(raw.headers.get('content-disposition'), /^attachment; filename="casino-report-settled-start-now\.csv"$/);
    const bets = csv(await raw.text());
    const mine = (await call('GET', '/api/casino/bets/mine?status=settled&limit=100', undefined, p1.token)).body;
    t.same(bets[0], ['Placed', 'Table', 'Round', 'Selection', 'Odds', 'Stake', 'Result', 'Profit/Loss']);
    t.ok(mine.pagination.total >= 4 && bets.length - 1 === mine.pagination.total, 'every settled bet');
    t.same(
      bets.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5], r[7]]),
      mine.data.map(
        (b: {
          placed_at: string;
          table_name: string;
          game_round_id: string;
          odds: number;
          stake: number;
          pnl: number;
        }) => [b.placed_at, b.table_name, b.game_round_id, b.odds.toFixed(2), b.stake.toFixed(2), b.pnl.toFixed(2)],
      ),
      'stakes and profit in rupees with two decimals',
    );
    t.same(
      bets.slice(1).map((r) => r[6]),
      mine.data.map(
        (b: { status: string; result: string }) => `${b.status[0]!.toUpperCase()}${b.status.slice(1)} (${b.result})`,
      ),
      'Result: the status, then the winner',
    );
    t.equal(
      csv(
        (await call('GET', '/api/casino/bets/mine.csv?table=dt20&from=2020-01-01&to=2020-01-02', undefined, p1.token))
          .body,
      ).length,
      1,
      'the filters apply: the header alone',
    );
    t.match(
      await call('GET', '/api/casino/bets/mine.csv', undefined, admin),
      { status: 403 },
      'a back-office token has no casino report of its own',
    );

    const results = csv(
      (await call('GET', `/api/casino/results/lucky7.csv?startDate=${businessDay()}`, undefined, admin)).body,
    );
    const list = (
      await call('GET', `/api/casino/results/lucky7?startDate=${businessDay()}&limit=100`, undefined, admin)
    ).body.data.data;
    t.same(results[0], ['Round ID', 'Winner']);
    t.ok(list.total >= 3);
    t.same(
      results.slice(1),
      list.res.map((r: { mid: string; win: string }) => [r.mid, r.win]),
    );
    t.same(
      csv(
        (await call('GET', `/api/casino/results/lucky7.csv?roundId=${list.res[0].mid}&page=2`, undefined, admin)).body,
      ).slice(1),
      [[list.res[0].mid, list.res[0].win]],
      'paging is no filter of an export',
    );
    t.match(await call('GET', '/api/casino/results/zzz.csv', undefined, admin), { status: 404 });

    const report = csv((await call('GET', '/api/admin/casino/game-reports.csv', undefined, agent)).body);
    const rows: { date: string; table_name: string; bets: number; turnover: number; house_profit: number }[] = (
      await call('GET', '/api/admin/casino/game-reports', undefined, agent)
    ).body.data;
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
    t.same(report[0], ['Date', 'Table', 'Bets', 'Turnover', 'House profit']);
    t.ok(rows.length >= 3);
    t.same(
      report.slice(1, -1),
      rows.map((r) => [r.date, r.table_name, String(r.bets), r.turnover.toFixed(2), r.house_profit.toFixed(2)]),
    );
    t.same(
      report.at(-1),
      [
        'Total',
        '',
        String(sum((r) => r.bets)),
        sum((r) => r.turnover).toFixed(2),
        sum((r) => r.house_profit).toFixed(2),
      ],
      'a total line, as on screen',
    );
    t.same(
      csv(
        (await call('GET', '/api/admin/casino/game-reports.csv?from=2020-01-01&to=2020-01-02', undefined, agent)).body,
      ).slice(1),
      [['Total', '', '0', '0.00', '0.00']],
    );
    t.match(
      await call('GET', '/api/admin/casino/game-reports.csv', undefined, p1.token),
      { status: 403 },
      'a player cannot read an admin export',
    );
    t.match(await call('GET', '/api/admin/casino/game-reports.csv'), { status: 401 });
  },
);

t.test('a round whose bets cancel out still has its statement line, naming both bets', async (t) => {
  // Tiger ₹100 and Dragon ₹100 at 2.00 by player2: +₹100 and -₹100 unless a Tie (both lose half), then again.
  for (let tries = 0; tries < 10; tries++) {
    t.equal(await dealer.step('dt20'), 'opened');
    const mid = (await live('dt20', p2.token)).round!.mid;
    t.equal((await call('POST', '/api/bets', bet(p2, 'dt20', mid, 2, 2, 100), p2.token)).status, 200);
    t.equal((await call('POST', '/api/bets', bet(p2, 'dt20', mid, 1, 2, 100), p2.token)).status, 200);
    await dealer.finishRound('dt20');
    const line = (await call('GET', '/api/transactions/statement', undefined, p2.token)).body.data[0];
    if (line.description.includes(`Round ${mid}: Tie`)) continue;
    const [won, lost] = line.description.includes(`Round ${mid}: Tiger`) ? ['Tiger', 'Dragon'] : ['Dragon', 'Tiger'];
    const order = won === 'Tiger' ? `Tiger +₹100.00, Dragon -₹100.00` : `Tiger -₹100.00, Dragon +₹100.00`;
    t.match(line, {
      description: `Dragon Tiger 20-20 / Round ${mid}: ${won} · ${order}`,
      kind: 'casino',
      credit: 0,
      debit: 0,
      remark: '',
    });
    t.pass(`${won} won, ${lost} lost: a ₹0 line`);
    return;
  }
  t.fail('ten ties in a row');
});

t.test("a Pair Plus bet shows its pay table's range, not the pair's odds alone", async (t) => {
  const teen = (await call('GET', '/api/casino/table/getalltable', undefined, p2.token)).body.data.find(
    (x: { _id: string }) => x._id === 'teen20',
  );
  const pairPlus = teen.markets.find((m: { nat: string }) => m.nat.startsWith('Pair Plus'));
  t.equal(await dealer.step('teen20'), 'opened');
  const mid = (await live('teen20', p2.token)).round!.mid;
  const placed = await call('POST', '/api/bets', bet(p2, 'teen20', mid, pairPlus.sid, 2, 100), p2.token);
  t.match(placed.body.bet, {
    odds: 2,
    potential_win: 100,
    pay_range: { odds: [2, 41], potential_win: [100, 4000] },
  });
  await dealer.finishRound('teen20');
  t.match((await call('GET', '/api/casino/bets/mine?table=teen20', undefined, p2.token)).body.data[0], {
    selection: pairPlus.sid,
    pay_range: { odds: [2, 41], potential_win: [100, 4000] },
  });
  t.equal(
    (await call('GET', '/api/casino/bets/mine?table=dt20', undefined, p2.token)).body.data[0].pay_range,
    null,
    'a market with one price has no range',
  );
  const rows = csv((await call('GET', '/api/casino/bets/mine.csv?table=teen20', undefined, p2.token)).body);
  t.equal(rows[1]![4], '2.00-41.00', 'the export shows the range too');
});

t.test(
  '3 Cards Judgement: a bet sends the ranks it picks, is refused when they do not fit, and is settled on them',
  async (t) => {
    t.equal(await dealer.step('3cardj'), 'opened');
    const mid = (await live('3cardj', p2.token)).round!.mid;
    t.match(mid, /^128\d{12}$/);
    const picked = (sid: number, odds: number, ranks: unknown) => bet(p2, '3cardj', mid, sid, odds, 100, { ranks });
    const bets = [
      { sid: 1, odds: 4.45, ranks: ['A'], yes: true },
      { sid: 5, odds: 1.62, ranks: ['K', '7'], yes: false },
      { sid: 3, odds: 1.75, ranks: ['2', '10', 'Q'], yes: true },
    ];
    for (const b of bets) {
      const placed = await call('POST', '/api/bets', picked(b.sid, b.odds, b.ranks), p2.token);
      t.equal(placed.status, 200, JSON.stringify(placed.body));
      t.equal(
        placed.body.bet.selection_name,
        `${b.yes ? 'Yes' : 'No'} ${b.ranks.length} card${b.ranks.length > 1 ? 's' : ''}: ${
          { 1: 'A', 5: '7 K', 3: '2 10 Q' }[b.sid]
        }`,
      );
    }
    const exposure = (await profile(p2.token)).exposer;
    const refusals: [unknown, string][] = [
      [undefined, 'Yes 2 cards needs 2 different card ranks (A to K); the bet names 0'],
      [['A'], 'Yes 2 cards needs 2 different card ranks (A to K); the bet names 1'],
      [['A', 'K', 'Q'], 'Yes 2 cards needs 2 different card ranks (A to K); the bet names 3'],
      [['A', 'A'], 'ranks: pick each card rank once'],
      [['A', '1'], 'ranks: each must be a card rank, A, 2 to 10, J, Q or K'],
      [['A', 13], 'ranks: each must be a card rank, A, 2 to 10, J, Q or K'],
      ['AK', 'ranks must be a list of card ranks'],
      [[], 'ranks: pick at least one card rank'],
    ];
    for (const [ranks, message] of refusals)
      t.match(
        await call('POST', '/api/bets', picked(2, 2.42, ranks), p2.token),
        { status: 400, body: { message } },
        message,
      );
    t.match(
      await call(
        'POST',
        '/api/bets',
        { ...bet(p2, 'x', 'm', 1, 2, 100), market_type: 'MATCH_ODDS', bet_type: 'sports', ranks: ['A'] },
        p2.token,
      ),
      { status: 400, body: { message: 'ranks are for casino bets only' } },
    );
    t.equal((await profile(p2.token)).exposer, exposure, 'nothing refused changed the exposure');

    await dealer.finishRound('3cardj');
    const round = (await live('3cardj', p2.token)).round!;
    const dealt = round.cards.map((c) => c.card.slice(0, -1));
    t.equal(dealt.length, 3);
    const mine = (await call('GET', '/api/casino/bets/mine?table=3cardj', undefined, p2.token)).body.data;
    for (const b of bets) {
      const hit = b.ranks.some((r) => dealt.includes(r));
      const won = hit === b.yes;
      t.match(
        mine.find((m: { selection: number }) => m.selection === b.sid),
        { status: won ? 'won' : 'lost', pnl: won ? Math.round((b.odds - 1) * 100 * 100) / 100 : -100 },
        `${dealt.join(' ')}: ${b.yes ? 'Yes' : 'No'} ${b.ranks.join(' ')} ${won ? 'wins' : 'loses'}`,
      );
    }
  },
);

t.test(
  'the ledger replays clean: postings sum to zero, house:casino against each bettor, read models equal the replay',
  async (t) => {
    await server.runner.waitFor(server.engine.headPosition);
    const report = await verifyLedger(server.store);
    t.ok(report.ok, report.differences.map((d) => d.message).join('\n'));
    t.equal(report.sum, 0n);
  },
);

import t from 'tap';
import type { MatchDetail } from '@exch/contracts';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { betBody, best } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

/**
 * Settle, revoke, re-declare and void through the admin routes, with balances, statements and
 * reports checked against numbers worked out here from the prices the bets were matched at.
 */
const server = await startTestServer({ feedTickMs: 3_600_000 });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);

const session = async (username: string) => {
  const r = (await login(username)).body;
  return { token: r.token as string, id: r.user._id as string };
};
const p1 = await session('player1');
const p2 = await session('player2');
const p3 = await session('player3');
const admin = await tokenOf('admin');
const dealer = await tokenOf('dealer1');
const detail = async (matchId: string): Promise<MatchDetail> =>
  (await call('GET', `/api/matches/${matchId}`, undefined, admin)).body;
// Balance and exposure only: the profile also carries chips held for pending withdrawals (payments).
const profile = async (token: string) => {
  const { balance, exposer } = (await call('GET', '/api/users/profile', undefined, token)).body.balance as {
    balance: number;
    exposer: number;
  };
  return { balance, exposer };
};
const statement = async (token: string) =>
  (await call('GET', '/api/transactions/statement', undefined, token)).body.data;
const rupees = (paise: number) => paise / 100;
const TXN = 'Txn@1234';

const MO = 'sim-201.mo';
const soccer = await detail('sim-201');
// In hundredths: the prices the two bets match at.
const a = Math.round(best(soccer, MO, 301, 'back').odds * 100);
const la = Math.round(best(soccer, MO, 301, 'lay').odds * 100);
const backBet = (await call('POST', '/api/bets', betBody(soccer, MO, 301, 'back', a / 100, 100, p1.id), p1.token)).body
  .bet;
const layBet = (await call('POST', '/api/bets', betBody(soccer, MO, 301, 'lay', la / 100, 100, p2.id), p2.token)).body
  .bet;
// player1 backs Arsenal for ₹100 at A; player2 lays Arsenal for ₹100 at LA (liability (LA - 1) x 100).
const p1Win = (a - 100) * 100; // paise
const p1Commission = Math.floor((p1Win * 200) / 10_000);
const p2Liability = (la - 100) * 100;

t.test('before the result: exposures, not balances', async (t) => {
  t.equal(soccer.markets[0]!.commissionBp, 200, 'match odds pay 2% commission');
  t.match(backBet, { matched_stake: 100, status: 'pending' });
  t.match(layBet, { matched_stake: 100, status: 'pending', potential_loss: rupees(p2Liability) });
  t.same(await profile(p1.token), { balance: 100000, exposer: 100 });
  t.same(await profile(p2.token), { balance: 50000, exposer: rupees(p2Liability) });
});

t.test('declaring the winner settles bets, moves money, pays commission and writes statement rows', async (t) => {
  t.match(
    await call('POST', `/api/admin/markets/${MO}/result`, { selectionId: 301, transaction_password: TXN }, dealer),
    { status: 403, body: { message: 'Only admin and super admin manage markets' } },
  );
  t.match(
    await call('POST', `/api/admin/markets/${MO}/result`, { selectionId: 999, transaction_password: TXN }, admin),
    { status: 400, body: { message: 'Choose the winner among the runners of this market' } },
  );
  t.match(
    await call(
      'POST',
      `/api/admin/markets/${MO}/result`,
      { selectionId: 301, runs: 5, transaction_password: TXN },
      admin,
    ),
    {
      status: 400,
      body: { message: 'Give the winner (selectionId), the placed runners (selectionIds) or the runs, one of them' },
    },
  );
  t.match(
    await call('POST', `/api/admin/markets/${MO}/result`, { selectionId: 301, transaction_password: TXN }, admin),
    { status: 200, body: { message: 'Result declared' } },
  );

  t.same(await profile(p1.token), { balance: rupees(10_000_000 + p1Win - p1Commission), exposer: 0 });
  t.same(await profile(p2.token), { balance: rupees(5_000_000 - p2Liability), exposer: 0 });
  t.match((await call('GET', '/api/bets/mine?status=settled', undefined, p1.token)).body.data, [
    { _id: backBet._id, status: 'won', pnl: rupees(p1Win), settled_at: String },
  ]);
  t.match((await call('GET', '/api/bets/mine?status=settled', undefined, p2.token)).body.data, [
    { _id: layBet._id, status: 'lost', pnl: rupees(-p2Liability) },
  ]);
  t.same((await call('GET', '/api/my_bets', undefined, p1.token)).body.data, []);

  const [row] = await statement(p1.token);
  t.match(row, {
    description: 'Arsenal v Chelsea / Match Odds: Arsenal won',
    kind: 'settlement',
    credit: rupees(p1Win - p1Commission),
    debit: 0,
    balance: rupees(10_000_000 + p1Win - p1Commission),
    cause: { type: 'settlement', position: Number },
  });
  t.match((await statement(p2.token))[0], {
    description: 'Arsenal v Chelsea / Match Odds: Arsenal won',
    credit: 0,
    debit: rupees(p2Liability),
  });
  t.match((await call('GET', '/api/profit-loss/mine', undefined, p1.token)).body, {
    data: [
      {
        event_id: 'sim-201',
        event_name: 'Arsenal v Chelsea',
        market_id: MO,
        market_name: 'Match Odds',
        market_type: 'MATCH_ODDS',
        pnl: rupees(p1Win),
        commission: rupees(p1Commission),
      },
    ],
    pagination: { total: 1 },
    totals: { pnl: rupees(p1Win), commission: rupees(p1Commission), net: rupees(p1Win - p1Commission) },
  });

  t.equal(row.market_id, MO, 'the settlement line names its market');
  t.equal((await statement(p1.token)).find((r: { kind: string }) => r.kind === 'deposit').market_id, null);
  // The line's bets: each with the price asked and the price it matched at.
  const lineBets = (token: string, q: string) => call('GET', `/api/transactions/statement/bets?${q}`, undefined, token);
  t.match((await lineBets(p1.token, `marketId=${MO}`)).body.data, [
    { _id: backBet._id, odds: backBet.odds, matched_odds: a / 100, status: 'won', pnl: rupees(p1Win) },
  ]);
  t.match((await lineBets(p2.token, `marketId=${MO}`)).body.data, [{ _id: layBet._id, status: 'lost' }], 'own only');
  t.match((await lineBets(dealer, `marketId=${MO}&userId=${p1.id}`)).body.data, [{ _id: backBet._id }], 'an upline');
  t.match(await lineBets(p2.token, `marketId=${MO}&userId=${p1.id}`), {
    status: 403,
    body: { message: 'Players can only read their own records' },
  });
  t.match(await lineBets(p1.token, 'marketId='), { status: 400 });

  const market = (await detail('sim-201')).markets[0]!;
  t.match(market, { status: 'SETTLED', result: { selectionId: 301 } });
  t.same(
    market.section.map((s) => [s.gstatus, s.odds.length]),
    [
      ['SETTLED', 0],
      ['SETTLED', 0],
      ['SETTLED', 0],
    ],
  );
  t.match(await call('POST', '/api/bets', betBody(soccer, MO, 301, 'back', a / 100, 100, p1.id), p1.token), {
    status: 400,
    body: { message: 'Market is closed for betting' },
  });
  t.match(
    await call('POST', `/api/admin/markets/${MO}/result`, { selectionId: 302, transaction_password: TXN }, admin),
    { status: 400, body: { message: 'The result of this market is already declared' } },
  );

  const pnl = await call('GET', '/api/bet/downline/profit-loss', undefined, dealer);
  t.match(pnl.body, { total: 3 });
  t.match(pnl.body.users, [
    {
      username: 'player1',
      role: { name: 'USER' },
      profitLoss: { sports: { netProfitLoss: rupees(p1Win - p1Commission) }, casino: { netProfitLoss: 0 } },
    },
    { username: 'player2', profitLoss: { sports: { netProfitLoss: rupees(-p2Liability) } } },
    { username: 'player3', netProfitLoss: 0 },
  ]);
  t.match((await call('GET', '/api/bet/downline/profit-loss', undefined, await tokenOf('agent1'))).body.users, [
    { username: 'dealer1', netProfitLoss: rupees(p1Win - p1Commission - p2Liability) },
  ]);
  t.match((await call('GET', '/api/bet/downline/profit-loss?reportType=user', undefined, dealer)).body, {
    users: [],
    total: 0,
  });
});

t.test('revoking the result reverses the money, reopens the bets and the exposure', async (t) => {
  t.match(await call('POST', `/api/admin/markets/${MO}/revoke`, { transaction_password: TXN }, admin), {
    status: 200,
    body: { message: 'Result revoked' },
  });
  t.same(await profile(p1.token), { balance: 100000, exposer: 100 });
  t.same(await profile(p2.token), { balance: 50000, exposer: rupees(p2Liability) });
  t.match((await call('GET', '/api/my_bets', undefined, p1.token)).body.data, [
    { _id: backBet._id, status: 'pending', pnl: null, settled_at: null },
  ]);
  t.match((await statement(p1.token))[0], {
    description: 'Result revoked: Arsenal v Chelsea / Match Odds (Arsenal won)',
    kind: 'revoke',
    credit: 0,
    debit: rupees(p1Win - p1Commission),
    balance: 100000,
  });
  t.match((await detail('sim-201')).markets[0], { status: 'CLOSED', result: null });
  t.match((await call('GET', '/api/profit-loss/mine', undefined, p1.token)).body, {
    data: [],
    pagination: { total: 0 },
  });
  t.match(await call('POST', `/api/admin/markets/${MO}/revoke`, { transaction_password: TXN }, admin), {
    status: 400,
    body: { message: 'This market has no declared result to revoke' },
  });
});

t.test('the result declared again: the other way round', async (t) => {
  t.match(
    await call('POST', `/api/admin/markets/${MO}/result`, { selectionId: 302, transaction_password: TXN }, admin),
    { status: 200 },
  );
  // Chelsea won: player1's back loses ₹100; player2's lay of Arsenal wins ₹100 less 2% commission.
  t.same(await profile(p1.token), { balance: 99900, exposer: 0 });
  t.same(await profile(p2.token), { balance: 50000 + 100 - 2, exposer: 0 });
  t.same(
    (await statement(p1.token))
      .slice(0, 3)
      .map((r: { description: string; credit: number; debit: number }) => [r.description, r.credit, r.debit]),
    [
      ['Arsenal v Chelsea / Match Odds: Chelsea won', 0, 100],
      ['Result revoked: Arsenal v Chelsea / Match Odds (Arsenal won)', 0, rupees(p1Win - p1Commission)],
      ['Arsenal v Chelsea / Match Odds: Arsenal won', rupees(p1Win - p1Commission), 0],
    ],
  );
  t.match((await call('GET', '/api/profit-loss/mine', undefined, p2.token)).body.data, [{ pnl: 100, commission: 2 }]);
  // The statement's Bet settlement type: declared results and their revokes, and nothing else.
  const settlements = (await call('GET', '/api/transactions/statement?type=settlement', undefined, p1.token)).body
    .data as { kind: string }[];
  t.same(
    settlements.map((r) => r.kind),
    ['settlement', 'revoke', 'settlement'],
  );

  // Each line's Bets as that line settled them: the superseded one keeps its own result.
  const lines = settlements as unknown as { market_id: string; cause: { position: number } }[];
  const betsOf = async (line: { market_id: string; cause: { position: number } }) =>
    (
      await call(
        'GET',
        `/api/transactions/statement/bets?marketId=${line.market_id}&position=${line.cause.position}`,
        undefined,
        p1.token,
      )
    ).body;
  const [now, revoke, superseded] = await Promise.all(lines.map(betsOf));
  t.match(now, { line: 'settled', data: [{ _id: backBet._id, status: 'lost', pnl: -100 }] }, 'the current line: lost');
  t.match(
    superseded,
    { line: 'settled', data: [{ _id: backBet._id, status: 'won', pnl: rupees(p1Win) }] },
    'the revoked settlement: won, as it settled the bet then',
  );
  t.match(
    revoke,
    { line: 'revoked', data: [{ _id: backBet._id, status: 'won', pnl: rupees(p1Win) }] },
    'the revoke line: the settlement it reversed',
  );
  t.equal(superseded.data.length, 1, "only player1's own bet");
  t.match(
    await call(
      'GET',
      `/api/transactions/statement/bets?marketId=${MO}&position=${lines[2]!.cause.position}`,
      undefined,
      p2.token,
    ),
    { status: 200, body: { line: 'settled', data: [{ _id: layBet._id, status: 'lost' }] } },
    "one settlement, each player's own line: player2's lay of Arsenal, lost then",
  );
  t.match(
    await call('GET', `/api/transactions/statement/bets?marketId=${MO}&position=1`, undefined, p1.token),
    { status: 200, body: { line: null, data: [] } },
    'a position that is no settlement line of the player: no bets',
  );
  t.match(await call('GET', `/api/transactions/statement/bets?marketId=${MO}&position=-1`, undefined, p1.token), {
    status: 400,
    body: { message: 'position must be a log position (a whole number)' },
  });
  t.same(
    (await call('GET', '/api/transactions/statement?type=deposit', undefined, p1.token)).body.data.every(
      (r: { kind: string }) => r.kind === 'deposit',
    ),
    true,
  );
});

t.test('voiding a market releases the exposure and moves no money; a revoked void reopens the bets', async (t) => {
  const cricket = await detail('sim-101');
  const rate = best(cricket, 'sim-101.bm', 101, 'back').odds;
  const bet = (await call('POST', '/api/bets', betBody(cricket, 'sim-101.bm', 101, 'back', rate, 200, p3.id), p3.token))
    .body.bet;
  t.match(bet, {
    market_type: 'Bookmaker',
    odds: rate,
    potential_win: rupees(Math.floor((rate * 20_000) / 100)),
    potential_loss: 200,
  });
  t.same(await profile(p3.token), { balance: 25000, exposer: 200 });
  t.match(await call('POST', '/api/admin/markets/sim-101.bm/void', { transaction_password: TXN }, admin), {
    status: 200,
    body: { message: 'Market voided' },
  });
  t.same(await profile(p3.token), { balance: 25000, exposer: 0 });
  t.match((await call('GET', '/api/bets/mine?status=settled', undefined, p3.token)).body.data, [
    { _id: bet._id, status: 'void', pnl: 0 },
  ]);
  t.match((await detail('sim-101')).markets[1], { status: 'SETTLED', result: { void: true } });
  t.same(await statement(p3.token).then((rows) => rows.length), 1, 'only the opening deposit');
  t.match(await call('POST', '/api/admin/markets/sim-101.bm/revoke', { transaction_password: TXN }, admin), {
    status: 200,
  });
  t.same(await profile(p3.token), { balance: 25000, exposer: 200 });
  t.match((await call('GET', '/api/my_bets', undefined, p3.token)).body.data, [{ _id: bet._id, status: 'pending' }]);
});

t.test('market management: catalogue reads, settings, status, event management, news', async (t) => {
  t.match((await call('GET', '/api/admin/sports', undefined, admin)).body.data, [
    { id: 1, name: 'Soccer', matches: 1 },
    { id: 2, matches: 1 },
    { id: 4, matches: 2 },
  ]);
  t.same((await call('GET', '/api/admin/series/4', undefined, admin)).body.data, [
    { seriesId: 'sim-s-4-1', name: 'T20 League (simulated)', matches: 2 },
  ]);
  t.match(await call('GET', '/api/admin/series/x', undefined, admin), { status: 400 });
  t.same(
    (await call('GET', '/api/admin/matches/4?status=all', undefined, admin)).body.data.map(
      (m: { matchId: string }) => m.matchId,
    ),
    ['sim-101', 'sim-102'],
  );
  t.same(
    (await call('GET', '/api/admin/markets/sim-101?kind=FANCY', undefined, admin)).body.data.map(
      (m: { marketId: string }) => m.marketId,
    ),
    ['sim-101.f1', 'sim-101.f2', 'sim-101.f3'],
  );

  const saved = await call(
    'PUT',
    '/api/admin/markets/sim-301.mo/settings',
    { min: 200, max: '1000.50', betDelaySec: 0, commissionPercent: 2.5 },
    admin,
  );
  t.match(saved, {
    status: 200,
    body: { message: 'Market settings saved', data: { min: 200, max: 1000.5, betDelaySec: 0, commissionBp: 250 } },
  });
  t.match(
    await call(
      'PUT',
      '/api/admin/markets/sim-301.mo/settings',
      { min: 200, max: 100, betDelaySec: 0, commissionPercent: 2 },
      admin,
    ),
    { status: 400, body: { message: 'Max stake must not be below min stake' } },
  );
  t.match(
    await call(
      'PUT',
      '/api/admin/markets/sim-301.mo/settings',
      { min: 200, max: 300, betDelaySec: 0, commissionPercent: 2.555 },
      admin,
    ),
    { status: 400, body: { message: 'commissionPercent must be 0 to 100 with at most 2 decimals' } },
  );
  const tennis = await detail('sim-301');
  t.match(
    await call(
      'POST',
      '/api/bets',
      betBody(tennis, 'sim-301.mo', 401, 'back', best(tennis, 'sim-301.mo', 401, 'back').odds, 100, p1.id),
      p1.token,
    ),
    { status: 400, body: { message: 'Minimum stake is ₹200.00' } },
  );

  t.match(await call('PUT', '/api/admin/markets/sim-301.mo/status', { status: 'CLOSED' }, admin), {
    status: 200,
    body: { data: { status: 'CLOSED', section: [{ gstatus: 'CLOSED', odds: [] }, { gstatus: 'CLOSED' }] } },
  });
  const open = (await call('GET', '/api/admin/event-management?status=open', undefined, admin)).body.data;
  t.notOk(
    open.some((m: { marketId: string }) => m.marketId === MO),
    'the settled market is not open',
  );
  t.match(
    open.find((m: { marketId: string }) => m.marketId === 'sim-101.bm'),
    { matchName: 'Mumbai v Chennai', sportId: 4, betCount: 1 },
  );
  t.match((await call('GET', '/api/admin/event-management?status=settled', undefined, admin)).body.data, [
    { marketId: MO, betCount: 2, result: { selectionId: 302 } },
  ]);

  t.match(await call('PUT', '/api/messages', { text: '  Cup final tonight  ' }, admin), { status: 200 });
  t.same((await call('GET', '/api/messages', undefined, p1.token)).body, { data: { text: 'Cup final tonight' } });
  t.match(await call('PUT', '/api/messages', { text: 'x' }, dealer), { status: 403 });
});

t.test('the ledger proves out after all of it', async (t) => {
  await server.runner.waitFor(await server.store.head());
  const r = await verifyLedger(server.store);
  t.match(r, { ok: true, differenceCount: 0 });
});

/**
 * One privilege check for every path to a piece of data (DESIGN.md rule 8, docs/risk.md): every
 * back-office route names its privilege (fastify's route table walked), the websocket's rooms and
 * pushes follow the REST routes' privileges and the forced password change, and a lock set above
 * an account is not the account's to lift.
 *
 * The cast: master1's sub-login rsub1 (an agent) with a player of its own, rp1; rsub1 first holds
 * every privilege, then master1 restricts it to view-clients; last its password is reset.
 */
import t from 'tap';
import type { BetDto, MatchDetail } from '@exch/contracts';
import { DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import { caller } from '../helpers/api.js';
import { betBody, openSocket, type LiveFrames } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer({ feedTickMs: 3_600_000 });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = DEMO_TRANSACTION_PASSWORD;
const START = 'Start1234';
const OWN = 'Mine45678';
const MO = 'sim-201.mo';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const ARSENAL = 301;

const master = await tokenOf('master1');
const agent = await tokenOf('agent1');
const dealer = await tokenOf('dealer1');

/** An account created by `creator`, its forced password changed and its transaction password set: id and token. */
async function newAccount(creator: string, username: string, role: 'agent' | 'user') {
  const created = await call(
    'POST',
    '/api/users',
    {
      username,
      fullName: `Paths ${username}`,
      password: START,
      confirmPassword: START,
      role,
      creditReference: 0,
      exposureLimit: 0,
      transactionPassword: TXN,
    },
    creator,
  );
  if (created.status !== 201) throw new Error(`create ${username}: ${JSON.stringify(created.body)}`);
  const first = (await login(username, role !== 'user', START)).body.token as string;
  await call('POST', '/api/users/first-password', { newPassword: OWN, confirmPassword: OWN }, first);
  const token = (await login(username, role !== 'user', OWN)).body.token as string;
  if (role !== 'user')
    await call(
      'POST',
      '/api/users/transaction-password',
      { password: OWN, transactionPassword: TXN, confirmTransactionPassword: TXN },
      token,
    );
  return { id: created.body.user._id as string, token };
}

const rsub = await newAccount(master, 'rsub1', 'agent');
const rp1 = await newAccount(rsub.token, 'rp1', 'user');
for (const [from, to] of [
  [master, rsub.id],
  [rsub.token, rp1.id],
] as const)
  await call('POST', `/api/users/${to}/deposit`, { amount: 5_000, transactionPassword: TXN }, from);

const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, rp1.token)).body;
/** rp1 backs Arsenal at 1.01 (matched at once). */
async function rpBets(): Promise<BetDto> {
  const r = await call('POST', '/api/bets', betBody(detail, MO, ARSENAL, 'back', 1.01, 100, rp1.id), rp1.token);
  if (r.status !== 200) throw new Error(`bet refused: ${JSON.stringify(r.body)}`);
  return r.body.bet;
}

/** master1 on the tape: proof that a bet's pushes went out, so another socket's silence means something. */
const masterLive = await openSocket(server, master);
masterLive.send('joinRoom', { matchId: 'bet-tape' });
await masterLive.next('joined');
t.teardown(() => masterLive.close());

/** After master1 got the bet's tape frame (and a moment more), the frames of `live` naming the bet. */
async function framesAbout(live: LiveFrames, bet: BetDto): Promise<string[]> {
  await masterLive.next('tape', (d) => d.bet._id === bet._id);
  await new Promise((r) => setTimeout(r, 300));
  return ['tape', 'watchedBet', 'placedBet'].filter((event) =>
    live.all(event).some((d) => (d.bet?._id ?? d.bet?.bet?._id) === bet._id),
  );
}

/** A socket of `token` in the tape room and the match's room, both joined. */
async function onTapeAndMatch(token: string): Promise<LiveFrames> {
  const live = await openSocket(server, token);
  for (const matchId of ['bet-tape', 'sim-201']) {
    live.send('joinRoom', { matchId });
    await live.next('joined', (d) => d.matchId === matchId);
  }
  return live;
}

t.test("every back-office route names its privilege, on fastify's own route table", async (t) => {
  const routes = server.gateway.registered.filter((r) => r.url !== '/ws');
  t.ok(routes.length > 100, `${routes.length} routes`);
  t.same(
    routes.filter((r) => !r.route).map((r) => `${r.method} ${r.url}`),
    [],
    'every route is registered through route(), with its access',
  );
  const backOffice = routes.filter((r) => {
    const a = r.route?.access;
    return typeof a === 'object' || a === 'market-admin' || a === 'any' || a === 'password-change';
  });
  t.ok(backOffice.length > 90, `${backOffice.length} routes a back-office login can call`);
  t.same(
    backOffice.filter((r) => !r.route?.privilege).map((r) => `${r.method} ${r.url}`),
    [],
    'each names a privilege (or says it serves only the caller its own data)',
  );
  t.same(
    routes
      .filter((r) => r.url.startsWith('/api/admin/'))
      .filter((r) => typeof r.route?.access !== 'object' && r.route?.access !== 'market-admin')
      .map((r) => `${r.method} ${r.url}`),
    [],
    'every /api/admin/ route is for back-office logins only, with a privilege',
  );
  const privilegeOf = (method: string, url: string) =>
    routes.find((r) => r.method === method && r.url === url)?.route?.privilege;
  for (const [method, url] of [
    ['GET', '/api/admin/risk/settings'],
    ['PUT', '/api/admin/risk/big-bet'],
    ['PUT', '/api/admin/risk/watch'],
  ] as const)
    t.equal(privilegeOf(method, url), privilegeOf('GET', '/api/admin/bet-tape'), `${method} ${url}: the tape's`);
});

t.test('with every privilege, rsub1 gets its downline on the tape and its watched account', async (t) => {
  t.match(await call('PUT', '/api/admin/risk/watch', { userId: rp1.id, watched: true }, rsub.token), { status: 200 });
  const live = await onTapeAndMatch(rsub.token);
  t.teardown(() => live.close());
  const bet = await rpBets();
  t.same(await framesAbout(live, bet), ['tape', 'watchedBet', 'placedBet'], 'all three pushes, as before');
});

t.test('a revoked privilege stops the pushes at once; the restricted sub-login gets none', async (t) => {
  const live = await onTapeAndMatch(rsub.token);
  t.teardown(() => live.close());
  t.match(
    await call(
      'PUT',
      `/api/users/${rsub.id}/permissions-password`,
      { permissions: ['view-clients'], newPassword: null, confirmNewPassword: null, transactionPass: TXN },
      master,
    ),
    { status: 200 },
    'master1 restricts rsub1 to view-clients, its session kept',
  );
  t.match(await live.next('error'), { message: 'You do not have the privilege for this action' }, 'told');
  const bet = await rpBets();
  t.same(await framesAbout(live, bet), [], 'the open socket gets no bet frame');

  const fresh = await openSocket(server, rsub.token);
  t.teardown(() => fresh.close());
  fresh.send('joinRoom', { matchId: 'bet-tape' });
  t.match(await fresh.next('error'), { message: 'You do not have the privilege for this action' });
  fresh.send('joinRoom', { matchId: 'sim-201' });
  await fresh.next('joined');
  t.notOk(
    fresh.all('joined').some((d) => d.matchId === 'bet-tape'),
    'the tape room is refused at join',
  );
  const next = await rpBets();
  t.same(await framesAbout(fresh, next), [], 'a new socket gets none either');

  t.same(
    (await call('GET', '/api/users/downline', undefined, rsub.token)).status,
    200,
    'what it may see still answers',
  );
});

t.test('the three risk settings routes answer 403 without view-bets, as the bet tape does', async (t) => {
  for (const [method, url, body] of [
    ['GET', '/api/admin/bet-tape', undefined],
    ['GET', '/api/admin/risk/settings', undefined],
    ['PUT', '/api/admin/risk/big-bet', { amount: 500 }],
    ['PUT', '/api/admin/risk/watch', { userId: rp1.id, watched: true }],
  ] as const) {
    t.match(
      await call(method, url, body, rsub.token),
      { status: 403, body: { code: 'NO_PRIVILEGE' } },
      `${method} ${url}: rsub1 refused`,
    );
    t.equal((await call(method, url, body, master)).status, 200, `${method} ${url}: master1 served`);
  }
});

t.test("a deposit's screenshot needs the payment-requests privilege, as the request list does", async (t) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ amount: '1000', accountType: 'upi', utrno: '712345678901' })) form.append(k, v);
  form.append('imageUrl', new Blob([PNG], { type: 'image/png' }), 'paid.png');
  const sent = await fetch(`${server.url}/api/payments/deposits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rp1.token}` },
    body: form,
  });
  t.equal(sent.status, 201, 'rp1 asks for a deposit with its screenshot');
  const shot = `/api/payments/requests/${((await sent.json()) as { data: { _id: string } }).data._id}/screenshot`;
  for (let i = 0; i < 100 && (await call('GET', shot, undefined, rp1.token)).status !== 200; i++)
    await new Promise((r) => setTimeout(r, 50));
  t.equal((await call('GET', shot, undefined, rp1.token)).status, 200, 'the player sees its own');
  t.equal((await call('GET', shot, undefined, master)).status, 200, 'master1 sees it');
  t.match(
    await call('GET', shot, undefined, rsub.token),
    { status: 403, body: { code: 'NO_PRIVILEGE' } },
    'rsub1, its upline without payment-requests, does not',
  );
});

t.test('a reset password: the new session gets no back-office push until the password is changed', async (t) => {
  t.match(
    await call(
      'PUT',
      `/api/users/${rsub.id}/permissions-password`,
      { permissions: [], newPassword: 'Handed123', confirmNewPassword: 'Handed123', transactionPass: TXN },
      master,
    ),
    { status: 200 },
    'master1 gives back every privilege and hands over a new password',
  );
  const handed = (await login('rsub1', true, 'Handed123')).body.token as string;
  t.match(await call('GET', '/api/admin/bet-tape', undefined, handed), {
    status: 403,
    body: { code: 'PASSWORD_CHANGE_REQUIRED' },
  });
  const live = await openSocket(server, null);
  t.teardown(() => live.close());
  live.send('login', { token: handed });
  t.match(await live.next('error'), { message: 'Change your password before you continue' }, 'the socket login too');
  live.send('joinRoom', { matchId: 'bet-tape' });
  t.match(await live.next('error'), { message: 'Log in to join this room' });
  const bet = await rpBets();
  t.same(await framesAbout(live, bet), [], 'no bet frame');
  t.same(live.all('loginSuccess'), []);
});

t.test("a lock set above is not the dealer's to lift: Block and Bet Lock say so", async (t) => {
  const p1 = (await login('player1')).body as { token: string; user: { _id: string } };
  const p1Detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p1.token)).body;
  const bet = () => call('POST', '/api/bets', betBody(p1Detail, MO, ARSENAL, 'back', 1.01, 100, p1.user._id), p1.token);
  const target = { event_id: 'sim-201', market_type: 'MATCH_ODDS', market_id: MO };
  const betLock = (locked: boolean, token: string) =>
    call(
      'PUT',
      '/api/market-locks/sim-201',
      { userId: p1.user._id, is_locked: locked, lock_target: target, transaction_password: TXN },
      token,
    );
  t.match(
    await betLock(true, agent),
    { status: 200, body: { message: 'Betting locked' } },
    'agent1 locks player1 on the match odds',
  );
  const block = (locked: boolean, token: string) =>
    call(
      'POST',
      '/api/admin/risk/block',
      { event_id: 'sim-201', market_id: MO, locked, transaction_password: TXN },
      token,
    );
  t.match(await block(false, dealer), {
    status: 200,
    body: {
      message: 'Betting unlocked for 2 accounts and everyone under them; 1 account keeps a lock set above you',
      not_lifted: 1,
    },
  });
  t.match(await bet(), { status: 400, body: { code: 'MARKET_LOCKED' } }, "player1's bet is still refused");
  t.match(
    await betLock(false, dealer),
    {
      status: 403,
      body: {
        code: 'LOCK_SET_ABOVE',
        message: 'This lock was set above you: only the account that set it, or one above it, can lift it',
      },
    },
    "nor can dealer1's Bet Lock lift it",
  );
  t.match(await block(true, dealer), { status: 200 }, "dealer1's own block");
  t.match(await block(false, agent), {
    status: 200,
    body: { message: 'Betting unlocked for 1 account and everyone under them', not_lifted: 0 },
  });
  t.match(
    await bet(),
    { status: 400, body: { code: 'MARKET_LOCKED' } },
    "agent1's block did not touch dealer1's children",
  );
  t.match(
    await betLock(false, agent),
    { status: 200, body: { message: 'Betting unlocked', not_lifted: 0 } },
    'agent1 lifts its own lock on player1',
  );
  t.equal((await bet()).status, 200, 'player1 bets again');

  const p2 = (await login('player2')).body.user._id as string;
  t.match(
    await call('PUT', `/api/users/${p2}/lock`, { betLocked: true, transactionPassword: TXN }, agent),
    { status: 200 },
    'agent1 bet-locks player2',
  );
  t.match(await call('PUT', `/api/users/${p2}/lock`, { betLocked: false, transactionPassword: TXN }, dealer), {
    status: 403,
    body: { code: 'LOCK_SET_ABOVE' },
  });
  t.match(
    await call('PUT', `/api/users/${p2}/lock`, { betLocked: false, transactionPassword: TXN }, agent),
    { status: 200 },
    'agent1 lifts it',
  );
});

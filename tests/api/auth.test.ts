import t from 'tap';
import { createSigner } from 'fast-jwt';
import WebSocket from 'ws';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

const server = await startTestServer();
t.teardown(() => server.close());

const { call, login } = caller(server);

t.test('player login answers token, refresh token, role and the User of SPEC section 3', async (t) => {
  const r = await login('player1');
  t.equal(r.status, 200);
  t.match(r.body, {
    token: String,
    refreshToken: String,
    role: 'user',
    user: {
      username: 'player1',
      role: { slug: 'user', name: 'USER' },
      balance: { balance: 100000, exposer: 0 },
      creditRefrences: 100000,
      white_label_id: 'default',
    },
  });
  const profile = await call('GET', '/api/users/profile', undefined, r.body.token);
  t.equal(profile.status, 200);
  t.same(profile.body, r.body.user);
});

t.test('admin-side accounts log in at login-admin only, players at auth/login only', async (t) => {
  const admin = await login('master1', true);
  t.equal(admin.status, 200);
  t.match(admin.body, { role: 'smdl', user: { role: { name: 'Master' }, balance: { balance: 2000000 - 1000000 } } });
  t.match(await login('master1'), { status: 403, body: { message: 'Admin accounts sign in at /admin/login' } });
  t.match(await login('player2', true), { status: 403, body: { message: 'Player accounts sign in at /login' } });
});

t.test('chips were passed down the chain: balances are what each kept', async (t) => {
  const expected: Record<string, number> = {
    admin: 5_000_000,
    sadmin1: 3_000_000,
    master1: 1_000_000,
    agent1: 500_000,
    dealer1: 325_000,
  };
  for (const [username, balance] of Object.entries(expected)) {
    t.match((await login(username, true)).body.user.balance, { balance }, username);
  }
  t.match((await login('player3')).body.user.balance, { balance: 25_000 });
});

t.test('wrong credentials are 401 with a clear message, unknown users alike', async (t) => {
  t.match(await login('player2', false, 'nope'), { status: 401, body: { message: 'Invalid username or password' } });
  t.match(await login('nobody_here', false, 'x'), { status: 401, body: { message: 'Invalid username or password' } });
});

t.test('repeated failures are rate limited, per username and address', async (t) => {
  for (let i = 0; i < 5; i++) t.equal((await login('player3', false, 'bad')).status, 401);
  const limited = await login('player3', false, 'bad');
  t.equal(limited.status, 429);
  t.match(limited.body.message, /Too many failed login attempts/);
  t.equal((await login('player3')).status, 429, 'even the right password waits out the window');
  const spoofed = await fetch(server.url + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify({ username: 'player3', password: 'Demo@123' }),
  });
  t.equal(spoofed.status, 429, 'a made-up X-Forwarded-For does not reset the count');
  t.equal((await login('player2')).status, 200, 'other accounts are not affected');
});

t.test('a player token is refused on admin routes', async (t) => {
  const player = await login('player1');
  const admin = await login('admin', true);
  t.match(await call('GET', '/api/ops/projections', undefined, player.body.token), {
    status: 403,
    body: { message: 'Player accounts cannot use the admin area' },
  });
  t.match(await call('GET', '/api/ops/projections', undefined, admin.body.token), {
    status: 200,
    body: { data: [{ name: 'users', lag: Number }] },
  });
});

t.test('refresh tokens rotate; a reused one revokes the session', async (t) => {
  const first = await login('player2');
  const r1 = await call('POST', '/api/refresh-token', { refreshToken: first.body.refreshToken });
  t.equal(r1.status, 200);
  t.match(r1.body, { token: String, refreshToken: String, role: 'user' });
  t.not(r1.body.refreshToken, first.body.refreshToken);
  t.equal((await call('GET', '/api/users/profile', undefined, r1.body.token)).status, 200);
  const reuse = await call('POST', '/api/refresh-token', { refreshToken: first.body.refreshToken });
  t.match(reuse, { status: 401, body: { message: /invalid or expired/ } });
  t.equal(
    (await call('POST', '/api/refresh-token', { refreshToken: r1.body.refreshToken })).status,
    401,
    'the whole session is gone',
  );
  t.equal((await call('GET', '/api/users/profile', undefined, r1.body.token)).status, 401);
});

t.test('logout revokes the session: the access token stops working', async (t) => {
  const s = await login('player1');
  t.equal((await call('POST', '/api/auth/logout', { refreshToken: s.body.refreshToken }, s.body.token)).status, 200);
  t.match(await call('GET', '/api/users/profile', undefined, s.body.token), {
    status: 401,
    body: { message: 'Your session has ended, please log in again' },
  });
  t.equal((await call('POST', '/api/refresh-token', { refreshToken: s.body.refreshToken })).status, 401);
});

t.test('missing, forged and expired tokens', async (t) => {
  t.match(await call('GET', '/api/users/profile'), { status: 401, body: { message: 'No auth token' } });
  t.match(await call('GET', '/api/users/profile', undefined, 'not.a.jwt'), {
    status: 401,
    body: { message: 'jwt malformed' },
  });
  const forged = createSigner({ key: 'guessed-secret' })({ sub: 'x', role: 'admin', ctx: 'admin', sid: 'x' });
  t.match(await call('GET', '/api/users/profile', undefined, forged), {
    status: 401,
    body: { message: 'jwt malformed' },
  });
  const { rows } = await server.store.sql.query<{ value: string }>(
    `select value from gateway_secrets where name = 'jwt'`,
  );
  const expired = createSigner({ key: rows[0]!.value })({
    sub: 'x',
    role: 'user',
    ctx: 'player',
    sid: 'x',
    exp: Math.floor(Date.now() / 1000) - 60,
  });
  t.match(await call('GET', '/api/users/profile', undefined, expired), {
    status: 401,
    body: { message: 'jwt expired' },
  });
});

t.test('bad input gets a 4xx with a clear message and changes nothing', async (t) => {
  const head = await server.store.head();
  t.match(await call('POST', '/api/auth/login', undefined, undefined, '{"username": "player1", '), {
    status: 400,
    body: { message: 'Malformed JSON in request body' },
  });
  t.match(await call('POST', '/api/auth/login', { username: 'player1' }), {
    status: 400,
    body: { message: /password/ },
  });
  t.match(await call('POST', '/api/auth/login', { username: 42, password: 'x' }), {
    status: 400,
    body: { message: 'username must be text' },
  });
  t.match(await call('POST', '/api/auth/login', { username: 'a', password: 'b', extra: 1 }), {
    status: 400,
    body: { message: 'Unknown field: extra' },
  });
  t.match(await call('POST', '/api/auth/login', [1, 2]), { status: 400 });
  t.match(await call('POST', '/api/auth/login', { username: 'x'.repeat(70_000), password: 'y' }), { status: 413 });
  t.match(await call('POST', '/api/refresh-token', {}), { status: 400, body: { message: /refreshToken/ } });
  t.match(await call('GET', '/api/no-such-route'), {
    status: 404,
    body: { message: 'Route GET /api/no-such-route not found' },
  });
  const r = await fetch(server.url + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'hello',
  });
  t.ok(r.status >= 400 && r.status < 500, `text/plain body gets ${r.status}`);
  t.equal(await server.store.head(), head, 'the log did not move');
});

t.test('the websocket authenticates and pushes balance changes', async (t) => {
  const s = await login('player2');
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws');
  const frames: any[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
  await new Promise((r) => ws.once('open', r));
  t.teardown(() => ws.close());
  const next = async (event: string) => {
    for (let i = 0; i < 200; i++) {
      const f = frames.find((x) => x.event === event);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${event} frame`);
  };
  ws.send('not json');
  t.match(await next('error'), { data: { message: 'Malformed JSON frame' } });
  ws.send(JSON.stringify({ event: 'login', data: { token: s.body.token } }));
  t.match(await next('loginSuccess'), { data: { userId: s.body.user._id, role: 'user' } });
  ws.send(JSON.stringify({ event: 'joinRoom', data: { matchId: 123 } }));
  t.match(await next('joined'), { data: { matchId: '123' } });
  // A real ledger movement through the engine: the dealer deposits to player2.
  const dealer = (await login('dealer1', true)).body.user;
  const r = await server.engine.execute({
    commandId: 'ws-test-deposit',
    correlationId: 'c',
    actor: dealer._id,
    ip: null,
    device: null,
    at: new Date().toISOString(),
    command: {
      type: 'TransferChips',
      fromUserId: dealer._id,
      toUserId: s.body.user._id,
      amount: 1_234_56,
      remark: 'test',
    },
  });
  t.match(r, { ok: true });
  t.match(await next('balance'), { event: 'balance', data: { balance: 50_000 + 1_234.56, exposer: 0 } });
});

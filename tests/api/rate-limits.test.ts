/**
 * Rate limits (docs/rate-limits.md), on a server with small ones: bet instructions per account
 * (429 with Retry-After, nothing journalled, other accounts unaffected, refilled after the wait; a
 * malformed or refused one costs nothing), back-office writes per login, failed logins per account
 * and per address, and the websocket's budgets per socket and per address.
 */
import t from 'tap';
import WebSocket from 'ws';
import type { MatchDetail } from '@exch/contracts';
import { caller } from '../helpers/api.js';
import { betBody, best } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer({
  feedTickMs: 3_600_000,
  trustProxy: true,
  limits: {
    bets: { burst: 3, perSecond: 0.5 },
    backOfficeWrites: { burst: 4, perSecond: 0.01 },
    loginAccount: { burst: 3, perSecond: 1 / 60 },
    loginAddress: { burst: 4, perSecond: 1 / 60 },
    wsMessagesPerSecond: 5,
    wsAddressMessagesPerSecond: 12,
    wsConnectionsPerAddress: 6,
    wsRoomsPerSocket: 3,
  },
});
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const MO = 'sim-201.mo'; // not in play: no bet delay
const ARSENAL = 301;

/** A call from a given address (the server trusts X-Forwarded-For), with its Retry-After. */
async function send(
  method: string,
  path: string,
  body: unknown,
  opts: { token?: string; ip?: string } = {},
): Promise<{ status: number; body: any; retryAfter: string | null }> {
  const r = await fetch(server.url + path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json(), retryAfter: r.headers.get('retry-after') };
}

const loginFrom = (ip: string, username: string, password = 'Demo@123') =>
  send('POST', '/api/auth/login', { username, password }, { ip });

t.test(
  'bet instructions: a burst over the limit is 429 with Retry-After, journals nothing, spares other accounts, refills',
  async (t) => {
    const p1 = (await login('player1')).body;
    const p2 = (await login('player2')).body;
    const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p1.token)).body;
    const lay = best(detail, MO, ARSENAL, 'lay').odds;
    const bet = (who: { token: string; user: { _id: string } }) =>
      send('POST', '/api/bets', betBody(detail, MO, ARSENAL, 'back', lay, 100, who.user._id), { token: who.token });

    const burst = await Promise.all([bet(p1), bet(p1), bet(p1)]);
    t.same(
      burst.map((r) => r.status),
      [200, 200, 200],
      'the burst of 3 is accepted',
    );
    const head = await server.store.head();
    const over = await bet(p1);
    t.equal(over.status, 429, 'the 4th at once is refused');
    t.match(over.body, {
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_BET_INSTRUCTIONS',
      message: /^Too many bet instructions: try again in \d+ s$/,
    });
    t.ok(Number(over.retryAfter) >= 1, `Retry-After ${over.retryAfter} in whole seconds`);
    t.equal(
      over.body.message,
      `Too many bet instructions: try again in ${over.retryAfter} s`,
      'the message says the same wait',
    );
    // Cancelling, cash out and auto cash-out settings are bet instructions too.
    const betId = burst[0]!.body.bet_id as string;
    t.equal(
      (await send('PATCH', `/api/bets/${betId}/status`, { status: 'cancelled' }, { token: p1.token })).status,
      429,
      'a cancel is refused',
    );
    t.equal(
      (await send('POST', '/api/bets/cash-out', { market_id: MO, selection: ARSENAL, value: 1 }, { token: p1.token }))
        .status,
      429,
      'a cash out is refused',
    );
    t.equal(
      (
        await send(
          'PUT',
          '/api/bets/auto-cash-out',
          { market_id: MO, selection: ARSENAL, profit_target: 500, loss_limit: null },
          { token: p1.token },
        )
      ).status,
      429,
      'an auto cash-out setting is refused',
    );
    t.equal(await server.store.head(), head, 'nothing refused reached the log');

    t.equal((await bet(p2)).status, 200, "another account's bet is accepted meanwhile");

    await new Promise((r) => setTimeout(r, Number(over.retryAfter) * 1000));
    t.equal((await bet(p1)).status, 200, 'after Retry-After the bucket has refilled');
  },
);

t.test('a malformed or refused bet instruction costs no token: 40 of them, then a valid bet is accepted', async (t) => {
  const p3 = (await login('player3')).body;
  const p2 = (await login('player2')).body;
  const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p3.token)).body;
  const lay = best(detail, MO, ARSENAL, 'lay').odds;
  const body = (stake: number | string, userId = p3.user._id) =>
    betBody(detail, MO, ARSENAL, 'back', lay, stake, userId);
  const statuses = async (bodies: Record<string, unknown>[]) => [
    ...new Set(
      (await Promise.all(bodies.map((b) => send('POST', '/api/bets', b, { token: p3.token })))).map((r) => r.status),
    ),
  ];
  t.same(await statuses(Array.from({ length: 40 }, () => body('abc'))), [400], '40 with stake "abc": each a 400');
  t.same(
    await statuses(Array.from({ length: 10 }, () => body(100, p2.user._id))),
    [403],
    "10 naming another player's user_id: each a 403",
  );
  t.same(
    await statuses(Array.from({ length: 10 }, () => ({ ...body(100), market_id: 'sim-201.nope' }))),
    [404],
    '10 on a market that is not there: each a 404',
  );
  t.equal((await send('POST', '/api/bets', body(100), { token: p3.token })).status, 200, 'the valid bet is accepted');
});

t.test(
  "back-office writes: a burst over the login's limit is 429 with Retry-After; reads, other logins and the trail stay usable",
  async (t) => {
    const dealer = await tokenOf('dealer1');
    const agent = await tokenOf('agent1');
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send('PUT', '/api/admin/risk/big-bet', { amount: 1000 + i }, { token: dealer }),
      ),
    );
    t.equal(burst.filter((r) => r.status === 200).length, 4, 'the burst of 4 is served');
    const over = burst.filter((r) => r.status === 429);
    t.equal(over.length, 46, 'the rest are refused');
    t.match(over[0]!.body, {
      statusCode: 429,
      code: 'TOO_MANY_BACK_OFFICE_WRITES',
      message: /^Too many back-office changes: try again in \d+ s$/,
    });
    t.ok(Number(over[0]!.retryAfter) >= 1, `Retry-After ${over[0]!.retryAfter}`);
    t.equal(
      (await send('PUT', '/api/admin/risk/big-bet', { amount: 5 }, { token: agent })).status,
      200,
      "another login's write is served",
    );
    t.equal((await call('GET', '/api/admin/risk/settings', undefined, dealer)).status, 200, 'a read spends nothing');
    const admin = await tokenOf('admin');
    const trail = await call(
      'GET',
      '/api/admin/audit?actor=dealer1&action=big-bet-threshold&limit=100',
      undefined,
      admin,
    );
    t.match(trail, { status: 200, body: { pagination: { total: 4 } } }, "the trail holds the burst's 4 rows, no more");
    const csv = await call('GET', '/api/admin/audit.csv', undefined, admin);
    t.equal(csv.status, 200, 'the whole trail still exports');
    t.equal((csv.body as string).split('\r\n').filter((l) => l.includes('big-bet-threshold')).length, 5);
  },
);

t.test(
  'failed logins per account, from any address: 429, but not for an address the owner logged in from',
  async (t) => {
    t.equal((await loginFrom('198.51.100.7', 'player3')).status, 200, 'the owner logs in from home');
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      t.equal((await loginFrom(ip, 'player3', 'guess')).status, 401, `a guess from ${ip}`);
    const limited = await loginFrom('203.0.113.4', 'player3', 'guess');
    t.match(limited, {
      status: 429,
      body: {
        code: 'TOO_MANY_LOGINS_FOR_ACCOUNT',
        message: /^Too many failed logins for this account: try again in \d+ s$/,
      },
    });
    t.ok(Number(limited.retryAfter) >= 1, `Retry-After ${limited.retryAfter}`);
    t.equal(
      (await loginFrom('203.0.113.5', 'player3')).status,
      429,
      'even the right password from a new address waits',
    );
    t.equal((await loginFrom('198.51.100.7', 'player3')).status, 200, 'the owner still logs in from a known address');
    t.equal((await loginFrom('203.0.113.6', 'nobody-here', 'x')).status, 401, 'other names are not limited');
  },
);

t.test('failed logins per address, for any account; successful logins do not count', async (t) => {
  for (let i = 0; i < 6; i++)
    t.equal((await loginFrom('192.0.2.10', 'player1')).status, 200, `successful login ${i + 1} from one address`);
  for (const name of ['ghost1', 'ghost2', 'ghost3', 'ghost4'])
    t.equal((await loginFrom('192.0.2.50', name, 'x')).status, 401, `a guess at ${name}`);
  const limited = await loginFrom('192.0.2.50', 'player1');
  t.match(limited, {
    status: 429,
    body: {
      code: 'TOO_MANY_LOGINS_FROM_ADDRESS',
      message: /^Too many failed logins from this address: try again in \d+ s$/,
    },
  });
  t.ok(Number(limited.retryAfter) >= 1, `Retry-After ${limited.retryAfter}`);
  t.equal((await loginFrom('192.0.2.51', 'player1')).status, 200, 'another address is not limited');
});

t.test('a websocket sending more messages a second than the limit is closed with 1008 and a reason', async (t) => {
  const open = async () => {
    const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws');
    await new Promise((r) => ws.once('open', r));
    return ws;
  };
  const calm = await open();
  t.teardown(() => calm.close());
  let pongs = 0;
  calm.on('message', () => pongs++);
  const flood = await open();
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    flood.once('close', (code, reason) => r({ code, reason: reason.toString() })),
  );
  const ping = JSON.stringify({ event: 'ping', data: {} });
  for (let i = 0; i < 20; i++) flood.send(ping);
  t.same(await closed, { code: 1008, reason: 'Too many messages: more than 5 a second' });
  for (let i = 0; i < 5; i++) calm.send(ping);
  await new Promise((r) => setTimeout(r, 1100));
  for (let i = 0; i < 5; i++) calm.send(ping);
  await new Promise((r) => setTimeout(r, 300));
  t.equal(calm.readyState, WebSocket.OPEN, 'a socket at the limit, second after second, stays open');
  t.equal(pongs, 10, 'and every message is answered');
});

/** A websocket from an address (the server trusts X-Forwarded-For), with how it closed once it does. */
async function socketFrom(ip: string) {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws', { headers: { 'x-forwarded-for': ip } });
  // Null if it is still open after 10 s: a socket that should have been closed fails the test, not its time limit.
  const closed = new Promise<{ code: number; reason: string } | null>((r) => {
    ws.once('close', (code, reason) => r({ code, reason: reason.toString() }));
    setTimeout(() => r(null), 10_000).unref();
  });
  const frames: { event: string; data: any }[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
  await new Promise((r) => ws.once('open', r));
  return { ws, closed, frames };
}

t.test('websockets per address: one more than the limit is closed with a reason; others are not', async (t) => {
  const six = await Promise.all(Array.from({ length: 6 }, () => socketFrom('198.18.0.1')));
  t.teardown(() => {
    for (const s of six) s.ws.close();
  });
  const seventh = await socketFrom('198.18.0.1');
  t.same(await seventh.closed, { code: 1008, reason: 'Too many connections from your address: at most 6' });
  const elsewhere = await socketFrom('198.18.0.2');
  t.teardown(() => elsewhere.ws.close());
  elsewhere.ws.send(JSON.stringify({ event: 'ping', data: {} }));
  for (let i = 0; i < 100 && elsewhere.frames.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.same(elsewhere.frames, [{ event: 'pong', data: {} }], 'another address connects');
  six[0]!.ws.close();
  await six[0]!.closed;
  const again = await socketFrom('198.18.0.1');
  t.teardown(() => again.ws.close());
  again.ws.send(JSON.stringify({ event: 'ping', data: {} }));
  for (let i = 0; i < 100 && again.frames.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.same(again.frames, [{ event: 'pong', data: {} }], 'a place freed is taken again');
});

t.test("frames per address: many sockets each under their own limit are closed past the address's", async (t) => {
  const sockets = await Promise.all(Array.from({ length: 5 }, () => socketFrom('198.18.1.1')));
  const ping = JSON.stringify({ event: 'ping', data: {} });
  // 25 frames, 5 a socket (each at its own limit): however a second's edge splits them, one second holds more than 12.
  for (const s of sockets) for (let i = 0; i < 5; i++) s.ws.send(ping);
  const first = await Promise.race(sockets.map((s) => s.closed));
  t.same(first, { code: 1008, reason: 'Too many messages from your address: more than 12 a second' });
  for (const s of sockets) s.ws.close();
  t.ok(
    sockets.reduce((n, s) => n + s.frames.filter((f) => f.event === 'pong').length, 0) < 25,
    'frames past the budget are not answered',
  );
});

t.test('rooms per socket: a join past the limit is refused with a reason, and the socket stays', async (t) => {
  const s = await socketFrom('198.18.2.1');
  t.teardown(() => s.ws.close());
  for (const room of ['sim-101', 'sim-201', 'lobby', 'made-up-1', 'sim-101'])
    s.ws.send(JSON.stringify({ event: 'joinRoom', data: { matchId: room } }));
  for (let i = 0; i < 100 && s.frames.length < 5; i++) await new Promise((r) => setTimeout(r, 20));
  t.same(s.frames, [
    { event: 'joined', data: { matchId: 'sim-101' } },
    { event: 'joined', data: { matchId: 'sim-201' } },
    { event: 'joined', data: { matchId: 'lobby' } },
    { event: 'error', data: { message: 'Too many rooms: at most 3 on one connection' } },
    { event: 'joined', data: { matchId: 'sim-101' } },
  ]);
  t.equal(s.ws.readyState, WebSocket.OPEN);
});

t.test('the OpenAPI lists the 429 of every rate-limited route, and of no other', async (t) => {
  const { paths } = (await call('GET', '/api/openapi.json')).body;
  for (const [path, method] of [
    ['/api/bets', 'post'],
    ['/api/bets/{id}/status', 'patch'],
    ['/api/bets/cash-out', 'post'],
    ['/api/bets/auto-cash-out', 'put'],
    ['/api/auth/login', 'post'],
    ['/api/login-admin', 'post'],
    ['/api/admin/risk/big-bet', 'put'],
    ['/api/users', 'post'],
    ['/api/admin/markets/{marketId}/status', 'put'],
  ] as const)
    t.match(
      paths[path][method].responses['429'],
      { headers: { 'Retry-After': { schema: { type: 'integer' } } } },
      `${method.toUpperCase()} ${path}`,
    );
  t.equal(paths['/api/my_bets'].get.responses['429'], undefined, 'a read spends no instruction');
  t.equal(paths['/api/admin/audit'].get.responses['429'], undefined, 'nor a back-office read');
  t.equal(paths['/api/alluserbetList'].post.responses['429'], undefined, 'nor a POST that only reads');
});

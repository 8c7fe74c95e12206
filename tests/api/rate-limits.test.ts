/**
 * Rate limits (docs/rate-limits.md), on a server with small ones: bet instructions per account
 * (429 with Retry-After, nothing journalled, other accounts unaffected, refilled after the wait),
 * failed logins per account and per address, and a websocket that floods messages.
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
    loginAccount: { burst: 3, perSecond: 1 / 60 },
    loginAddress: { burst: 4, perSecond: 1 / 60 },
    wsMessagesPerSecond: 5,
  },
});
t.teardown(() => server.close());
const { call, login } = caller(server);
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

t.test('the OpenAPI lists the 429 of every rate-limited route, and of no other', async (t) => {
  const { paths } = (await call('GET', '/api/openapi.json')).body;
  for (const [path, method] of [
    ['/api/bets', 'post'],
    ['/api/bets/{id}/status', 'patch'],
    ['/api/bets/cash-out', 'post'],
    ['/api/bets/auto-cash-out', 'put'],
    ['/api/auth/login', 'post'],
    ['/api/login-admin', 'post'],
  ] as const)
    t.match(
      paths[path][method].responses['429'],
      { headers: { 'Retry-After': { schema: { type: 'integer' } } } },
      `${method.toUpperCase()} ${path}`,
    );
  t.equal(paths['/api/my_bets'].get.responses['429'], undefined, 'a read spends no instruction');
});

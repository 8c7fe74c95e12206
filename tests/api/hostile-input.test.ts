/**
 * The cases an outside fuzzer found (issue 9), each one exactly: text the journal refuses, 500s for
 * input a client can send, numbers read too loosely, and the headers every answer carries.
 */
import t from 'tap';
import type { MatchDetail } from '@exch/contracts';
import { caller } from '../helpers/api.js';
import { betBody, best } from '../helpers/exchange.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';

// The feed simulator with a fixed seed that never ticks during the test: prices stay as read.
// 30 bets of one player at once: faster than the bet limit lets a person (FAST_CLIENT_LIMITS).
const server = await startTestServer({ feedTickMs: 3_600_000, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);

const p1 = (await login('player1')).body;
const p2 = (await login('player2')).body;
const admin = await tokenOf('admin');
const agent = await tokenOf('agent1');
const MO = 'sim-201.mo'; // not in play: no bet delay
const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p1.token)).body;
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

t.test("poisoned bets of one player never fail another player's bets sent at the same moment", async (t) => {
  const lay = best(detail, MO, 301, 'lay').odds;
  const valid = Array.from({ length: 30 }, () =>
    call('POST', '/api/bets', betBody(detail, MO, 301, 'back', lay, 100, p1.user._id), p1.token),
  );
  const poisoned = Array.from({ length: 15 }, (_, i) =>
    call(
      'POST',
      '/api/bets',
      { ...betBody(detail, MO, 301, 'back', lay, 100, p2.user._id), reference_id: i % 2 ? NUL : LONE },
      p2.token,
    ),
  );
  const [ok, refused] = await Promise.all([Promise.all(valid), Promise.all(poisoned)]);
  t.same(
    ok.map((r) => r.status),
    ok.map(() => 200),
    'all 30 valid bets accepted',
  );
  t.same(
    refused.map((r) => r.status),
    refused.map(() => 400),
    'all 15 poisoned bets refused with 400',
  );
  t.match(refused[0]!.body, { message: 'reference_id contains characters that are not allowed' });
  t.ok(server.engine.running, 'the engine never stopped');
});

t.test('NUL and lone surrogates in text fields are 400s naming the field, and change nothing', async (t) => {
  const head = await server.store.head();
  const txn = 'Txn@1234';
  const cases: [string, string, unknown, string, RegExp][] = [
    [
      'POST',
      '/api/users',
      {
        username: 'fuzz_user',
        fullName: NUL,
        password: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
        role: 'dl',
        creditReference: 0,
        exposureLimit: 0,
        transactionPassword: txn,
      },
      agent,
      /^Full name contains characters/,
    ],
    [
      'PUT',
      '/api/betting-buttons',
      { sportsButtons: [{ label: LONE, value: 100 }], casinoButtons: [{ label: '1', value: 1 }] },
      p1.token,
      /label contains characters/,
    ],
    ['PUT', '/api/messages', { text: NUL }, admin, /^The message contains characters/],
  ];
  const dealer = (await call('GET', '/api/users/downline', undefined, agent)).body.users[0]._id as string;
  cases.push([
    'POST',
    `/api/users/${dealer}/deposit`,
    { amount: 1, remark: LONE, transactionPassword: txn },
    agent,
    /^Remark contains characters/,
  ]);
  for (const [method, path, body, token, message] of cases) {
    const r = await call(method, path, body, token);
    t.equal(r.status, 400, `${method} ${path}`);
    t.match(r.body.message, message);
  }
  t.equal(await server.store.head(), head, 'nothing journalled');
});

t.test('no 500 for what the fuzzer sent', async (t) => {
  const no5xx = async (method: string, path: string, body: unknown, token?: string) => {
    const r = await call(method, path, body, token);
    t.ok(
      r.status >= 400 && r.status < 500,
      `${method} ${path} ${JSON.stringify(body) ?? ''}: ${r.status} ${JSON.stringify(r.body)}`,
    );
    return r;
  };
  t.match((await no5xx('POST', '/api/auth/login', { username: NUL, password: 'x' })).body, {
    statusCode: 400,
    message: 'username contains characters that are not allowed',
  });
  t.match((await no5xx('GET', `/api/users/downline?search=${encodeURIComponent(NUL)}`, undefined, agent)).body, {
    message: 'search contains characters that are not allowed',
  });
  t.match(
    (await no5xx('GET', `/api/transactions/statement?userId=${encodeURIComponent(NUL)}`, undefined, agent)).body,
    { message: 'userId contains characters that are not allowed' },
  );
  t.match(
    (
      await no5xx(
        'POST',
        '/api/bets',
        { ...betBody(detail, MO, 301, 'back', 2, 100, p1.user._id), market_id: NUL },
        p1.token,
      )
    ).body,
    { message: 'market_id contains characters that are not allowed' },
  );
  t.match((await no5xx('GET', `/api/matches/${encodeURIComponent(NUL)}`, undefined, p1.token)).body, {
    message: 'matchId contains characters that are not allowed',
  });
  for (const [path, token] of [
    ['/api/transactions/statement?from=2026-02-30', p1.token],
    ['/api/bets/mine?to=2026-02-30', p1.token],
    ['/api/profit-loss/mine?from=2026-02-30', p1.token],
    ['/api/bets/event/sim-201/categorized?startDate=2026-02-30', agent],
    ['/api/bets/event/sim-201/categorized?endDate=2026-13-01T10:00', agent],
  ] as const) {
    t.match((await no5xx('GET', path, undefined, token)).body, { message: /^Invalid date in / }, path);
  }
});

t.test('odds, stakes and amounts are plain decimals only: no hex, exponent, Infinity or negative zero', async (t) => {
  const head = await server.store.head();
  const bet = (change: Record<string, unknown>) =>
    call('POST', '/api/bets', { ...betBody(detail, MO, 301, 'back', 2, 100, p1.user._id), ...change }, p1.token);
  for (const odds of ['0x10', '1e1', 'Infinity', 'NaN', '-0', '1.5e0', ' 0x2 '])
    t.match(
      await bet({ odds }),
      { status: 400, body: { message: /^Odds must (be a number|not be negative)/ } },
      `odds ${odds}`,
    );
  for (const stake of ['0x64', '1e2', 'Infinity', '-0'])
    t.match(
      await bet({ stake }),
      { status: 400, body: { message: /^Stake must (be a number|not be negative)/ } },
      `stake ${stake}`,
    );
  t.match(
    await call(
      'POST',
      '/api/bets',
      undefined,
      p1.token,
      JSON.stringify(betBody(detail, MO, 301, 'back', 2, 100, p1.user._id)).replace('"stake":100', '"stake":-0'),
    ),
    { status: 400, body: { message: 'Stake must be a number' } },
    'a JSON -0',
  );
  t.equal(await server.store.head(), head, 'no bet journalled');
});

t.test('security headers on pages and API answers; API answers are not cached', async (t) => {
  const page = await fetch(`${server.url}/login`);
  const csp = page.headers.get('content-security-policy') ?? '';
  t.match(csp, /default-src 'self'/);
  t.match(csp, /frame-ancestors 'none'/);
  t.match(csp, /script-src 'self'(;|$)/, 'no inline scripts');
  t.equal(page.headers.get('x-content-type-options'), 'nosniff');
  t.equal(page.headers.get('x-frame-options'), 'DENY');
  t.equal(page.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  const api = await fetch(`${server.url}/api/users/profile`, { headers: { authorization: `Bearer ${p1.token}` } });
  t.equal(api.headers.get('cache-control'), 'no-store');
  const refused = await fetch(`${server.url}/api/users/profile`);
  t.equal(refused.status, 401);
  t.equal(refused.headers.get('cache-control'), 'no-store', 'refusals too');
});

t.test('the OpenAPI description lists every route fastify has, generated from their schemas', async (t) => {
  const doc = (await call('GET', '/api/openapi.json')).body;
  const listed = new Set(
    Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
  const registered = server.gateway.registered.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
  t.ok(registered.length >= 60, `${registered.length} routes registered`);
  t.same(
    registered.filter((r) => !listed.has(r)),
    [],
    'every registered route is described',
  );
  t.same(
    [...listed].filter((r) => !registered.includes(r)),
    [],
    'nothing described that is not a route',
  );
  const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
  t.same(
    [...new Set(refs)].filter((name) => !(name in doc.components.schemas)),
    [],
    'every $ref resolves',
  );
  t.match(
    doc.paths['/api/bets'].post.requestBody.content['application/json'].schema,
    { properties: { odds: {}, stake: {}, reference_id: { maxLength: 64 } } },
    'the body schema is the one the route validates with',
  );
  t.match(doc.paths['/api/matches/{matchId}'].get.parameters, [
    { name: 'matchId', in: 'path', required: true, schema: { type: 'string', maxLength: 100 } },
  ]);
});

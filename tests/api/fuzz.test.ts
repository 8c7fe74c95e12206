/**
 * A seeded fuzzer in the suite: every route fastify has (so a new route is fuzzed without anyone
 * remembering to), hostile requests as no one, a player and an admin. No answer may be a 5xx, the
 * server must still answer, and no demo account's balance or exposure may move.
 * FUZZ_SEED replays a failing run; FUZZ_REQUESTS sets how many (at least 10,000 by default).
 */
import t from 'tap';
import { DEMO_ACCOUNTS } from '@exch/server';
import { caller } from '../helpers/api.js';
import { prng } from '../engine/fixtures.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const TIME_LIMIT_MS = 150_000;

// Thousands of requests: without FAST_CLIENT_LIMITS most bet and login probes would stop at a 429, short of the code they fuzz.
const server = await startTestServer({ feedTickMs: 3_600_000, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, tokenOf } = caller(server);
const rng = prng(SEED);

const LONG = 'x'.repeat(70_000);
const STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\u001b[31m',
  '\r\n',
  '💥',
  '<script>alert(1)</script>',
  "'; drop table events; --",
  '../../etc/passwd',
  '%00',
  '2026-02-30',
  '2026-02-29',
  '0000-00-00',
  '2026-13-01T25:61',
  '2026-11-24T10:00:00+99:00',
  '0x10',
  '1e1',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '-1',
  '9'.repeat(400),
  'a'.repeat(300),
  LONG,
  'sim-101',
  'sim-201.mo',
  '__proto__',
  'true',
  'null',
];
/** Values a field of that name is most likely to choke on: broken dates for date filters, odd numbers for amounts and pages. */
const LIKELY: [RegExp, string[]][] = [
  [
    /date|^from$|^to$|^at$/i,
    ['2026-02-30', '2026-02-29', '0000-00-00', '9999-12-31T23:59:60', '2026-11-24T10:00:00+99:00', '2026-1-1'],
  ],
  [
    /page|limit|amount|stake|odds|min|max|value|rate|line|runs|volume/i,
    ['0x10', '1e1', '-0', 'Infinity', '99999999999999999999', '0.001', ''],
  ],
];
const valueFor = (key: string): string => {
  const likely = LIKELY.find(([re]) => re.test(key));
  return likely && rng.chance(0.5) ? rng.pick(likely[1]) : String(rng.pick(STRINGS));
};
const NUMBERS = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1e-7, 0.001, 123456789012345];
const scalar = (): unknown =>
  rng.pick([
    () => rng.pick(STRINGS),
    () => rng.pick(NUMBERS),
    () => rng.chance(0.5),
    () => null,
    () => [rng.pick(STRINGS)],
    () => ({ x: rng.pick(STRINGS) }),
  ])();
/** Raw JSON the serialiser would not write: negative zero, exponents, prototype keys, broken text. */
const RAW = [
  '{',
  '{"a":',
  '[',
  'nul',
  '"\\u0000"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"amount":-0}',
  '{"stake":1e400}',
  '[[[[[[[[[[]]]]]]]]]]',
  '\u0000',
  '{"a":1,"a":2}',
];

/** URL-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) goes as the raw bytes a hostile client could send. */
const enc = (s: string): string =>
  s
    .replace(/[\ud800-\udfff]/g, (c) => `\u0001${c.charCodeAt(0).toString(16)}\u0001`)
    .split('\u0001')
    .map((part, i) => (i % 2 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

interface Probe {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

interface FieldSchema {
  enum?: string[];
  default?: string;
}
const doc = (await call('GET', '/api/openapi.json')).body as {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, FieldSchema> } }> };
        parameters?: { name: string; in: string; schema: FieldSchema }[];
      }
    >
  >;
};
const routes = server.gateway.registered.filter((r) => r.url !== '/ws');
const fields = (method: string, url: string) => {
  const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  return {
    body: Object.entries(op?.requestBody?.content['application/json']?.schema.properties ?? {}),
    query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema] as const),
  };
};

/** Mostly one hostile field among valid ones, so the hostile value gets past the other fields' checks: an enum's or default's valid value half the time. */
const fieldValue = (key: string, schema: FieldSchema | undefined): string | undefined => {
  const valid = schema?.enum ?? (schema?.default !== undefined ? [schema.default] : null);
  if (valid && rng.chance(0.5)) return rng.pick(valid);
  if (rng.chance(0.3)) return undefined;
  return valueFor(key);
};

/** The n-th probe: routes in turn, and each route's turns through the identities, so every route gets every caller. */
function probe(n: number, tokens: (string | null)[]): Probe {
  const route = routes[n % routes.length]!;
  const known = fields(route.method, route.url);
  const token = tokens[Math.floor(n / routes.length) % tokens.length]!;
  // Path parameters: hostile text, always URL-encoded as a browser would send it.
  let url = route.url.replace(/:(\w+)/g, () => enc(String(rng.pick(STRINGS)).slice(0, 2_000)) || 'x');
  const query = [
    ...known.query,
    ...(rng.chance(0.2)
      ? ([
          ['junk', undefined],
          ['__proto__', undefined],
        ] as const)
      : []),
  ]
    .map(([k, schema]) => [k, fieldValue(k, schema)] as const)
    .filter(([, value]) => value !== undefined)
    .flatMap(([k, value]) =>
      Array.from({ length: rng.chance(0.1) ? 2 : 1 }, () => `${enc(k)}=${enc(value!.slice(0, 2_000))}`),
    );
  if (query.length > 0) url += `?${query.join('&')}`;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (route.method === 'GET' || route.method === 'DELETE') return { method: route.method, url, headers };
  const shape = rng.int(0, 9);
  if (shape <= 5) {
    const body: Record<string, unknown> = {};
    for (const [k, schema] of known.body)
      if (rng.chance(0.7)) body[k] = rng.chance(0.5) ? fieldValue(k, schema) : scalar();
    if (rng.chance(0.2)) body[rng.pick(['junk', 'constructor', 'prototype'])] = scalar();
    return {
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
  }
  if (shape <= 7)
    return {
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      body: rng.pick(RAW),
    };
  if (shape === 8)
    return {
      method: route.method,
      url,
      headers: {
        ...headers,
        'content-type': rng.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=latin1',
        ]),
      },
      body: 'a=1&b=\u0000',
    };
  return {
    method: route.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(scalar()),
  };
}

async function holdings(): Promise<Record<string, { balance: number; exposure: number }>> {
  const view = server.engine.view;
  return Object.fromEntries(
    DEMO_ACCOUNTS.map((a) => {
      const id = view.usernames[a.username]!;
      return [a.username, { balance: view.balances.get(`wallet:${id}`) ?? 0, exposure: view.exposure.get(id) ?? 0 }];
    }),
  );
}

t.test(
  `${REQUESTS} hostile requests on every route (seed ${SEED}): no 5xx, the server still answers, no money moves`,
  async (t) => {
    const tokens = [null, await tokenOf('player2', false), await tokenOf('admin'), await tokenOf('agent1')];
    const before = await holdings();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    let sent = 0;
    while (sent < REQUESTS && Date.now() - started < TIME_LIMIT_MS) {
      const batch = Array.from({ length: 8 }, (_, i) => {
        const p = probe(sent + i, tokens);
        // Logging out would spend a fuzzing token: the logout route is fuzzed without one.
        if (p.url.startsWith('/api/auth/logout')) delete p.headers.authorization;
        return p;
      });
      const answers = await Promise.all(
        batch.map(async (p) => {
          const r = await fetch(server.url + p.url, { method: p.method, headers: p.headers, body: p.body });
          await r.arrayBuffer();
          return r.status;
        }),
      );
      answers.forEach((status, i) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500)
          failures.push(
            `${status} ${batch[i]!.method} ${batch[i]!.url.slice(0, 200)} ${batch[i]!.body?.slice(0, 200) ?? ''}`,
          );
      });
      sent += batch.length;
    }
    t.ok(sent >= Math.min(REQUESTS, 10_000), `${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    t.comment(
      `answers by status: ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    t.same(failures.slice(0, 20), [], `no 5xx (replay with FUZZ_SEED=${SEED})`);
    t.equal((await fetch(`${server.url}/health`)).status, 200, 'the server still answers');
    t.equal(
      (await call('GET', '/api/users/profile', undefined, tokens[1]!)).status,
      200,
      'and a player still reads its profile',
    );
    t.ok(server.engine.running, 'the engine is running');
    t.same(await holdings(), before, "every demo account's balance and exposure unchanged");
  },
);

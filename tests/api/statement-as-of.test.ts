/**
 * A wallet at a past moment: GET /api/admin/users/{userId}/as-of (balance, statement up to then,
 * running balances summed at read time, downline scope, bad moments refused) and
 * `npm run statement`, which reads the same query, run as a child process on the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { caller } from '../helpers/api.js';
import { tigerBetBody } from '../helpers/exchange.js';
import { runScript } from '../helpers/script.js';
import { startTestServer } from '../helpers/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'exch-as-of-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
const server = await startTestServer({ dataDir, feedTickMs: 0 });
let running = true;
t.teardown(() => (running ? server.close() : undefined));
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dealer = await tokenOf('dealer1');
const player1 = (await call('GET', '/api/users/player1', undefined, dealer)).body.user._id as string;

/** A transfer by dealer1 that must go through (no assertion at the top level: tap would close the plan on it). */
const transfer = async (direction: 'deposit' | 'withdraw', amount: string) => {
  const r = await call('POST', `/api/users/${player1}/${direction}`, { amount, transactionPassword: TXN }, dealer);
  if (r.status !== 200) throw new Error(`${direction} ${amount}: ${r.status} ${JSON.stringify(r.body)}`);
};
// The demo seed gave player1 ₹1,00,000. Then: +100.50, a moment, -30.
await pause(5);
await transfer('deposit', '100.50');
await pause(5);
const between = new Date().toISOString();
await pause(5);
await transfer('withdraw', '30');
const asOf = (who: string, query: string, token = dealer) =>
  call('GET', `/api/admin/users/${who}/as-of?${query}`, undefined, token);

t.test('the balance and the statement as of a moment between two transfers', async (t) => {
  const r = await asOf('player1', `at=${encodeURIComponent(between)}`);
  t.equal(r.status, 200, JSON.stringify(r.body));
  t.match(r.body, {
    userId: player1,
    username: 'player1',
    at: between,
    balance: 100100.5,
    pagination: { page: 1, limit: 25, total: 2, totalPages: 1 },
  });
  t.match(r.body.entries, [
    { description: 'Deposit from dealer1', kind: 'deposit', credit: 100.5, debit: 0, balance: 100100.5 },
    { description: 'Deposit from dealer1', kind: 'deposit', credit: 100000, debit: 0, balance: 100000 },
  ]);
  t.equal(r.body.entries.length, 2);

  // By id as well as username; an offset moment names the same instant.
  const ist = new Date(Date.parse(between) + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');
  t.match(await asOf(player1, `at=${encodeURIComponent(ist)}`), {
    status: 200,
    body: { at: between, balance: 100100.5 },
  });

  const now = await asOf('PLAYER1', `at=${encodeURIComponent(new Date().toISOString())}`);
  t.match(now.body, { balance: 100070.5, pagination: { total: 3 } });
  t.match(now.body.entries[0], {
    description: 'Withdrawn by dealer1',
    credit: 0,
    debit: 30,
    balance: 100070.5,
    remark: '',
    cause: { type: 'transfer' },
  });

  // Same rows and running balances as the statement itself, in the same shape.
  const statement = await call('GET', `/api/transactions/statement?userId=${player1}`, undefined, dealer);
  t.same(now.body.entries, statement.body.data, JSON.stringify(statement.body));

  t.match(await asOf('player1', 'at=2000-01-01T00:00:00Z'), {
    status: 200,
    body: { balance: 0, entries: [], pagination: { total: 0, totalPages: 1 } },
  });
  const paged = await asOf('player1', `at=${encodeURIComponent(between)}&limit=1&page=2`);
  t.match(paged.body, {
    balance: 100100.5,
    entries: [{ credit: 100000, balance: 100000 }],
    pagination: { page: 2, limit: 1, total: 2, totalPages: 2 },
  });
});

t.test('a moment that is not ISO 8601 with a zone is refused with a clear message', async (t) => {
  const message =
    'at must be an ISO 8601 date and time with a time zone, e.g. 2026-11-22T10:00:00Z or 2026-11-22T15:30+05:30';
  for (const bad of ['yesterday', '2026-11-22', '2026-11-22T10:00', '2026-11-22 10:00Z', '2026-02-30T10:00:00Z', '']) {
    t.match(await asOf('player1', `at=${encodeURIComponent(bad)}`), { status: 400, body: { message } }, bad);
  }
  t.match(await call('GET', '/api/admin/users/player1/as-of', undefined, dealer), {
    status: 400,
    body: { message: 'Missing required fields: at' },
  });
  t.match(await asOf('player1', 'at=2026-11-22T10:00:00Z&limit=500'), {
    status: 400,
    body: { message: 'limit is at most 100' },
  });
});

t.test('the downline only, back-office tokens only', async (t) => {
  const at = `at=${encodeURIComponent(new Date().toISOString())}`;
  t.match(await asOf('admin', at), { status: 404, body: { message: 'User not found in your downline' } });
  t.match(await asOf('nobody', at), { status: 404, body: { message: 'User not found in your downline' } });
  t.match(await asOf('dealer1', at), { status: 200, body: { username: 'dealer1' } }, 'its own account');
  t.match(
    await asOf('player1', at, await tokenOf('admin')),
    { status: 200, body: { balance: 100070.5 } },
    'any depth below',
  );
  const player = await tokenOf('player1', false);
  t.match(await asOf('player1', at, player), { status: 403 });
  t.match(await call('GET', `/api/admin/users/player1/as-of?${at}`), { status: 401 });
});

t.test('the route is in the OpenAPI description', async (t) => {
  const doc = (await call('GET', '/api/openapi.json')).body;
  t.ok(doc.paths['/api/admin/users/{userId}/as-of']?.get, 'listed');
});

t.test('npm run statement prints the same balance and rows', async (t) => {
  // A casino round for player2 first: its line's story is the description, not repeated as the remark.
  const { token: p2, user } = (await login('player2')).body as { token: string; user: { _id: string } };
  t.equal(await server.dealer!.step('dt20'), 'opened');
  const mid = (await call('GET', '/api/casino/tables/dt20', undefined, p2)).body.round.mid as string;
  const body = tigerBetBody(user._id, mid);
  t.equal((await call('POST', '/api/bets', body, p2)).status, 200);
  await server.dealer!.finishRound('dt20');
  const casinoLine = (await call('GET', '/api/transactions/statement', undefined, p2)).body.data[0];
  t.match(casinoLine, { kind: 'casino', remark: '' });
  const afterRound = new Date(Date.now() + 1000).toISOString();
  await server.close();
  running = false;
  const cli = (args: string[]) => runScript('scripts/statement.ts', args, { DATA_DIR: dataDir });
  const r = await cli(['--user', 'player1', '--as-of', between, '--limit', '5']);
  t.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  t.equal(lines[0], `player1 (user) as of ${between}`);
  t.equal(lines[1], 'Balance: ₹1,00,100.50');
  t.equal(lines[2], 'Statement up to then: 2 rows, newest first');
  t.match(lines[4], /^Time \(UTC\)\s+Description\s+Credit\s+Debit\s+Balance\s+Remark$/);
  t.match(lines[6], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}Deposit from dealer1\s+₹100\.50\s+₹1,00,100\.50$/);
  t.match(lines[7], /Deposit from dealer1\s+₹1,00,000\.00\s+₹1,00,000\.00 {2}Demo opening chips$/);

  const casino = await cli(['--user', 'player2', '--as-of', afterRound, '--limit', '1']);
  t.equal(casino.code, 0, casino.stderr);
  const row = casino.stdout.split('\n')[6]!;
  t.equal(row.split(casinoLine.description).length, 2, `the casino line names its round once: ${row}`);
  t.match(row, /\s₹[\d,]+\.\d\d$/, 'and ends at its balance: no remark');

  const bad = await cli(['--user', 'player1', '--as-of', '2026-11-22 10:00']);
  t.equal(bad.code, 2);
  t.match(bad.stderr, '--as-of must be an ISO 8601 date and time with a time zone');
  const nobody = await cli(['--user', 'nobody', '--as-of', between]);
  t.equal(nobody.code, 2);
  t.match(nobody.stderr, 'no user "nobody"');
});

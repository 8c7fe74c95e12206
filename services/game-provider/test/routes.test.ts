/** The provider's routes over HTTP: signed calls first, then each route's schema; bad input is a 400 that names the problem. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pino from 'pino';
import { signProviderCall } from '@exch/contracts/node';
import { startGameProvider } from '../src/index.js';

const SECRET = 'shared-secret';
const dir = mkdtempSync(join(tmpdir(), 'provider-routes-'));
const provider = await startGameProvider({
  port: 0,
  host: '127.0.0.1',
  dataDir: dir,
  secret: SECRET,
  logger: pino({ level: 'silent' }),
});
t.teardown(async () => {
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
  const res = await fetch(`${provider.url}${path}`, {
    method,
    body: init.body,
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
  });
  const text = await res.text();
  return {
    status: res.status,
    body: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text,
  };
};
const signed = (method: string, path: string, body?: unknown) => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return call(method, path, { body: text, headers: signProviderCall(SECRET, { method, url: path, body: text ?? '' }) });
};
const launch = {
  playerId: 'p1',
  displayName: 'Player One',
  currency: 'INR',
  country: 'IN',
  lang: 'en_US',
  mode: 'demo',
  device: 'desktop',
  walletSessionId: 'ws-1',
};

t.test("the operator's calls: the signature first, then the body's schema", async (t) => {
  t.match(await call('POST', '/v1/games/lobby-url', { body: '{"playerId":1}' }), { status: 401 });
  t.same(await signed('POST', '/v1/games/lobby-url', { playerId: 'p1' }), {
    status: 400,
    body: { message: 'Missing required fields: displayName, currency, country, lang, mode, device, walletSessionId' },
  });
  t.same(await signed('POST', '/v1/games/lobby-url', { ...launch, extra: 1 }), {
    status: 400,
    body: { message: 'Unknown field: extra' },
  });
  t.same(await signed('POST', '/v1/games/lobby-url', { ...launch, mode: 'free' }), {
    status: 400,
    body: { message: 'mode must be real or demo' },
  });
  t.same(await signed('POST', '/v1/games/rocket/launch-url', { ...launch, playerId: 'p\u0000' }), {
    status: 400,
    body: { message: 'playerId contains characters that are not allowed' },
  });
  t.same(await signed('POST', '/v1/games/no-such-game/launch-url', launch), {
    status: 404,
    body: { message: 'Game not found' },
  });
  t.match(await signed('GET', '/v1/games'), { status: 200, body: { items: [{ gameId: 'european-roulette' }] } });
  t.same(await signed('POST', '/ops/rounds/no-such-round/cancel'), {
    status: 404,
    body: { message: 'No open round with this id' },
  });
});

t.test("the player's calls: the session first, then the bet's shape, then the game's rules", async (t) => {
  const { body } = await signed('POST', '/v1/games/rocket/launch-url', launch);
  const token = new URL(body.url).searchParams.get('t')!;
  const play = (payload: string, headers: Record<string, string> = { 'x-session-token': token }) =>
    call('POST', '/api/rounds/rocket', { body: payload, headers });

  t.match(await play('[1]', {}), { status: 401 }, 'no session: nothing about the input');
  t.same(await play('[1]'), { status: 400, body: { message: 'The bet must be a JSON object' } });
  t.same(await play('{"stake":1000,"target":200,"auto":true}'), {
    status: 400,
    body: { message: 'Unknown field: auto' },
  });
  t.same(await play('{"stake":1000,'), { status: 400, body: { message: 'Malformed JSON in request body' } });
  t.same(await play('{"stake":"1000","target":200}'), {
    status: 400,
    body: { message: 'The stake must be a whole, positive amount in paise' },
  });
  t.match(await play('{"stake":1000,"target":200}'), {
    status: 200,
    body: { stake: 1000, outcome: {}, winPending: false },
  });
  t.match(await call('GET', '/api/session', { headers: { 'x-session-token': token } }), {
    status: 200,
    body: { player: 'Player One', mode: 'demo', games: [{ gameId: 'european-roulette' }] },
  });
});

t.test('pages: a malformed address is a 400, an unknown token the ended-session page', async (t) => {
  t.same(await call('GET', '/lobby?t=a&t=b'), { status: 400, body: { message: 't must be text' } });
  t.same(await call('GET', '/games/%01'), {
    status: 400,
    body: { message: 'gameId contains characters that are not allowed' },
  });
  t.match(await call('GET', '/lobby?t=unknown'), { status: 200, body: /ended/i });
  t.same(await call('GET', '/assets/none.js'), { status: 404, body: { message: 'Not found' } });
  t.match(await call('GET', '/health'), { status: 200, body: { status: 'ok', openRounds: 0 } });
});

/**
 * Sessions end everywhere (issue 9) and what the gateway keeps in memory is never stale for the
 * next request (issue 10): logout, a reused refresh token, an account lock and a password change
 * each close the session's websockets with a reason frame and stop their pushes at once; the very
 * next request of that session is refused; a market suspended is refused on the very next bet.
 */
import t, { type Test } from 'tap';
import WebSocket from 'ws';
import { READ_AFTER_HEADER, type MatchDetail } from '@exch/contracts';
import { caller } from '../helpers/api.js';
import { betBody, best } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer({ feedTickMs: 3_600_000 });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';

interface Watched {
  frames: { event: string; data: any }[];
  closed: Promise<{ code: number; reason: string }>;
}

/** A websocket logged in with the token, recording frames until it closes. */
async function watch(token: string): Promise<Watched> {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws');
  const frames: Watched['frames'] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ event: 'login', data: { token } }));
  for (let i = 0; i < 100 && !frames.some((f) => f.event === 'loginSuccess'); i++)
    await new Promise((r) => setTimeout(r, 20));
  if (!frames.some((f) => f.event === 'loginSuccess'))
    throw new Error(`socket login failed: ${JSON.stringify(frames)}`);
  return { frames, closed };
}

/** A raw call with no read-after token: what another device of the same user would send. */
const fresh = (path: string, token: string) =>
  fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

async function endsWithFrame(t: Test, socket: Watched, what: string): Promise<void> {
  const closed = await Promise.race([socket.closed, new Promise<null>((r) => setTimeout(() => r(null), 3_000))]);
  t.match(closed, { code: 4001, reason: 'session ended' }, `${what}: the socket is closed`);
  t.match(
    socket.frames.at(-1),
    { event: 'sessionEnded', data: { message: 'Your session has ended, please log in again' } },
    `${what}: with a reason frame`,
  );
}

t.test("logout closes the session's sockets and the next request is refused", async (t) => {
  const { token } = (await login('player3')).body;
  const socket = await watch(token);
  t.equal((await call('POST', '/api/auth/logout', undefined, token)).status, 200);
  await endsWithFrame(t, socket, 'logout');
  t.equal(await fresh('/api/users/profile', token), 401, 'the very next request of the session is refused');
});

t.test('an account lock ends every session of the account at once, and pushes stop', async (t) => {
  const player = (await login('player2')).body;
  const [a, b] = [await watch(player.token), await watch((await login('player2')).body.token)];
  const agent = await tokenOf('agent1');
  const r = await call(
    'PUT',
    `/api/users/${player.user._id}/lock`,
    { accountLocked: true, transactionPassword: TXN },
    agent,
  );
  t.equal(r.status, 200);
  await endsWithFrame(t, a, 'lock, first device');
  await endsWithFrame(t, b, 'lock, second device');
  t.equal(await fresh('/api/users/profile', player.token), 401, 'the very next request is refused');
  // A deposit now changes the balance; no push reaches the closed sessions.
  const before = a.frames.length + b.frames.length;
  t.equal(
    (
      await call(
        'POST',
        `/api/users/${player.user._id}/deposit`,
        { amount: 1, transactionPassword: TXN },
        await tokenOf('dealer1'),
      )
    ).status,
    200,
  );
  await new Promise((r) => setTimeout(r, 300));
  t.equal(a.frames.length + b.frames.length, before, 'no balance push after the end');
  t.equal(
    (await call('PUT', `/api/users/${player.user._id}/lock`, { accountLocked: false, transactionPassword: TXN }, agent))
      .status,
    200,
  );
});

t.test("a password reset by an upline, and the owner's own change, end the sessions", async (t) => {
  const player = (await login('player2')).body;
  const socket = await watch(player.token);
  const agent = await tokenOf('agent1');
  t.equal(
    (
      await call(
        'PUT',
        `/api/users/${player.user._id}/password`,
        { newPassword: 'Reset@123', confirmPassword: 'Reset@123', transactionPassword: TXN },
        agent,
      )
    ).status,
    200,
  );
  await endsWithFrame(t, socket, 'reset by the upline');
  t.equal(await fresh('/api/users/profile', player.token), 401);

  const again = (await login('player2', false, 'Reset@123')).body;
  t.equal(
    (
      await call(
        'POST',
        '/api/users/first-password',
        { newPassword: 'Demo@1234', confirmPassword: 'Demo@1234' },
        again.token,
      )
    ).status,
    200,
  );
  const other = (await login('player2', false, 'Demo@1234')).body;
  const otherSocket = await watch(other.token);
  t.equal(
    (
      await call(
        'POST',
        '/api/users/change-password',
        { currentPassword: 'Demo@1234', newPassword: 'Demo@123x', confirmPassword: 'Demo@123x' },
        again.token,
      )
    ).status,
    200,
  );
  await endsWithFrame(t, otherSocket, 'own change, other device');
  t.equal(await fresh('/api/users/profile', other.token), 401, 'the other device is logged out');
  t.equal(await fresh('/api/users/profile', again.token), 200, 'the device that changed it stays in');
});

t.test('a refresh token presented twice ends its session', async (t) => {
  const player = (await login('player1')).body;
  const socket = await watch(player.token);
  const first = await call('POST', '/api/refresh-token', { refreshToken: player.refreshToken });
  t.equal(first.status, 200);
  t.equal(
    (await call('POST', '/api/refresh-token', { refreshToken: player.refreshToken })).status,
    401,
    'the spent token is refused',
  );
  await endsWithFrame(t, socket, 'refresh token reused');
  t.equal(await fresh('/api/users/profile', first.body.token), 401, 'even the newest access token of that session');
});

t.test(
  'a market suspended is refused on the very next bet; answers carry the read token and are built from the decision',
  async (t) => {
    const player = (await login('player1')).body;
    const admin = await tokenOf('admin');
    const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, player.token)).body;
    const body = betBody(
      detail,
      'sim-201.mo',
      301,
      'back',
      best(detail, 'sim-201.mo', 301, 'back').odds,
      100,
      player.user._id,
    );
    const placed = await fetch(`${server.url}/api/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: JSON.stringify(body),
    });
    t.equal(placed.status, 200);
    const token = placed.headers.get(READ_AFTER_HEADER);
    t.match(token, /^0:\d+$/, 'X-Read-After names the position the bet reached');
    const answer = await placed.json();
    const listed = await fetch(`${server.url}/api/my_bets`, {
      headers: { authorization: `Bearer ${player.token}`, [READ_AFTER_HEADER]: token! },
    }).then((r) => r.json());
    t.same(
      listed.data.find((b: { _id: string }) => b._id === answer.bet_id),
      answer.bet,
      'the answer is the bet as My Bets lists it',
    );

    t.equal((await call('PUT', '/api/admin/markets/sim-201.mo/status', { status: 'SUSPENDED' }, admin)).status, 200);
    const next = await fetch(`${server.url}/api/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: JSON.stringify(body),
    });
    t.match(await next.json(), { message: 'Market is suspended' }, 'refused on the very next bet');
    t.equal((await call('PUT', '/api/admin/markets/sim-201.mo/status', { status: 'ACTIVE' }, admin)).status, 200);
    t.equal(
      (await fetch(`${server.url}/api/my_bets`, { headers: { [READ_AFTER_HEADER]: 'nonsense' } })).status,
      400,
      'a malformed token is a 400',
    );
  },
);

/**
 * cluster.test.ts's part on what two gateways share, on its cluster: payments and partnership
 * shares, ended sessions (sockets and requests), live prices and match streams, one rate-limit
 * bucket per account.
 */
import type { Test } from 'tap';
import WebSocket from 'ws';
import type { caller, Res } from '../helpers/api.js';
import { eventually, type Member } from '../helpers/cluster.js';
import { openSocket } from '../helpers/exchange.js';
import type { TestServer } from '../helpers/server.js';

export interface GatewaysCluster {
  g1: Member;
  g2: Member;
  api1: ReturnType<typeof caller>;
  api2: ReturnType<typeof caller>;
  players: { token: string; userId: string }[];
  /** ₹100 backed on the match odds through gateway 1, again on fresh prices while the market is suspended. */
  backOnFreshPrices: (token: string, userId: string) => Promise<Res>;
  /** The gateways' BET_LIMIT_BURST and BET_LIMIT_PER_SECOND. */
  betBurst: number;
  betRate: number;
}

export async function acrossGatewaysTests(t: Test, c: GatewaysCluster): Promise<void> {
  const { g1, g2, api1, api2, players, backOnFreshPrices } = c;
  const BET_BURST = c.betBurst;
  const BET_RATE = c.betRate;

  await t.test(
    'payments and shares across gateways: a deposit sent to gateway 1 is seen, shown and approved on gateway 2; the balance is pushed on gateway 1; a share set on one gateway is read on the other',
    async (t) => {
      const p = players[1]!;
      const live = await openSocket({ url: g1.url } as TestServer, p.token);
      t.teardown(() => live.close());
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      const form = new FormData();
      for (const [k, v] of Object.entries({ amount: '1234', accountType: 'upi', utrno: '987654321012' }))
        form.append(k, v);
      form.append('imageUrl', new Blob([png], { type: 'image/png' }), 'paid.png');
      const sent = await fetch(`${g1.url}/api/payments/deposits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}` },
        body: form,
      });
      t.equal(sent.status, 201, 'the deposit request through gateway 1');
      const id = ((await sent.json()) as { data: { _id: string } }).data._id;
      const agent = (await api2.login('agent1', true)).body.token as string;
      await eventually('the request listed on gateway 2', async () =>
        (
          (await api2.call('GET', '/api/admin/payment-requests?type=deposit', undefined, agent)).body.data as {
            _id: string;
          }[]
        ).some((r) => r._id === id),
      );
      const shot = await fetch(`${g2.url}/api/payments/requests/${id}/screenshot`, {
        headers: { authorization: `Bearer ${agent}` },
      });
      t.equal(shot.status, 200, 'the screenshot, stored through gateway 1, is served by gateway 2');
      t.same(new Uint8Array(await shot.arrayBuffer()), png);
      const before = (await api1.call('GET', '/api/users/profile', undefined, p.token)).body.balance.balance as number;
      t.match(
        await api2.call(
          'POST',
          `/api/admin/payment-requests/${id}/approve`,
          { transactionPassword: 'Txn@1234' },
          agent,
        ),
        { status: 200, body: { message: 'Deposit approved' } },
      );
      t.match(
        await live.next('balance', (d) => d.balance === before + 1234),
        { balance: before + 1234 },
        'the new balance pushed to the player on gateway 1',
      );

      t.match(
        await api2.call('PUT', '/api/users/dealer1/partnership', { share: 35, transactionPassword: 'Txn@1234' }, agent),
        { status: 200, body: { share: 35 } },
      );
      const agentOn1 = (await api1.login('agent1', true)).body.token as string;
      await eventually('the share read on gateway 1', async () =>
        (
          (await api1.call('GET', '/api/partnership', undefined, agentOn1)).body.data as {
            username: string;
            share: number;
          }[]
        ).some((r) => r.username === 'dealer1' && r.share === 35),
      );
      t.pass('dealer1 holds 35% on gateway 1 too');
    },
  );

  await t.test(
    "the lobby's prices reach a socket on either gateway, and match streams set on one are read on the other",
    async (t) => {
      const p = players[0]!;
      const live = await openSocket({ url: g2.url } as TestServer, p.token);
      t.teardown(() => live.close());
      live.send('joinRoom', { matchId: 'lobby' });
      await live.next('joined', (d) => d.matchId === 'lobby');
      const pushed = await live.next('lobbyPrices', (d) => typeof d.matchId === 'string' && Array.isArray(d.runners));
      t.ok(pushed.runners.length > 0, `lobbyPrices of ${pushed.matchId} on gateway 2, from the leader's feed`);

      const admin = (await api1.login('admin', true)).body.token as string;
      const urls = { tvUrl: 'https://tv.example.com/live/101', scoreUrl: 'https://tv.example.com/score/101' };
      t.match(await api1.call('PUT', '/api/admin/matches/sim-101/streams', urls, admin), {
        status: 200,
        body: { message: 'Streams saved' },
      });
      t.match(
        await api1.call(
          'PUT',
          '/api/admin/matches/sim-101/streams',
          { tvUrl: 'https://elsewhere.example/tv', scoreUrl: null },
          admin,
        ),
        { status: 400 },
        'an origin outside FRAME_ORIGINS is refused on every gateway',
      );
      const adminOn2 = (await api2.login('admin', true)).body.token as string;
      await eventually('the streams read on gateway 2', async () => {
        const r = (await api2.call('GET', '/api/admin/matches/sim-101/streams', undefined, adminOn2)).body as {
          tv: string | null;
          score: string | null;
        };
        return r.tv === urls.tvUrl && r.score === urls.scoreUrl;
      });
      t.pass('gateway 2 reads the URLs set through gateway 1');
    },
  );

  // Last: it ends player3's sessions, which the earlier tests use.
  await t.test(
    'a logout and an account lock through gateway 1 end the sessions on gateway 2, sockets and requests',
    async (t) => {
      const ended = async (token: string, end: () => Promise<unknown>) => {
        const ws = new WebSocket(g2.url.replace('http', 'ws') + '/ws');
        const frames: { event: string }[] = [];
        ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
        const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
        await new Promise((r) => ws.once('open', r));
        ws.send(JSON.stringify({ event: 'login', data: { token } }));
        await eventually(
          'the socket on gateway 2 to log in',
          async () => frames.some((f) => f.event === 'loginSuccess'),
          10_000,
        );
        await end();
        // Unref'd: the ceiling must not keep the file's process alive after its last test.
        const code = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000).unref())]);
        return { code, last: frames.at(-1)?.event };
      };
      const mine = (await api2.login('player3')).body;
      t.same(
        await ended(mine.token, () => api1.call('POST', '/api/auth/logout', undefined, mine.token)),
        { code: 4001, last: 'sessionEnded' },
        'logout: gateway 2 closed the socket with a reason frame',
      );
      await eventually(
        'gateway 2 to refuse the ended session',
        async () => (await api2.call('GET', '/api/users/profile', undefined, mine.token)).status === 401,
        5_000,
      );

      const locked = (await api2.login('player3')).body;
      const agent = (await api1.login('agent1', true)).body.token as string;
      const lock = (accountLocked: boolean) =>
        api1.call(
          'PUT',
          `/api/users/${locked.user._id}/lock`,
          { accountLocked, transactionPassword: 'Txn@1234' },
          agent,
        );
      t.same(
        await ended(locked.token, () => lock(true)),
        { code: 4001, last: 'sessionEnded' },
        'lock: gateway 2 closed the socket',
      );
      t.equal(
        (await api2.call('GET', '/api/users/profile', undefined, locked.token)).status,
        401,
        'and refuses its next request',
      );
      t.equal((await lock(false)).status, 200);
    },
  );

  await t.test("one account's burst of bet instructions spread over both gateways spends one bucket", async (t) => {
    const p = (await api1.login('player2')).body;
    // player2's own bet, matched: each cancel of it reaches the engine, which refuses it (nothing
    // unmatched) and so costs a token; a cancel the gateway answers itself (an unknown bet) costs none.
    const placed = await backOnFreshPrices(p.token, p.user._id);
    t.equal(placed.status, 200, JSON.stringify(placed.body));
    const betId = placed.body.bet_id as string;
    const cancel = (g: Member) =>
      fetch(`${g.url}/api/bets/${betId}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        body: JSON.stringify({ status: 'cancelled' }),
      }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }));
    // Each gateway reads the bet from its read models: until they hold it, a cancel is answered 404 there.
    for (const g of [g1, g2])
      await eventually(`the bet readable through ${g.url}`, async () => (await cancel(g)).status !== 404);
    // Together 1.3 bursts, each gateway alone under one.
    const PER_GATEWAY = Math.round(BET_BURST * 0.65);
    const refusals: string[] = [];
    const started = Date.now();
    const answers = await Promise.all(
      [g1, g2].map(async (g) => {
        const statuses: number[] = [];
        const worker = async () => {
          while (statuses.length < PER_GATEWAY) {
            const r = await cancel(g);
            statuses.push(r.status);
            if (r.status === 429) refusals.push(`${r.retryAfter} ${r.body.code}`);
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        return statuses;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const all = answers.flat();
    const passed = all.filter((s) => s !== 429).length;
    t.comment(
      `${all.length} cancels in ${seconds.toFixed(1)} s: ${passed} passed the limit, ${all.length - passed} refused`,
    );
    t.ok(
      all.every((s) => s === 400 || s === 429 || s === 200),
      `only the engine's answers and 429s: ${[...new Set(all)].sort()}`,
    );
    t.ok(all.filter((s) => s === 200).length <= 1, 'at most the first cancel took anything (a rest left unmatched)');
    t.ok(
      answers.every((a) => a.length < BET_BURST),
      `each gateway alone saw fewer than the burst of ${BET_BURST}`,
    );
    t.ok(passed <= BET_BURST + Math.ceil(seconds * BET_RATE) + 1, 'no more passed than one bucket holds and refills');
    t.ok(all.length - passed > 0, 'yet some were refused: the gateways share the bucket');
    t.ok(
      refusals.every((r) => /^[1-9]\d* TOO_MANY_BET_INSTRUCTIONS$/.test(r)),
      'each refusal with its Retry-After',
    );
  });
}

/**
 * The international casino's HTTP surface on one embedded server: the wallet routes as a provider
 * calls them (signed; statuses; idempotency by txnId), the player's launches, and the reports.
 * The fault tests (tests/intl-casino/faults.test.ts) run the game server as a process of its own.
 */
import http from 'node:http';
import t from 'tap';
import { walletPaths, type DebitCredit, type Rollback } from '@exch/contracts';
import { signProviderCall } from '@exch/contracts/node';
import { DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import { caller } from '../helpers/api.js';
import { startTestServer } from '../helpers/server.js';

const SECRET = 'k'.repeat(64);
const server = await startTestServer({ feedTickMs: 0, providerSecret: SECRET });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);

const p1 = (await login('player1')).body;
const p2 = (await login('player2')).body;
const admin = await tokenOf('admin');
const dealer = await tokenOf('dealer1');

interface Signed {
  status: number;
  body: Record<string, unknown>;
}
/** A wallet call as the provider makes it: signed over the exact body (and the Wallet-Session header). */
async function wallet(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: { session?: string; secret?: string; now?: number; headers?: Record<string, string> } = {},
): Promise<Signed> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = {
    ...signProviderCall(opts.secret ?? SECRET, { method, url, body: text, walletSession: opts.session }, opts.now),
    ...(opts.session ? { 'wallet-session': opts.session } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...opts.headers,
  };
  const r = await fetch(server.url + url, { method, headers, body: body === undefined ? undefined : text });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Parses a CSV export (no quoted cells in these), dropping the byte order mark. */
const csv = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
const lobby = async (token: string, body: Record<string, unknown>) =>
  call('POST', '/api/qt/game-lobby', { currency: 'INR', ...body }, token);
const sessionOf = async (player: { token: string; user: { _id: string } }): Promise<string> =>
  (await lobby(player.token, { playerId: player.user._id })).body.data.walletSessionId;

let n = 0;
const txn = (over: Partial<DebitCredit> = {}): DebitCredit => ({
  txnType: 'DEBIT',
  txnId: `api-${++n}`,
  playerId: p1.user._id,
  roundId: `r-${n}`,
  gameId: 'european-roulette',
  amount: 100_00,
  currency: 'INR',
  ...over,
});
const available = async (token: string) => {
  const u = (await call('GET', '/api/users/profile', undefined, token)).body;
  return Math.round((u.balance.balance - u.balance.exposer) * 100);
};

t.test('POST /api/qt/game-lobby (SPEC.md section 7): data.url for a frame, for the caller only', async (t) => {
  const r = await lobby(p1.token, {
    playerId: p1.user._id,
    country: 'IN',
    lang: 'en_US',
    mode: 'real',
    device: 'desktop',
    accessToken: p1.token,
  });
  t.equal(r.status, 200);
  t.match(r.body.data, { url: new RegExp(`^${server.provider!.url}/lobby\\?t=`), provider: 'monsoon', gameId: null });
  t.equal((await lobby(p1.token, { playerId: 'player1' })).status, 200, 'by username too');
  t.match(await lobby(p1.token, { playerId: p2.user._id }), {
    status: 403,
    body: { message: 'playerId must be your own' },
  });
  t.match(await lobby(p1.token, { playerId: p1.user._id, accessToken: p2.token }), {
    status: 403,
    body: { message: 'accessToken must be the token of this request' },
  });
  t.match(
    await lobby(p1.token, { playerId: p1.user._id, walletSessionId: r.body.data.walletSessionId }),
    { status: 200, body: { data: { walletSessionId: r.body.data.walletSessionId } } },
    'its own wallet session again',
  );
  t.match(
    await lobby(p2.token, { playerId: p2.user._id, walletSessionId: r.body.data.walletSessionId }),
    { status: 400, body: { code: 'INVALID_WALLET_SESSION' } },
    "not another player's",
  );
  t.match(await lobby(p1.token, { playerId: p1.user._id, currency: 'USD' }), {
    status: 400,
    body: { message: 'currency must be INR' },
  });
  t.equal((await lobby(admin, { playerId: 'admin' })).status, 403, 'a back-office token cannot');
  t.match(await call('POST', '/api/qt/games/nope/launch', { playerId: 'player1', currency: 'INR' }, p1.token), {
    status: 404,
    body: { message: 'Game not found' },
  });
  const game = await call(
    'POST',
    '/api/qt/games/lotus-sevens/launch',
    { playerId: 'player1', currency: 'INR' },
    p1.token,
  );
  t.match(game.body.data, { url: /\/games\/lotus-sevens\?t=/, gameName: 'Lotus Sevens' });
  const games = (await call('GET', '/api/casino-int/games', undefined, p1.token)).body;
  t.same(
    games.categories.map((c: { name: string }) => c.name),
    ['Table games', 'Slots', 'Crash'],
  );
  t.same(
    games.games.map((g: { gameId: string; rtp: number }) => [g.gameId, g.rtp]),
    [
      ['european-roulette', 97.3],
      ['lotus-sevens', 95.97],
      ['rocket', 99],
    ],
  );
});

t.test(
  "wallet calls must be signed by the provider: a player's token, another secret, an old or replayed signature are refused",
  async (t) => {
    const body = txn();
    const text = JSON.stringify(body);
    const post = (headers: Record<string, string>) =>
      fetch(server.url + walletPaths.transactions, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: text,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    t.match(await post({ authorization: `Bearer ${p1.token}` }), {
      status: 401,
      body: { code: 'INVALID_SIGNATURE', message: 'Signature refused: unsigned request' },
    });
    t.match(await wallet('POST', walletPaths.transactions, body, { secret: 'x'.repeat(64) }), {
      status: 401,
      body: { message: 'Signature refused: bad signature' },
    });
    t.match(await wallet('POST', walletPaths.transactions, body, { now: Date.now() - 60_000 }), {
      status: 401,
      body: { message: 'Signature refused: timestamp outside the window' },
    });
    const signed = signProviderCall(SECRET, { method: 'POST', url: walletPaths.transactions, body: text });
    t.match(
      await post({ ...signed, 'content-type': 'application/json' }),
      { status: 400, body: { code: 'INVALID_TOKEN' } },
      'signed (no wallet session: refused for that)',
    );
    t.match(
      await post(signed),
      { status: 401, body: { message: 'Signature refused: replayed request' } },
      'the same signed request again',
    );
    const other = { ...body, amount: 1 };
    t.match(
      await post(
        signProviderCall(SECRET, { method: 'POST', url: walletPaths.transactions, body: JSON.stringify({ ...other }) }),
      ),
      { status: 401, body: { message: 'Signature refused: bad signature' } },
      'a body changed after signing',
    );
    t.equal(await available(p1.token), 1_00_000_00, 'nothing moved');
  },
);

t.test('session and balance: the wallet session of a live login, the available balance in paise', async (t) => {
  const session = await sessionOf(p1);
  t.same(await wallet('GET', `${walletPaths.session(p1.user._id)}?gameId=rocket`, undefined, { session }), {
    status: 200,
    body: { balance: 1_00_000_00, currency: 'INR' },
  });
  t.match(
    await wallet('GET', walletPaths.session(p2.user._id), undefined, { session }),
    { status: 400, body: { code: 'INVALID_TOKEN' } },
    "not player2's session",
  );
  t.match(await wallet('GET', walletPaths.session(p1.user._id), undefined, { session: 'nope' }), {
    status: 400,
    body: { code: 'INVALID_TOKEN' },
  });
  t.same(await wallet('GET', walletPaths.balance(p2.user._id)), {
    status: 200,
    body: { balance: 50_000_00, currency: 'INR' },
  });
  t.match(await wallet('GET', walletPaths.balance('ghost')), {
    status: 400,
    body: { code: 'REQUEST_DECLINED', message: 'Unknown player' },
  });
});

t.test(
  'DEBIT, CREDIT and rollback: QTech statuses, one answer per txnId, wins paid after the session ended',
  async (t) => {
    const me = (await login('player1')).body;
    const session = await sessionOf(me);
    const before = await available(me.token);
    const debit = txn({ walletSessionId: session });
    const first = await wallet('POST', walletPaths.transactions, debit, { session });
    t.match(first, { status: 201, body: { balance: before - 100_00 } });
    t.same(
      await wallet('POST', walletPaths.transactions, debit),
      first,
      'the same DEBIT again: the same answer (201, balance, referenceId)',
    );
    t.match(await wallet('POST', walletPaths.transactions, { ...debit, amount: 200_00 }), {
      status: 400,
      body: {
        code: 'REQUEST_DECLINED',
        message: `Transaction ${debit.txnId} was already used for a different request`,
      },
    });
    t.match(
      await wallet('POST', walletPaths.transactions, txn({ txnType: 'CREDIT', roundId: 'no-such-round', amount: 5 })),
      { status: 400, body: { code: 'REQUEST_DECLINED', message: 'No debit was taken in this round' } },
    );
    const rb: Rollback = {
      txnId: `rb-${n}`,
      betId: 'never-sent',
      playerId: me.user._id,
      roundId: 'r-x',
      gameId: 'european-roulette',
      amount: 100_00,
      currency: 'INR',
    };
    t.match(
      await wallet('POST', walletPaths.rollback, rb),
      { status: 400, body: { code: 'REQUEST_DECLINED', message: 'Transaction not found' } },
      'a rollback of an unknown DEBIT',
    );
    t.match(
      await wallet(
        'POST',
        walletPaths.transactions,
        txn({ txnId: 'never-sent', roundId: 'r-x', walletSessionId: session }),
      ),
      { status: 400, body: { code: 'REQUEST_DECLINED', message: 'The debit was rolled back before it arrived' } },
      'and that DEBIT, arriving late',
    );

    // The player logs out: no more stakes, but the round's win is paid.
    t.equal((await call('POST', '/api/auth/logout', undefined, me.token)).status, 200);
    t.match(await wallet('POST', walletPaths.transactions, txn({ roundId: debit.roundId, walletSessionId: session })), {
      status: 400,
      body: { code: 'INVALID_TOKEN' },
    });
    const credit = txn({ txnType: 'CREDIT', roundId: debit.roundId, amount: 3_600_00 });
    t.match(await wallet('POST', walletPaths.transactions, credit), {
      status: 201,
      body: { balance: before - 100_00 + 3_600_00 },
    });
    t.match(
      await wallet('POST', walletPaths.rollback, {
        ...rb,
        txnId: 'rb-late',
        betId: debit.txnId,
        roundId: debit.roundId,
      }),
      { status: 400, body: { message: 'The round is already settled' } },
      'a rollback after the CREDIT',
    );
    t.equal(await available(p1.token), before + 3_500_00);
  },
);

t.test('INSUFFICIENT_FUNDS answers with the balance and holds nothing; ACCOUNT_BLOCKED is a 403', async (t) => {
  const session = await sessionOf(p2);
  const before = await available(p2.token);
  const big = txn({ playerId: p2.user._id, amount: before + 1, walletSessionId: session });
  t.same(await wallet('POST', walletPaths.transactions, big), {
    status: 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient balance',
      balance: before,
    },
  });
  t.same(
    (await wallet('POST', walletPaths.transactions, big)).body.balance,
    before,
    'a repeat: the same refusal, with the balance',
  );
  t.equal(await available(p2.token), before);
  t.equal(
    (
      await call(
        'PUT',
        `/api/users/${p2.user._id}/lock`,
        { betLocked: true, transactionPassword: DEMO_TRANSACTION_PASSWORD },
        dealer,
      )
    ).status,
    200,
  );
  t.match(await wallet('POST', walletPaths.transactions, txn({ playerId: p2.user._id, walletSessionId: session })), {
    status: 403,
    body: { code: 'ACCOUNT_BLOCKED' },
  });
  t.match(await wallet('GET', walletPaths.session(p2.user._id), undefined, { session }), {
    status: 403,
    body: { code: 'ACCOUNT_BLOCKED' },
  });
  t.equal(
    (
      await call(
        'PUT',
        `/api/users/${p2.user._id}/lock`,
        { betLocked: false, transactionPassword: DEMO_TRANSACTION_PASSWORD },
        dealer,
      )
    ).status,
    200,
  );
});

t.test(
  "reports: third-party turnover and profit per game, and the players' third-party points up the downline",
  async (t) => {
    const report = (await call('GET', '/api/admin/game-reports/third-party', undefined, admin)).body;
    t.match(report.data, [
      {
        provider: 'monsoon',
        providerName: 'Monsoon Games',
        gameId: 'european-roulette',
        gameName: 'European Roulette',
        rounds: 1,
        turnover: 100,
        payout: 3_600,
        profit: -3_500,
      },
    ]);
    const pnl = (await call('GET', '/api/bet/downline/profit-loss', undefined, dealer)).body.users;
    t.match(
      pnl.find((u: { username: string }) => u.username === 'player1'),
      { profitLoss: { thirdParty: { netProfitLoss: 3_500 }, netProfitLoss: 3_500 } },
    );
    t.match((await call('GET', '/api/casino-int/profit-loss', undefined, p1.token)).body, {
      total: { rounds: 1, turnover: 100, payout: 3_600, netProfitLoss: 3_500 },
    });
    t.match(
      (await call('GET', '/api/admin/game-reports/third-party', undefined, await tokenOf('agent1'))).body.total,
      { rounds: 1 },
      "an upline sees its downline's",
    );

    const exported = csv((await call('GET', '/api/admin/game-reports/third-party.csv?limit=1', undefined, admin)).body);
    const figures = (f: { rounds: number; turnover: number; payout: number; profit: number }) => [
      String(f.rounds),
      f.turnover.toFixed(2),
      f.payout.toFixed(2),
      f.profit.toFixed(2),
    ];
    t.same(exported[0], ['Game', 'Provider', 'Players', 'Rounds', 'Turnover', 'Wins paid', 'House profit']);
    t.same(
      exported.slice(1),
      [
        ...report.data.map(
          (g: {
            gameName: string;
            providerName: string;
            players: number;
            rounds: number;
            turnover: number;
            payout: number;
            profit: number;
          }) => [g.gameName, g.providerName, String(g.players), ...figures(g)],
        ),
        ['Total', '', '', ...figures(report.total)],
      ],
      "the JSON route's games, then the total line, in rupees with two decimals",
    );
    t.same(
      csv(
        (await call('GET', '/api/admin/game-reports/third-party.csv?from=2020-01-01&to=2020-01-02', undefined, admin))
          .body,
      ).slice(1),
      [['Total', '', '', '0', '0.00', '0.00', '0.00']],
    );
    t.match(
      await call('GET', '/api/admin/game-reports/third-party.csv', undefined, p1.token),
      { status: 403 },
      'a player cannot read an admin export',
    );
  },
);

t.test('the OpenAPI lists the wallet routes as signed by the provider', async (t) => {
  const doc = (await call('GET', '/api/openapi.json')).body;
  t.same(doc.paths['/api/qt/wallet/transactions'].post.security, [{ providerSignature: [] }]);
  t.ok(doc.paths['/api/qt/wallet/accounts/{playerId}/session'].get);
  t.same(doc.components.securitySchemes.providerSignature, {
    type: 'apiKey',
    in: 'header',
    name: 'X-Provider-Signature',
  });
});

/** A POST through a keep-alive agent: its status, its Connection header, and whether it went over a connection used before. */
function postOn(
  agent: http.Agent,
  path: string,
  body: string,
): Promise<{ status: number; connection: string | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      server.url + path,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

t.test(
  'a wallet call over 64 KiB is a 413 that closes its connection, and the next call is answered at once',
  async (t) => {
    // The fuzzer's find: the rest of the body is never read, yet the 413 told the client to keep the
    // connection; its next call on it waited for the keep-alive timeout (72 s), then met a reset.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    t.teardown(() => agent.destroy());
    const first = await postOn(agent, walletPaths.rollback, JSON.stringify({ txnId: 'x'.repeat(200_000) }));
    t.match(first, { status: 413, connection: 'close' });
    const started = Date.now();
    const second = await postOn(agent, walletPaths.rollback, '{}');
    t.notOk(second.reused, 'over a new connection');
    t.ok(second.status >= 400 && second.status < 500, `answered (${second.status})`);
    // The keep-alive timeout it once waited for is 72 s: well under it, however busy the machine.
    t.ok(Date.now() - started < 30_000, `without waiting for a timeout: ${Date.now() - started} ms`);
  },
);

t.test('signed but hostile: every malformed wallet call is a 4xx that moves nothing', async (t) => {
  const before = await available(p2.token);
  const values = [
    '',
    'x',
    '\u0000',
    '\ud800',
    'a'.repeat(500),
    -1,
    0,
    1.5,
    1e21,
    2 ** 53,
    null,
    true,
    [],
    {},
    { $gt: '' },
    '100',
    'DEBIT',
    'CREDIT',
  ];
  const keys = [
    'txnType',
    'txnId',
    'playerId',
    'roundId',
    'gameId',
    'amount',
    'currency',
    'walletSessionId',
    'betId',
    'junk',
  ];
  const statuses = new Map<number, number>();
  let i = 0;
  for (const url of [walletPaths.transactions, walletPaths.rollback]) {
    for (const key of keys) {
      for (const value of values) {
        const valid =
          url === walletPaths.rollback
            ? {
                txnId: `h-${i}`,
                betId: `hb-${i}`,
                playerId: p2.user._id,
                roundId: `hr-${i}`,
                gameId: 'rocket',
                amount: 100,
                currency: 'INR',
              }
            : { ...txn({ playerId: p2.user._id }), txnId: `h-${i}` };
        i++;
        const r = await wallet('POST', url, { ...valid, [key]: value });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 500 || (r.status === 201 && key !== 'junk' && key !== 'walletSessionId' && key !== 'betId'))
          t.fail(`${url} ${key}=${JSON.stringify(value)}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    for (const raw of ['', '{', '[]', 'null', '"x"', '{"__proto__":{"amount":1}}']) {
      const headers = {
        ...signProviderCall(SECRET, { method: 'POST', url, body: raw }),
        'content-type': 'application/json',
      };
      const r = await fetch(server.url + url, { method: 'POST', headers, body: raw });
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      t.ok(r.status >= 400 && r.status < 500, `${url} ${JSON.stringify(raw)}: ${r.status}`);
    }
  }
  t.comment(`answers by status: ${[...statuses].map(([s, c]) => `${s}: ${c}`).join(', ')}`);
  t.equal(await available(p2.token), before, 'no money moved');
});

t.test('partnership over many postings: every level carries its share of the total, to the paisa', async (t) => {
  // 240 stakes of ₹1.01: a share of 40% is 40.4 paise a posting, so rounding each posting down lost 96 paise.
  const session = await sessionOf(p2);
  for (let i = 0; i < 240; i++)
    t.equal(
      (
        await wallet(
          'POST',
          walletPaths.transactions,
          txn({ playerId: p2.user._id, amount: 101, walletSessionId: session }),
        )
      ).status,
      201,
    );
  for (const who of ['dealer1', 'agent1', 'master1', 'sadmin1']) {
    const a = (await call('GET', `/api/report/partnership?parent=${who}`, undefined, admin)).body.account;
    const players = Math.round(a.players.thirdParty * 100);
    const carried = Math.round(a.carried.thirdParty * 100);
    const bp = Math.round(a.share * 100);
    t.ok(
      Math.abs(carried * 10_000 + players * bp) <= 5_000,
      `${who} (${a.share}%) carries ${carried} paise of the house's ${-players}: within half a paisa`,
    );
  }
});

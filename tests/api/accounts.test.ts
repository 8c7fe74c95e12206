import t from 'tap';
import { currentTotp } from '../../services/gateway/src/auth/totp.js';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

const server = await startTestServer();
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';

const dealer = await tokenOf('dealer1');
const admin = await tokenOf('admin');
const idOf = async (token: string, username: string) =>
  (await call('GET', `/api/users/${username}`, undefined, token)).body.user._id as string;

t.test(
  'an admin creates an agent, the agent creates a player, deposits, the player is forced to change the password',
  async (t) => {
    const created = await call(
      'POST',
      '/api/users',
      {
        username: 'agent_new',
        fullName: 'New Agent',
        password: 'Start123',
        confirmPassword: 'Start123',
        role: 'mdl',
        creditReference: 1000,
        exposureLimit: 0,
        transactionPassword: TXN,
      },
      admin,
    );
    t.equal(created.status, 201, JSON.stringify(created.body));
    t.match(created.body.user, {
      username: 'agent_new',
      role: { slug: 'mdl', name: 'Agent' },
      balance: 0,
      creditReference: 1000,
      accountLocked: false,
    });

    t.match(
      await call(
        'POST',
        `/api/users/${created.body.user._id}/deposit`,
        { amount: '2500.50', transactionPassword: TXN },
        admin,
      ),
      { status: 200, body: { user: { balance: 2500.5 } } },
    );

    // The new agent must change the password, then set a transaction password, before it can move money.
    const first = await login('agent_new', true, 'Start123');
    t.match(first, { status: 200, body: { user: { mustChangePassword: true, hasTransactionPassword: false } } });
    const agent = first.body.token;
    t.match(
      await call('POST', '/api/users/first-password', { newPassword: 'Start123', confirmPassword: 'Start123' }, agent),
      { status: 400, body: { code: 'SAME_PASSWORD' } },
    );
    t.match(
      await call(
        'POST',
        '/api/users/first-password',
        { newPassword: 'Agent1234', confirmPassword: 'Agent1234' },
        agent,
      ),
      { status: 200, body: { needsTransactionPassword: true } },
    );
    const player = {
      username: 'player_new',
      fullName: 'P N',
      password: 'Play1234',
      confirmPassword: 'Play1234',
      role: 'user',
      creditReference: 500,
      exposureLimit: 500,
      transactionPassword: 'AgentTxn1',
    };
    t.match(await call('POST', '/api/users', player, agent), {
      status: 400,
      body: { message: 'Set your transaction password first' },
    });
    t.match(
      await call(
        'POST',
        '/api/users/transaction-password',
        { password: 'Agent1234', transactionPassword: 'AgentTxn1', confirmTransactionPassword: 'AgentTxn1' },
        agent,
      ),
      { status: 200 },
    );
    const p = await call('POST', '/api/users', player, agent);
    t.equal(p.status, 201);
    t.match(
      await call(
        'POST',
        `/api/users/${p.body.user._id}/deposit`,
        { amount: 1000, transactionPassword: 'AgentTxn1' },
        agent,
      ),
      { status: 200, body: { user: { balance: 1000 } } },
    );
    t.match(await call('GET', '/api/users/profile', undefined, agent), { body: { balance: { balance: 1500.5 } } });

    const pl = await login('player_new', false, 'Play1234');
    t.match(pl.body.user, { mustChangePassword: true, balance: { balance: 1000, exposer: 0 } });
    t.equal(
      (
        await call(
          'POST',
          '/api/users/first-password',
          { newPassword: 'Mine5678', confirmPassword: 'Mine5678' },
          pl.body.token,
        )
      ).status,
      200,
    );
    t.match(await login('player_new', false, 'Mine5678'), {
      status: 200,
      body: { user: { mustChangePassword: false } },
    });

    const statement = await call(
      'GET',
      '/api/transactions/statement',
      undefined,
      (await login('player_new', false, 'Mine5678')).body.token,
    );
    t.match(statement.body, {
      data: [{ description: 'Deposit from agent_new', credit: 1000, debit: 0, balance: 1000, kind: 'deposit' }],
      pagination: { total: 1, totalPages: 1 },
    });
  },
);

t.test('the client list pages, sorts, searches and drills down inside the downline only', async (t) => {
  const list = await call('GET', '/api/users/downline?sort=balance&order=desc', undefined, dealer);
  t.equal(list.status, 200);
  t.same(
    list.body.users.map((u: { username: string }) => u.username),
    ['player1', 'player2', 'player3'],
  );
  t.match(list.body.users[0], {
    balance: 100000,
    creditReference: 100000,
    exposure: 0,
    availableBalance: 100000,
    clientPnl: 0,
    betLocked: false,
  });
  t.match(await call('GET', '/api/users/downline?search=ayer2', undefined, dealer), {
    body: { total: 1, users: [{ username: 'player2' }] },
  });
  t.match(await call('GET', '/api/users/downline?limit=2&page=2', undefined, dealer), {
    body: { total: 3, page: 2, users: [{ username: 'player3' }] },
  });
  const drill = await call('GET', '/api/users/downline?parent=agent1', undefined, await tokenOf('sadmin1'));
  t.match(drill.body, {
    parent: { username: 'agent1' },
    breadcrumb: [{ username: 'sadmin1' }, { username: 'master1' }, { username: 'agent1' }],
    users: [{ username: 'dealer1' }],
  });
  t.match(await call('GET', '/api/users/downline?parent=admin', undefined, dealer), { status: 404 });
  t.match(await call('GET', '/api/users/downline?sort=password', undefined, dealer), {
    status: 400,
    body: { message: 'Unknown sort column' },
  });
  t.match(await call('GET', '/api/users/downline?limit=1000', undefined, dealer), { status: 400 });
});

t.test(
  'bad amounts, wrong transaction password and over-balance transfers: clear message, nothing changes',
  async (t) => {
    const p3 = await idOf(dealer, 'player3');
    const head = await server.store.head();
    const cases: [unknown, string][] = [
      [-5, 'Amount must not be negative'],
      [0, 'Amount must be greater than zero'],
      ['12.345', 'Amount can have at most 2 decimals (whole paise)'],
      [0.001, 'Amount can have at most 2 decimals (whole paise)'],
      [1e20, 'Amount is too large'],
      [Number.MAX_VALUE, 'Amount must be a number'],
      ['999999999999999', 'Amount is too large'],
      ['ten', 'Amount must be a number'],
      [null, 'Amount must be a number'],
    ];
    for (const [amount, message] of cases) {
      t.match(
        await call('POST', `/api/users/${p3}/deposit`, { amount, transactionPassword: TXN }, dealer),
        { status: 400, body: { message } },
        `amount ${amount}`,
      );
    }
    t.match(await call('POST', `/api/users/${p3}/deposit`, { amount: 10, transactionPassword: 'wrong' }, dealer), {
      status: 400,
      body: { message: 'Wrong transaction password' },
    });
    t.match(await call('POST', `/api/users/${p3}/deposit`, { amount: 10 }, dealer), {
      status: 400,
      body: { message: 'Missing required fields: transactionPassword' },
    });
    t.match(await call('POST', `/api/users/${p3}/deposit`, { amount: 10_000_000, transactionPassword: TXN }, dealer), {
      status: 400,
      body: { message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' },
    });
    t.match(await call('POST', `/api/users/${p3}/withdraw`, { amount: 25_000.01, transactionPassword: TXN }, dealer), {
      status: 400,
      body: { code: 'INSUFFICIENT_FUNDS' },
    });
    t.match(
      await call(
        'POST',
        '/api/users',
        {
          username: 'PLAYER1',
          fullName: 'Dup',
          password: 'Abcd1234',
          confirmPassword: 'Abcd1234',
          role: 'user',
          creditReference: 0,
          exposureLimit: 0,
          transactionPassword: TXN,
        },
        dealer,
      ),
      { status: 409, body: { message: 'Username already exists' } },
    );
    t.match(
      await call(
        'POST',
        '/api/users',
        {
          username: 'newbie',
          fullName: 'N',
          password: 'Abcd1234',
          confirmPassword: 'Abcd1235',
          role: 'user',
          creditReference: 0,
          exposureLimit: 0,
          transactionPassword: TXN,
        },
        dealer,
      ),
      { status: 400, body: { message: 'Password and confirm password must match' } },
    );
    t.match(
      await call(
        'POST',
        '/api/users',
        {
          username: 'newbie',
          fullName: 'N',
          password: 'Abcd1234',
          confirmPassword: 'Abcd1234',
          role: 'dl',
          creditReference: 0,
          exposureLimit: 0,
          transactionPassword: TXN,
        },
        dealer,
      ),
      { status: 400, body: { message: 'You can only create roles below your own' } },
    );
    t.equal(await server.store.head(), head, 'nothing was journalled');
    t.match((await call('GET', `/api/users/${p3}`, undefined, dealer)).body.user, { balance: 25000 });
  },
);

t.test('withdraw W takes chips back up; the statement shows both sides', async (t) => {
  const p2 = await idOf(dealer, 'player2');
  t.match(
    await call(
      'POST',
      `/api/users/${p2}/withdraw`,
      { amount: 100.25, remark: 'settle', transactionPassword: TXN },
      dealer,
    ),
    { status: 200, body: { user: { balance: 49899.75 } } },
  );
  const mine = await call('GET', '/api/transactions/statement?type=withdraw', undefined, dealer);
  t.match(mine.body.data[0], { description: 'Withdrawal from player2', credit: 100.25, remark: 'settle' });
  const theirs = await call('GET', `/api/transactions/statement?userId=${p2}`, undefined, dealer);
  t.match(theirs.body.data[0], { description: 'Withdrawn by dealer1', debit: 100.25, balance: 49899.75 });
  t.match(
    await call('GET', `/api/transactions/statement?userId=${p2}`, undefined, (await login('player1')).body.token),
    { status: 403 },
  );
  t.match(await call('GET', `/api/transactions/statement?userId=${await idOf(admin, 'sadmin1')}`, undefined, dealer), {
    status: 404,
  });
  t.match(await call('GET', '/api/transactions/statement?from=yesterday', undefined, dealer), {
    status: 400,
    body: { message: 'Invalid date in from (use YYYY-MM-DD)' },
  });
});

t.test('a locked player cannot log in; a bet lock is shown; unlocking restores access', async (t) => {
  const p1 = await idOf(dealer, 'player1');
  const session = await login('player1');
  t.match(
    await call(
      'PUT',
      `/api/users/${p1}/lock`,
      { accountLocked: true, betLocked: true, transactionPassword: TXN },
      dealer,
    ),
    { status: 200, body: { user: { accountLocked: true, betLocked: true } } },
  );
  t.match(await login('player1'), {
    status: 403,
    body: { message: 'Your account is locked. Please contact your upline.' },
  });
  t.equal(
    (await call('GET', '/api/users/profile', undefined, session.body.token)).status,
    401,
    'open sessions end at once',
  );
  t.match(await call('PUT', `/api/users/${p1}/lock`, { accountLocked: false, transactionPassword: TXN }, dealer), {
    body: { user: { accountLocked: false, betLocked: true } },
  });
  t.equal((await login('player1')).status, 200);
  await call('PUT', `/api/users/${p1}/lock`, { betLocked: false, transactionPassword: TXN }, dealer);
});

t.test('an upline resets a password; the owner changes its own with the current one', async (t) => {
  const p3 = await idOf(dealer, 'player3');
  t.match(
    await call(
      'PUT',
      `/api/users/${p3}/password`,
      { newPassword: 'Reset999', confirmPassword: 'Reset999', transactionPassword: TXN },
      dealer,
    ),
    { status: 200 },
  );
  const r = await login('player3', false, 'Reset999');
  t.match(r.body.user, { mustChangePassword: true });
  t.equal(
    (
      await call(
        'POST',
        '/api/users/first-password',
        { newPassword: 'Demo@123', confirmPassword: 'Demo@123' },
        r.body.token,
      )
    ).status,
    200,
  );
  const tok = (await login('player3')).body.token;
  t.match(
    await call(
      'POST',
      '/api/users/change-password',
      { currentPassword: 'nope', newPassword: 'Other123', confirmPassword: 'Other123' },
      tok,
    ),
    { status: 400, body: { message: 'Current password is wrong' } },
  );
  t.match(
    await call(
      'POST',
      '/api/users/change-password',
      { currentPassword: 'Demo@123', newPassword: 'Other123', confirmPassword: 'Other12' },
      tok,
    ),
    { status: 400, body: { message: 'New password and confirm password must match' } },
  );
  t.match(
    await call(
      'POST',
      '/api/users/change-password',
      { currentPassword: 'Demo@123', newPassword: 'short', confirmPassword: 'short' },
      tok,
    ),
    { status: 400, body: { message: 'New password must be at least 8 characters' } },
  );
  t.equal(
    (
      await call(
        'POST',
        '/api/users/change-password',
        { currentPassword: 'Demo@123', newPassword: 'Other123', confirmPassword: 'Other123' },
        tok,
      )
    ).status,
    200,
  );
  t.equal((await login('player3', false, 'Other123')).status, 200);
  const again = (await login('player3', false, 'Other123')).body.token;
  await call(
    'POST',
    '/api/users/change-password',
    { currentPassword: 'Other123', newPassword: 'Demo@1234', confirmPassword: 'Demo@1234' },
    again,
  );
});

t.test('credit reference and exposure limit edits', async (t) => {
  const p2 = await idOf(dealer, 'player2');
  t.match(
    await call(
      'PUT',
      `/api/users/${p2}/credit-reference`,
      { creditReference: 60000, transactionPassword: TXN },
      dealer,
    ),
    { body: { user: { creditReference: 60000, clientPnl: 49899.75 - 60000 } } },
  );
  t.match(
    await call('PUT', `/api/users/${p2}/exposure-limit`, { exposureLimit: '7500.5', transactionPassword: TXN }, dealer),
    { body: { user: { exposureLimit: 7500.5 } } },
  );
  t.match(
    await call(
      'PUT',
      `/api/users/${p2}`,
      { fullName: 'Player Two', creditReference: 60000, exposureLimit: 8000, transactionPassword: TXN },
      dealer,
    ),
    { body: { user: { fullName: 'Player Two', exposureLimit: 8000 } } },
  );
});

t.test('activity log: logins and security actions with time, IP and device', async (t) => {
  const tok = (await login('player2')).body.token;
  const log = await call('GET', '/api/activity-log', undefined, tok);
  t.equal(log.status, 200);
  t.match(log.body.data[0], { action: 'Logged in', ip: '127.0.0.1', at: String });
  t.ok(
    log.body.data.some(
      (r: { action: string; actor: string }) => r.action === 'Exposure limit changed' && r.actor === 'dealer1',
    ),
  );
  t.match(await call('GET', `/api/activity-log?userId=${await idOf(dealer, 'player2')}`, undefined, dealer), {
    status: 200,
    body: { data: [{ action: 'Logged in' }] },
  });
});

t.test('two-factor authentication: set up, verify, log in with the code, turn off', async (t) => {
  const tok = (await login('player1')).body.token;
  const setup = await call('POST', '/api/users/2fa/setup', undefined, tok);
  t.match(setup.body, { secret: String, otpauthUrl: /^otpauth:\/\/totp\// });
  t.match(
    await call(
      'POST',
      '/api/users/2fa/enable',
      { code: '000000' === currentTotp(setup.body.secret) ? '111111' : '000000' },
      tok,
    ),
    { status: 400, body: { message: 'Invalid authentication code' } },
  );
  t.match(await call('POST', '/api/users/2fa/enable', { code: currentTotp(setup.body.secret) }, tok), {
    status: 200,
    body: { enabled: true },
  });
  t.match(await login('player1'), { status: 401, body: { code: 'OTP_REQUIRED' } });
  t.match(await login('player1', false, 'Demo@123', '12345'), {
    status: 401,
    body: { message: 'Invalid authentication code' },
  });
  const withCode = await login('player1', false, 'Demo@123', currentTotp(setup.body.secret));
  t.match(withCode, { status: 200, body: { user: { totpEnabled: true } } });
  t.match(await call('POST', '/api/users/2fa/disable', { code: currentTotp(setup.body.secret) }, withCode.body.token), {
    status: 200,
    body: { enabled: false },
  });
  t.equal((await login('player1')).status, 200);
});

t.test('multi login: privileges are enforced by the gateway, not just hidden', async (t) => {
  const created = await call(
    'POST',
    '/api/users',
    {
      username: 'sub_agent',
      fullName: 'Sub',
      password: 'Start123',
      confirmPassword: 'Start123',
      role: 'agent',
      creditReference: 0,
      exposureLimit: 0,
      transactionPassword: TXN,
    },
    admin,
  );
  t.equal(created.status, 201);
  const catalog = await call('GET', '/api/roles/super-admin/permissions', undefined, admin);
  t.match(catalog.body.data[0], { category: 'Clients', permissions: [{ _id: 'view-clients', name: 'view-clients' }] });
  const byRole = await call('GET', '/api/downline-users-by-role?role_slugs=agent,admin', undefined, admin);
  t.match(byRole.body.data.users_by_role, [
    { role: 'agent', users: [{ username: 'sub_agent', email: { email: null } }] },
    { role: 'admin', users: [] },
  ]);
  t.match(
    await call(
      'PUT',
      `/api/users/${created.body.user._id}/permissions-password`,
      { permissions: ['view-clients'], newPassword: 'Sub12345', confirmNewPassword: 'Sub1234', transactionPass: TXN },
      admin,
    ),
    { status: 400, body: { message: 'New password and confirm password must match' } },
  );
  t.match(
    await call(
      'PUT',
      `/api/users/${created.body.user._id}/permissions-password`,
      { permissions: ['fly'], newPassword: null, confirmNewPassword: null, transactionPass: TXN },
      admin,
    ),
    { status: 400, body: { message: 'Unknown privilege: fly' } },
  );
  t.match(
    await call(
      'PUT',
      `/api/users/${created.body.user._id}/permissions-password`,
      { permissions: ['view-clients'], newPassword: 'Sub12345', confirmNewPassword: 'Sub12345', transactionPass: TXN },
      admin,
    ),
    { status: 200, body: { message: 'User is Seccessfuly updated' } },
  );
  const handed = (await login('sub_agent', true, 'Sub12345')).body.token;
  t.match(await call('GET', '/api/users/downline', undefined, handed), {
    status: 403,
    body: { message: 'Change your password before you continue' },
  });
  t.equal(
    (await call('POST', '/api/users/first-password', { newPassword: 'Sub56789', confirmPassword: 'Sub56789' }, handed))
      .status,
    200,
  );
  const sub = (await login('sub_agent', true, 'Sub56789')).body.token;
  t.match(await call('GET', '/api/users/profile', undefined, sub), { body: { permissions: ['view-clients'] } });
  t.equal((await call('GET', '/api/users/downline', undefined, sub)).status, 200);
  t.match(await call('POST', '/api/users', { username: 'x_x' }, sub), {
    status: 403,
    body: { message: 'You do not have the privilege for this action' },
  });
  t.match(await call('GET', '/api/roles/super-admin/permissions', undefined, sub), { status: 403 });
});

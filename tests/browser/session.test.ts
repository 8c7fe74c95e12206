import { randomUUID } from 'node:crypto';
import t, { type Test } from 'tap';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  openWithStorage,
  readStorage,
  storedSession,
  waitForPath,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Keeping a session: the first-load check, refresh on 401, session loss, live balance, inactivity, maintenance.
t.test('session upkeep', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer();
  t.teardown(() => server.close());
  const base = server.url;

  /** A page for one subtest, closed when it ends: a page left open keeps polling the server. */
  const open = async (t: Test) => {
    const browser = await launchBrowser();
    t.teardown(() => browser.close());
    return browser.page;
  };

  t.test('a Checking authentication screen shows while the stored session is checked', async (t) => {
    const page = await open(t);
    const session = storedSession('player', await apiLogin(base, 'player', 'player1'));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/users/profile', async (route) => {
      await held;
      await route.continue();
    });
    await openWithStorage(page, base, session, '/');
    await page.getByText('Checking authentication...').waitFor();
    t.pass('checking screen shown');
    release();
    await page.getByTestId('header-balance').waitFor();
    t.equal(new URL(page.url()).pathname, '/', 'then the lobby');
  });

  t.test('a stored session the server rejects is cleared and goes to /login', async (t) => {
    const page = await open(t);
    const { user } = await apiLogin(base, 'player', 'player1');
    await openWithStorage(
      page,
      base,
      { user_token: 'not-a-jwt', user_refresh_token: 'not-a-refresh-token', user: JSON.stringify(user) },
      '/profitloss',
    );
    await waitForPath(page, '/login');
    const stored = await readStorage(page);
    t.same([stored.user_token, stored.user_refresh_token, stored.user], [null, null, null], 'credentials cleared');
  });

  t.test('a rejected access token is refreshed once and the call retried', async (t) => {
    const page = await open(t);
    const auth = await apiLogin(base, 'player', 'player1');
    let refreshCalls = 0;
    await page.route('**/api/refresh-token', async (route) => {
      refreshCalls++;
      await route.continue();
    });
    await openWithStorage(
      page,
      base,
      { ...storedSession('player', auth), user_token: 'expired-or-bad-token' },
      '/accountstatement',
    );
    await page.getByRole('heading', { name: 'Account statement' }).waitFor();
    const stored = await readStorage(page);
    t.not(stored.user_token, 'expired-or-bad-token', 'new access token stored');
    t.not(stored.user_refresh_token, auth.refreshToken, 'refresh token rotated');
    t.equal(refreshCalls, 1, 'one refresh');
    t.equal(new URL(page.url()).pathname, '/accountstatement', 'stayed on the page');
  });

  t.test('a session ended elsewhere is noticed by the profile poll and goes to the login of its context', async (t) => {
    const page = await open(t);
    const auth = await apiLogin(base, 'admin', 'sadmin1');
    await openWithStorage(page, base, storedSession('admin', auth), '/admin/accountstatement');
    await page.getByRole('heading', { name: 'Account statement' }).waitFor();
    const res = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: auth.refreshToken }),
    });
    t.equal(res.status, 200, 'logged out from another place');
    await waitForPath(page, '/admin/login');
    t.equal((await readStorage(page)).admin_token, null, 'admin credentials cleared');
  });

  t.test('a balance pushed over the websocket updates the header without a reload', async (t) => {
    const page = await open(t);
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    const auth = await apiLogin(base, 'player', 'player1');
    await openWithStorage(page, base, storedSession('player', auth), '/');
    const header = page.getByTestId('header-balance');
    await header.waitFor();
    const before = auth.user.balance.balance;
    t.equal(await header.textContent(), inr(before));
    await waitFor(() => frames.some((f) => f.includes('"loginSuccess"')), 'socket logged in');
    t.pass('socket logged in with the stored token');

    // From now on only the socket can bring news: the profile poll is held.
    await page.route('**/api/users/profile', () => undefined);
    const { usernames } = server.engine.view;
    const result = await server.engine.execute({
      commandId: randomUUID(),
      correlationId: 'browser-test',
      actor: usernames.dealer1!,
      ip: null,
      device: 'test',
      at: new Date().toISOString(),
      command: {
        type: 'TransferChips',
        fromUserId: usernames.dealer1!,
        toUserId: usernames.player1!,
        amount: 1_234_56,
        remark: 'test top-up',
      },
    });
    t.ok(result.ok, 'chips transferred');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid=header-balance]')?.textContent === expected,
      inr(before + 1234.56),
    );
    t.equal(await page.getByTestId('wallet-balance').textContent(), inr(before + 1234.56), 'lobby card follows too');
  });

  t.test('two hours without mouse or keyboard logs out', async (t) => {
    const page = await open(t);
    await page.clock.install();
    await openWithStorage(page, base, storedSession('player', await apiLogin(base, 'player', 'player2')), '/');
    await page.getByTestId('header-balance').waitFor();
    await page.clock.fastForward('01:00:00');
    await page.mouse.move(10, 10);
    await page.mouse.move(40, 40);
    await page.clock.fastForward('01:30:00');
    await page.waitForTimeout(500);
    t.equal(new URL(page.url()).pathname, '/', 'a mouse move an hour in keeps the session');
    await page.clock.fastForward('02:00:01');
    await waitForPath(page, '/login');
    t.equal((await readStorage(page)).user_token, null, 'logged out');
  });
});

t.test('maintenance', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server = await startTestServer({ maintenance: true });
  t.teardown(() => server.close());
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const { page } = browser;

  t.test('a login answered with the maintenance flag shows Under Main', async (t) => {
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=username]', 'player1');
    await page.fill('input[name=password]', 'Demo@123');
    await page.click('button[type=submit]');
    await waitForPath(page, '/maintenance');
    t.equal(await page.locator('h1').textContent(), 'Under Main');
  });

  t.test('a stored session meeting maintenance on first load is logged out and shown Under Main', async (t) => {
    const record = {
      _id: 'u1',
      username: 'player1',
      fullName: 'Demo player1',
      role: { slug: 'user', name: 'USER' },
      balance: { balance: 0, exposer: 0 },
    };
    await openWithStorage(
      page,
      server.url,
      { user_token: 'token', user_refresh_token: 'refresh', user: JSON.stringify(record) },
      '/bethistory',
    );
    await waitForPath(page, '/maintenance');
    t.equal(await page.locator('h1').textContent(), 'Under Main');
    t.equal((await readStorage(page)).user_token, null, 'logged out');
  });
});

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

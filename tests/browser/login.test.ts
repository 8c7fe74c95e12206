import t, { type Test } from 'tap';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  loginWithForm,
  readStorage,
  screenshotPath,
  waitForPath,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Login and logout through the real pages against the whole product (SPEC.md sections 2, 4 and 7).
t.test('login and logout', { skip: browserSkipReason }, async (t) => {
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

  t.test('player1 logs in and lands on the lobby with the balance shown', async (t) => {
    const page = await open(t);
    await loginWithForm(page, base, 'player', 'player1');
    const header = page.getByTestId('header-balance');
    await header.waitFor();
    t.equal(await header.textContent(), '₹1,00,000.00', 'header balance in Indian grouping');
    t.equal(await page.getByTestId('header-exposure').textContent(), '₹0.00');
    t.equal(await page.getByTestId('wallet-balance').textContent(), '₹1,00,000.00', 'lobby welcome card');
    t.match(await page.locator('.welcome-card h1').textContent(), /Welcome, Demo player1/);
    const stored = await readStorage(page);
    t.ok(stored.user_token && stored.user_refresh_token, 'player tokens stored');
    t.equal(JSON.parse(stored.user!).username, 'player1', 'player record stored');
    t.equal(stored.admin_token, null, 'no admin session created');
  });

  t.test('the news line an admin sets shows under the player menu, at phone width too', async (t) => {
    const page = await open(t);
    await loginWithForm(page, base, 'player', 'player1');
    await page.getByTestId('header-balance').waitFor();
    t.equal(await page.getByTestId('news-line').count(), 0, 'no line while there is no message');
    const { token } = await apiLogin(base, 'admin', 'admin');
    const res = await fetch(`${base}/api/messages`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'Mumbai v Chennai: bookmaker closes at the 18th over' }),
    });
    t.equal(res.status, 200);
    await page.reload();
    const line = page.getByTestId('news-line');
    await line.waitFor();
    t.match(await line.textContent(), /Mumbai v Chennai: bookmaker closes at the 18th over/);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: screenshotPath('news-line-mobile') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: screenshotPath('news-line-desktop') });
  });

  t.test('admin logs in and lands on /admin with its own account', async (t) => {
    const page = await open(t);
    await loginWithForm(page, base, 'admin', 'admin');
    await page.getByTestId('admin-username').waitFor();
    t.equal(await page.getByTestId('admin-username').textContent(), 'admin');
    const { user } = await apiLogin(base, 'admin', 'admin');
    t.equal(
      await page.getByTestId('wallet-balance').textContent(),
      inr(user.balance.balance),
      'the balance the server holds',
    );
    t.match(await page.locator('.welcome-card').textContent(), /Role\s*Admin/);
    t.match(await page.locator('.topbar').textContent(), /admin\s*Admin/, 'header shows username and role name');
    const stored = await readStorage(page);
    t.ok(stored.admin_token && stored.admin_refresh_token, 'admin tokens stored');
    t.equal(JSON.parse(stored.admin!).role.slug, 'admin');
    t.equal(stored.user_token, null, 'no player session created');
  });

  t.test('a wrong password shows the server message inline, not as a toast', async (t) => {
    const page = await open(t);
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', 'player1');
    await page.fill('input[name=password]', 'wrong-password');
    await page.click('button[type=submit]');
    const error = page.locator('.form-error');
    await error.waitFor();
    t.equal(await error.textContent(), 'Invalid username or password');
    t.equal(await page.locator('.toast').count(), 0, 'no toast on a login page');
    t.equal(new URL(page.url()).pathname, '/login');
    t.equal(await page.locator('button[type=submit]').isEnabled(), true, 'can try again');
  });

  t.test('an admin account on the player login is told where to go', async (t) => {
    const page = await open(t);
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', 'agent1');
    await page.fill('input[name=password]', 'Demo@123');
    await page.click('button[type=submit]');
    await page.locator('.form-error').waitFor();
    t.equal(await page.locator('.form-error').textContent(), 'Admin accounts sign in at /admin/login');
  });

  t.test('the button reads Logging in... and is disabled while the call runs', async (t) => {
    const page = await open(t);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', 'player1');
    await page.fill('input[name=password]', 'Demo@123');
    await page.click('button[type=submit]');
    const button = page.locator('button[type=submit]');
    await page.waitForFunction(() => document.querySelector('button[type=submit]')?.textContent === 'Logging in...');
    t.equal(await button.isDisabled(), true);
    release();
    await waitForPath(page, '/');
  });

  t.test('player logout ends the session and returns to /login', async (t) => {
    const page = await open(t);
    await loginWithForm(page, base, 'player', 'player1');
    const token = (await readStorage(page)).user_token!;
    await page.click('.user-menu-button');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    const stored = await readStorage(page);
    t.same(
      [stored.user_token, stored.user_refresh_token, stored.user],
      [null, null, null],
      'player credentials cleared',
    );
    const res = await fetch(`${base}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
    t.equal(res.status, 401, 'the server ended the session too');
    await page.goto(`${base}/`);
    await waitForPath(page, '/login');
  });

  t.test('admin logout returns to /admin/login', async (t) => {
    const page = await open(t);
    await loginWithForm(page, base, 'admin', 'master1');
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/admin/login');
    const stored = await readStorage(page);
    t.same(
      [stored.admin_token, stored.admin_refresh_token, stored.admin],
      [null, null, null],
      'admin credentials cleared',
    );
  });

  t.test('a login that must change its password goes to /first-time-password-change', async (t) => {
    const page = await open(t);
    const auth = await apiLogin(base, 'player', 'player2');
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ json: { ...auth, user: { ...auth.user, mustChangePassword: true } } }),
    );
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', 'player2');
    await page.fill('input[name=password]', 'Demo@123');
    await page.click('button[type=submit]');
    await waitForPath(page, '/first-time-password-change');
    t.equal(await page.locator('fieldset').isDisabled(), true, 'form shown disabled until its API exists');
  });
});

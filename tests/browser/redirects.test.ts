import t, { type Test } from 'tap';
import type { Frame } from 'playwright-core';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  storedSession,
  waitForPath,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The redirect rules of SPEC.md section 2, each on a fresh page load with the stored session set up first.
t.test('redirect rules', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer();
  t.teardown(() => server.close());
  const base = server.url;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const { page } = browser;

  const player = storedSession('player', await apiLogin(base, 'player', 'player1'));
  const admin = storedSession('admin', await apiLogin(base, 'admin', 'admin'));

  /** Opens `from` with `storage` in place and expects the app to settle on `to`. */
  const expectRedirect = async (t: Test, storage: Record<string, string>, from: string, to: string) => {
    await openWithStorage(page, base, storage, from);
    await waitForPath(page, to);
    // Give a wrong second redirect the chance to happen before agreeing.
    await page.waitForTimeout(150);
    t.equal(new URL(page.url()).pathname, to, `${from} -> ${to}`);
  };

  t.test('no tokens: player pages go to /login', async (t) => {
    await expectRedirect(t, {}, '/', '/login');
    await expectRedirect(t, {}, '/accountstatement', '/login');
    await expectRedirect(t, {}, '/odds/4/123', '/login');
  });

  t.test('no tokens: admin pages go to /admin/login', async (t) => {
    await expectRedirect(t, {}, '/admin', '/admin/login');
    await expectRedirect(t, {}, '/admin/list-clients', '/admin/login');
    await expectRedirect(t, {}, '/admin/anything/at/all', '/admin/login');
  });

  t.test('a logged-in player on /login goes to /', async (t) => {
    await expectRedirect(t, player, '/login', '/');
  });

  t.test('a logged-in admin on /admin/login goes to /admin', async (t) => {
    await expectRedirect(t, admin, '/admin/login', '/admin');
  });

  t.test('a player session does not open the admin area', async (t) => {
    await expectRedirect(t, player, '/admin', '/admin/login');
    await expectRedirect(t, player, '/admin/list-clients', '/admin/login');
  });

  t.test('a token without a valid player record on a player page goes to /admin', async (t) => {
    // Only an admin session: it has a token, but no user record with role user.
    await expectRedirect(t, admin, '/', '/admin');
    await expectRedirect(t, admin, '/bethistory', '/admin');
    // A user token whose record is missing, beside an admin session.
    const { user: _record, ...tokenOnly } = player;
    await expectRedirect(t, { ...tokenOnly, ...admin }, '/', '/admin');
    // A user token whose account is not role user: the checked record says admin.
    await expectRedirect(
      t,
      { ...admin, user_token: admin.admin_token!, user_refresh_token: admin.admin_refresh_token!, user: admin.admin! },
      '/',
      '/admin',
    );
  });

  t.test('a token without a valid role and no admin session ends at /admin/login, through /admin', async (t) => {
    const { user: _record, ...tokenOnly } = player;
    const seen: string[] = [];
    const onNavigate = (frame: Frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    };
    page.on('framenavigated', onNavigate);
    await expectRedirect(t, tokenOnly, '/home', '/admin/login');
    page.off('framenavigated', onNavigate);
    t.ok(seen.includes('/admin'), `path taken: ${seen.join(' -> ')}`);
  });

  t.test('both sessions: each area uses its own', async (t) => {
    await expectRedirect(t, { ...player, ...admin }, '/', '/');
    await expectRedirect(t, { ...player, ...admin }, '/admin/list-clients', '/admin/list-clients');
  });

  t.test('public pages open without tokens', async (t) => {
    for (const path of [
      '/login',
      '/admin/login',
      '/first-time-password-change',
      '/transaction-password',
      '/admin/transaction-password',
      '/maintenance',
    ]) {
      await expectRedirect(t, {}, path, path);
    }
    await expectRedirect(t, {}, '/no/such/page', '/no/such/page');
    t.equal(await page.locator('h1').textContent(), 'Page not found');
  });
});

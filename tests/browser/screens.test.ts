import t from 'tap';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
  waitForPath,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };

// The shell's screens: layouts, placeholders, not-found, and screenshots at desktop and phone widths.
t.test('screens', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer();
  t.teardown(() => server.close());
  const base = server.url;
  const player = storedSession('player', await apiLogin(base, 'player', 'player1'));
  const admin = storedSession('admin', await apiLogin(base, 'admin', 'admin'));
  const agent = storedSession('admin', await apiLogin(base, 'admin', 'agent1'));

  const open = async (viewport = DESKTOP) => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    return browser.page;
  };

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    t.test(`screenshots at ${width} width`, async (t) => {
      const page = await open(viewport);
      await page.goto(`${base}/login`);
      await page.locator('input[name=username]').waitFor();
      await page.screenshot({ path: screenshotPath(`login-${width}`), fullPage: true });

      await page.fill('input[name=username]', 'player1');
      await page.fill('input[name=password]', 'wrong');
      await page.click('button[type=submit]');
      await page.locator('.form-error').waitFor();
      await page.screenshot({ path: screenshotPath(`login-error-${width}`), fullPage: true });

      await openWithStorage(page, base, player, '/');
      await page.getByTestId('wallet-balance').waitFor();
      await page.screenshot({ path: screenshotPath(`player-lobby-${width}`), fullPage: true });
      await page.click('.user-menu-button');
      await page.screenshot({ path: screenshotPath(`player-menu-${width}`) });

      await openWithStorage(page, base, admin, '/admin');
      await page.getByTestId('admin-username').waitFor();
      await page.screenshot({ path: screenshotPath(`admin-index-${width}`), fullPage: true });
      if (width === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: screenshotPath(`admin-menu-${width}`) });
      }

      await page.goto(`${base}/no/such/page`);
      await page.getByText('Page not found').waitFor();
      await page.screenshot({ path: screenshotPath(`not-found-${width}`), fullPage: true });
      t.pass('screenshots saved in tests/screenshots/');
    });
  }

  t.test('the player header and menu', async (t) => {
    const page = await open(MOBILE);
    await openWithStorage(page, base, player, '/');
    await page.getByTestId('header-balance').waitFor();
    t.match(await page.locator('.topbar').textContent(), /Balance\s*₹1,00,000\.00\s*Exposure\s*₹0\.00/);
    await page.click('.user-menu-button');
    const items = await page.getByRole('menuitem').allTextContents();
    for (const label of [
      'Account statement',
      'Profit & Loss',
      'Bet history',
      'Unsettled bets',
      'Button values',
      'Change password',
      'Activity log',
      'Security',
      'Rules',
      'Logout',
    ]) {
      t.ok(items.includes(label), `menu has ${label}`);
    }
    await page.getByRole('menuitem', { name: 'Bet history' }).click();
    await waitForPath(page, '/bethistory');
    t.equal(await page.locator('main h1').textContent(), 'Bet history', 'coming page inside the layout');
    t.equal(await page.locator('.user-menu-list').count(), 0, 'menu closed after navigating');
    t.equal(await page.title(), 'Bet history | Exchange');
  });

  t.test('pages name themselves and their parameters inside the real layout', async (t) => {
    const page = await open();
    await openWithStorage(page, base, player, '/casino-list/LC/4/23');
    await page.locator('[data-testid=casino-tiles] [data-game=dt20]').waitFor();
    t.equal(await page.locator('main h1').textContent(), 'Dragon Tiger');
    t.equal(await page.title(), 'Live casino: Dragon Tiger | Exchange');
    await openWithStorage(page, base, player, '/unsettledbet/deleted');
    t.equal(await page.locator('main h1').textContent(), 'Deleted Bet History');
    await openWithStorage(page, base, player, '/unsettledbet/open');
    t.equal(await page.locator('main h1').textContent(), 'Unsettled Bet History');
    // The match odds page is built: an unknown match says so inside the player layout.
    await openWithStorage(page, base, player, '/odds/4/1234567');
    t.equal(await page.locator('main h1').textContent(), 'Match not available');
    t.equal(await page.locator('.topbar').count(), 1, 'player header present');
    // Active matches is built: the optional match type picks the tab.
    await openWithStorage(page, base, admin, '/admin/active-matches/4');
    await page.locator('main h1', { hasText: 'Cricket' }).waitFor();
    t.match(await page.locator('main h1').textContent(), /^Active matches · Cricket$/);
    await openWithStorage(page, base, admin, '/admin/active-matches/4/inplay');
    t.equal(await page.locator('[role=tab][aria-selected=true]').textContent(), 'In play');
    await openWithStorage(page, base, admin, '/admin/sports-list');
    t.equal(await page.locator('main h1').textContent(), 'Sports list');
    await openWithStorage(page, base, admin, '/admin/list-clients/dealer1');
    t.match(await page.locator('.param-list').textContent(), /username\s*dealer1/);
  });

  t.test('sports set-up is for admin and super admin only', async (t) => {
    const page = await open();
    await openWithStorage(page, base, agent, '/admin/messages');
    t.equal(await page.locator('main h1').textContent(), 'Not available for your role');
    t.equal(await page.locator('.sidenav').getByText('Sports list').count(), 0, 'agent menu hides sports list');
    t.equal(await page.locator('.sidenav').getByText('Client list').count(), 1, 'agent menu has client list');
    await openWithStorage(page, base, admin, '/admin/messages');
    t.equal(await page.locator('main h1').textContent(), 'Messages');
    t.equal(await page.locator('.sidenav').getByText('Sports list').count(), 1, 'admin menu shows sports list');
  });

  t.test('unknown paths show the not-found page, in the back office inside its layout', async (t) => {
    const page = await open();
    await openWithStorage(page, base, player, '/no-such-page');
    t.equal(await page.locator('h1').textContent(), 'Page not found');
    await openWithStorage(page, base, admin, '/admin/no-such-page');
    t.equal(await page.locator('main h1').textContent(), 'Page not found');
    t.equal(await page.locator('.sidenav').count(), 1, 'inside the admin layout');
  });

  t.test('every route change scrolls to the top', async (t) => {
    const page = await open({ width: 375, height: 300 });
    await openWithStorage(page, base, player, '/');
    await page.getByTestId('wallet-balance').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    t.ok((await page.evaluate(() => window.scrollY)) > 0, 'scrolled down');
    await page.getByRole('link', { name: 'Account statement' }).click();
    await waitForPath(page, '/accountstatement');
    await page.waitForTimeout(100);
    t.equal(await page.evaluate(() => window.scrollY), 0, 'back at the top');
  });
});

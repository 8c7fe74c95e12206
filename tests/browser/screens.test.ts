import t, { type Test } from 'tap';
import {
  animationsDone,
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
  waitForPath,
} from '../helpers/browser.js';
import { createSimulator } from '@exch/feeds';
import { RaceFeed } from '../helpers/race-feed.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };

// The shell's screens: layouts, placeholders, not-found, and screenshots at desktop and phone widths.
t.test('screens', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  // The simulator's sports and a real exchange's races (helpers/race-feed.ts).
  const races = new RaceFeed(createSimulator({ seed: 7, tickMs: 1000 }));
  const server: TestServer = await startTestServer({ feedPort: races });
  t.teardown(() => server.close());
  const base = server.url;
  const player = storedSession('player', await apiLogin(base, 'player', 'player1'));
  const admin = storedSession('admin', await apiLogin(base, 'admin', 'admin'));
  const agent = storedSession('admin', await apiLogin(base, 'admin', 'agent1'));

  /** A page for one subtest, closed when it ends: a page left open keeps polling the server. */
  const open = async (t: Test, viewport = DESKTOP) => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    return browser.page;
  };

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    t.test(`screenshots at ${width} width`, async (t) => {
      const page = await open(t, viewport);
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
        await animationsDone(page);
        await page.screenshot({ path: screenshotPath(`admin-menu-${width}`) });
      }

      await page.goto(`${base}/no/such/page`);
      await page.getByText('Page not found').waitFor();
      await page.screenshot({ path: screenshotPath(`not-found-${width}`), fullPage: true });
      t.pass('screenshots saved in tests/screenshots/');
    });
  }

  t.test(
    'race cards: WIN and PLACE side by side on a desktop, stacked on a phone; the back office shows the source',
    async (t) => {
      races.send(RaceFeed.definition('HR1-WIN', {}, { 7005: ['REMOVED', 16.2] }));
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        const page = await open(t, viewport);
        await openWithStorage(page, base, player, '/home?sport=7');
        await page.locator('[data-match-id="HR1"]').waitFor();
        t.match(await page.locator('[data-match-id="HR1"]').textContent(), /14:30 Ascot.*7 runners/);
        await page.locator('[data-match-id="HR1"]').click();
        const win = page.locator('[data-market-id="HR1-WIN"]');
        const place = page.locator('[data-market-id="HR1-PLC"]');
        await place.locator('.runner-row[data-sid="7008"] .price-cell.best').first().waitFor();
        t.equal(await win.locator('.runner-row[data-sid]').count(), 8, `${width}: eight runners in the WIN market`);
        t.equal(await place.locator('.runner-row[data-sid]').count(), 8, `${width}: and in the PLACE market`);
        t.match(await place.locator('.market-head').textContent(), /To Be Placed.*2 places/);
        t.match(await win.locator('.runner-row[data-sid="7001"] .runner-no').textContent(), '1');
        await win.locator('.runner-row[data-sid="7005"] .non-runner').waitFor();
        t.match(
          await win.locator('.runner-row[data-sid="7005"]').textContent(),
          /Sea The Moon.*NR 16\.2%.*Non-runner/i,
        );
        const [w, p] = [await win.boundingBox(), await place.boundingBox()];
        if (width === 'desktop') t.ok(w && p && Math.abs(w.y - p.y) < 2 && p.x > w.x, 'side by side');
        else t.ok(w && p && p.y > w.y + w.height - 1, 'stacked');
        await page.screenshot({ path: screenshotPath(`race-card-${width}`), fullPage: true });

        await openWithStorage(page, base, player, '/odds/4339/GR1');
        await page.locator('[data-market-id="GR1-WIN"] .runner-row[data-sid="8006"] .trap-6').waitFor();
        await page.screenshot({ path: screenshotPath(`race-card-greyhounds-${width}`), fullPage: true });

        await openWithStorage(page, base, admin, '/admin/event-management');
        await page.locator('tr[data-market-id="HR1-PLC"]').waitFor();
        t.equal(
          await page.locator('tr[data-market-id="HR1-PLC"] [data-testid="market-source"]').textContent(),
          'Exchange feed',
        );
        t.equal(
          await page.locator('tr[data-market-id="sim-201.mo"] [data-testid="market-source"]').textContent(),
          'Simulator',
        );
        await page.screenshot({ path: screenshotPath(`admin-events-racing-${width}`), fullPage: true });
      }
    },
  );

  t.test('the player header and menu', async (t) => {
    const page = await open(t, MOBILE);
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
    const page = await open(t);
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
    const page = await open(t);
    await openWithStorage(page, base, agent, '/admin/messages');
    t.equal(await page.locator('main h1').textContent(), 'Not available for your role');
    t.equal(await page.locator('.sidenav').getByText('Sports list').count(), 0, 'agent menu hides sports list');
    t.equal(await page.locator('.sidenav').getByText('Client list').count(), 1, 'agent menu has client list');
    await openWithStorage(page, base, admin, '/admin/messages');
    t.equal(await page.locator('main h1').textContent(), 'Messages');
    t.equal(await page.locator('.sidenav').getByText('Sports list').count(), 1, 'admin menu shows sports list');
  });

  t.test('unknown paths show the not-found page, in the back office inside its layout', async (t) => {
    const page = await open(t);
    await openWithStorage(page, base, player, '/no-such-page');
    t.equal(await page.locator('h1').textContent(), 'Page not found');
    await openWithStorage(page, base, admin, '/admin/no-such-page');
    t.equal(await page.locator('main h1').textContent(), 'Page not found');
    t.equal(await page.locator('.sidenav').count(), 1, 'inside the admin layout');
  });

  t.test('a browser keeps the built scripts and styles for good, and checks the page itself every load', async (t) => {
    const page = await fetch(`${base}/accountstatement`);
    t.equal(page.headers.get('cache-control'), 'public, max-age=0', 'the page: asked again each time');
    const assets = [...(await page.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    t.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), 'the page names its assets');
    for (const asset of assets) {
      const res = await fetch(`${base}${asset}`);
      t.equal(
        res.headers.get('cache-control'),
        'public, max-age=31536000, immutable',
        `${asset}: named by its content`,
      );
    }
  });

  t.test('every route change scrolls to the top', async (t) => {
    const page = await open(t, { width: 375, height: 300 });
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

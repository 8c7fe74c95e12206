import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MatchDetail } from '@exch/contracts';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  logToasts,
  openWithStorage,
  painted,
  screenshotPath,
  storedSession,
} from '../helpers/browser.js';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';

const VIEWPORTS = [
  ['desktop', { width: 1366, height: 768 }],
  ['mobile', { width: 375, height: 812 }],
] as const;
const TXN = 'Txn@1234';

/**
 * The walk-through's fixes in a browser at 1366 and 375 px, on one server: live TV and score
 * frames from an allowed origin (and a page saying 'Invalid Event ID' hidden), odds read with two
 * decimals, the flash keeps back blue, a fancy No's panel says what it wins and risks, a bet-locked
 * player is told before a slip opens, the phone's PLACED BET tab and the top menu's scroll hint,
 * event management read-only for an agent, and Multi login's demo sub-logins.
 */
t.test('walk-through', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  // A stand-in for the stream provider: one good page and one that says the event is unknown.
  const streams = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(req.url === '/bad' ? '<p>Invalid Event ID</p>' : '<!doctype html><title>tv</title><p>LIVE</p>');
  });
  await new Promise<void>((r) => streams.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => streams.close(() => r())));
  const streamHost = `http://127.0.0.1:${(streams.address() as AddressInfo).port}`;

  const server = await startTestServer({ feedTickMs: 3_600_000, frameOrigins: [streamHost] });
  t.teardown(() => server.close());
  const base = server.url;
  const { call, login, tokenOf } = caller(server);
  const admin = await tokenOf('admin');

  t.test('stream URLs: validated, origins allowed, a page saying Invalid Event ID hidden', async (t) => {
    t.match(await call('PUT', '/api/admin/matches/sim-101/streams', { tvUrl: 'not a url', scoreUrl: null }, admin), {
      status: 400,
      body: { message: 'tvUrl must be a valid http or https URL' },
    });
    t.match(
      await call(
        'PUT',
        '/api/admin/matches/sim-101/streams',
        { tvUrl: 'https://elsewhere.example/tv', scoreUrl: null },
        admin,
      ),
      {
        status: 400,
        body: { message: 'Frames from https://elsewhere.example are not allowed: add it to FRAME_ORIGINS' },
      },
    );
    t.match(
      await call(
        'PUT',
        '/api/admin/matches/sim-101/streams',
        { tvUrl: `${streamHost}/tv`, scoreUrl: `${streamHost}/score` },
        await tokenOf('agent1'),
      ),
      { status: 403 },
    );
    t.match(
      await call(
        'PUT',
        '/api/admin/matches/sim-101/streams',
        { tvUrl: `${streamHost}/tv`, scoreUrl: `${streamHost}/score` },
        admin,
      ),
      { status: 200, body: { message: 'Streams saved' } },
    );
    t.match(
      await call('PUT', '/api/admin/matches/sim-201/streams', { tvUrl: `${streamHost}/bad`, scoreUrl: '' }, admin),
      { status: 200 },
    );
    const player = (await login('player1')).body.token;
    t.same((await call('GET', '/api/matches/sim-101/streams', undefined, player)).body, {
      tv: `${streamHost}/tv`,
      score: `${streamHost}/score`,
    });
    t.same(
      (await call('GET', '/api/matches/sim-201/streams', undefined, player)).body,
      { tv: null, score: null },
      'Invalid Event ID: not shown',
    );
  });

  // A fancy priced by hand for the No panel, a pending bookmaker bet for PLACED BET, player3's betting locked.
  await call(
    'PUT',
    '/api/admin/markets/sim-101.f1/house-price',
    { noLine: 50, noRate: 100, yesLine: 51, yesRate: 100 },
    admin,
  );
  await call(
    'PUT',
    '/api/admin/markets/sim-101.bm/settings',
    { min: 100, max: 100000, betDelaySec: 0, commissionPercent: 0 },
    admin,
  );
  await call('PUT', '/api/admin/markets/sim-101.bm/house-price', { selectionId: 101, back: 90, lay: 92 }, admin);
  const p1 = (await login('player1')).body as { token: string; user: { _id: string } };
  const d = (await call('GET', '/api/matches/sim-101', undefined, admin)).body as MatchDetail;
  for (const stake of [100, 200, 300, 400, 500, 600, 700])
    await call('POST', '/api/bets', betBody(d, 'sim-101.bm', 101, 'back', 90, stake, p1.user._id), p1.token);
  await call('PUT', '/api/users/player3/lock', { betLocked: true, transactionPassword: TXN }, await tokenOf('dealer1'));

  const player1 = storedSession('player', await apiLogin(base, 'player', 'player1'));
  const player3 = storedSession('player', await apiLogin(base, 'player', 'player3'));
  const agent = storedSession('admin', await apiLogin(base, 'admin', 'agent1'));
  const adminSession = storedSession('admin', await apiLogin(base, 'admin', 'admin'));

  for (const [width, viewport] of VIEWPORTS) {
    t.test(`at ${width} width`, async (t) => {
      const browser = await launchBrowser(viewport);
      t.teardown(() => browser.close());
      const page = browser.page;
      await logToasts(page);
      const shoot = (name: string) =>
        page.screenshot({ path: screenshotPath(`walkthrough-${name}-${width}`), fullPage: true });

      await openWithStorage(page, base, player1, '/odds/4/sim-101');
      await page.getByTestId('match-name').waitFor();
      await shoot('match');
      const back = page.locator(
        '.runner-market.kind-match_odds .runner-row[data-sid="101"] .price-cell.back.best .price-odds',
      );
      await back.waitFor();
      t.match(await back.textContent(), /^\d+\.\d\d$/, 'match odds with two decimals, as the back office shows them');
      const colours = await page
        .locator('.runner-market.kind-match_odds .price-cell.back.best')
        .first()
        .evaluate((el) => {
          const before = getComputedStyle(el).backgroundColor;
          el.classList.add('flash');
          const during = getComputedStyle(el).backgroundColor;
          el.classList.remove('flash');
          return { before, during };
        });
      t.equal(colours.during, colours.before, 'a flashing cell keeps its back blue');
      if (width === 'desktop') {
        await page.locator('iframe.stream-tv').waitFor();
        t.equal(await page.locator('iframe.stream-score').getAttribute('src'), `${streamHost}/score`);
        t.equal(
          await page.frameLocator('iframe.stream-tv').locator('p').textContent(),
          'LIVE',
          'the frame loads under the Content-Security-Policy',
        );
      } else {
        await page.getByRole('tab', { name: 'TV' }).click();
        await page.locator('iframe.stream-tv-mobile').waitFor();
        await shoot('tv-tab');
        await page.getByRole('tab', { name: /PLACED BET/ }).click();
        const box = page.locator('.placed-bets-tab .my-bets-box');
        await box.locator('tbody tr').nth(6).waitFor();
        const fits = await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
        t.ok(fits, 'every placed bet shows, no 200 px scrolling box');
        await shoot('placed-bet-tab');
        t.equal(
          await page.locator('.mainnav').evaluate((el) => getComputedStyle(el, '::after').content),
          '"›"',
          'the top menu shows it scrolls',
        );
        await page.getByRole('tab', { name: 'ODDS' }).click();
      }
      const no = page.locator('.fancy-row[data-market-id="sim-101.f1"] button.price-cell.lay');
      await no.click();
      const slip = page.getByTestId('place-bet');
      await slip.locator('input[name=stake]').fill('500');
      t.equal(
        await slip.getByTestId('slip-risk').textContent(),
        'No at 50 runs, rate 100: wins ₹500.00, risks ₹500.00.',
        'a fancy No says what it wins and risks',
      );
      t.equal(await slip.getByTestId('slip-profit').textContent(), '500.00');
      await shoot('fancy-no-slip');

      await openWithStorage(page, base, player3, '/odds/4/sim-101');
      await page.getByTestId('bet-locked').waitFor();
      // Below the score board on a phone: scrolled to first, and clicked once the scroll has been
      // painted (Chromium routes a click right after a scroll by the old place of the score frame,
      // a cross-origin iframe, which then takes it).
      const lockedBack = page.locator('.runner-market.kind-match_odds .price-cell.back.best').first();
      await lockedBack.scrollIntoViewIfNeeded();
      await painted(page);
      await lockedBack.click();
      await page.waitForFunction(() =>
        (window as unknown as { toastLog: string[] }).toastLog.some((m) => m.includes('Betting is locked')),
      );
      t.equal(await page.getByTestId('place-bet').count(), 0, 'no slip opens for a bet-locked player');
      await shoot('bet-locked');

      await openWithStorage(page, base, agent, '/admin/event-management');
      await page.getByTestId('event-readonly').waitFor();
      t.equal(await page.getByRole('button', { name: 'Declare' }).count(), 0, 'an agent only looks');
      await page.locator('tr[data-market-id="sim-101.bm"]').waitFor();
      await shoot('event-management-agent');

      await openWithStorage(page, base, adminSession, '/admin/multi-login');
      await page.getByText('subadmin1').first().waitFor();
      t.ok(await page.getByText('subagent1').first().isVisible(), 'the demo sub-logins are listed');
      await shoot('multi-login');
    });
  }

  t.test("the admin's Live TV dialog opens on the URLs as set, hidden or not, and saves", async (t) => {
    const browser = await launchBrowser(VIEWPORTS[0][1]);
    t.teardown(() => browser.close());
    const page = browser.page;
    await openWithStorage(page, base, adminSession, '/admin/odds/4/sim-201');
    await page.getByRole('button', { name: 'Live TV / score' }).click();
    const tv = page.locator('input[name=tvUrl]');
    await tv.waitFor();
    t.equal(
      await tv.inputValue(),
      `${streamHost}/bad`,
      'the TV URL as set, though its page says Invalid Event ID and players do not see it',
    );
    await tv.fill(`${streamHost}/tv2`);
    await page.locator('input[name=scoreUrl]').fill(`${streamHost}/score2`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Streams saved').waitFor();
    t.same((await call('GET', '/api/admin/matches/sim-201/streams', undefined, admin)).body, {
      tv: `${streamHost}/tv2`,
      score: `${streamHost}/score2`,
    });
    await page.screenshot({ path: screenshotPath('walkthrough-streams-dialog-desktop'), fullPage: true });
  });
});

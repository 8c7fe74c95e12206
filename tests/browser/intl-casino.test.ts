/**
 * The international casino in a real browser, at 1366 and 375 px on one server: player1 opens the
 * provider's lobby (/casino/international), plays a round of European roulette in the frame (a
 * separate origin with its own CSP; neither page may report a violation), the header's balance
 * follows the wallet, EXIT returns to the casino's tiles, and the statement names the game and the
 * round of the bet and of the win. Then the tiles by category and sub-category, and the back
 * office's third-party report.
 */
import t from 'tap';
import type { FrameLocator, Page } from 'playwright-core';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
} from '../helpers/browser.js';
import { caller } from '../helpers/api.js';
import { startTestServer } from '../helpers/server.js';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1366, height: 768 } },
  { name: 'mobile', size: { width: 375, height: 812 } },
];

const rupees = (text: string | null): number => Number((text ?? '').replace(/[₹,\s]/g, ''));

t.test(
  "player1 plays roulette in the provider's frame and the balance, EXIT and statement follow",
  { skip: browserSkipReason },
  async (t) => {
    ensureWebBuilt();
    const server = await startTestServer({ feedTickMs: 0 });
    t.teardown(() => server.close());
    const base = server.url;
    const auth = await apiLogin(base, 'player', 'player1');
    const player = storedSession('player', auth);
    const admin = storedSession('admin', await apiLogin(base, 'admin', 'admin'));
    // ₹100 on a Dragon Tiger round left open: the exposure the game's available balance leaves out.
    const { call } = caller(server);
    t.equal(await server.dealer!.step('dt20'), 'opened');
    const mid = (await call('GET', '/api/casino/tables/dt20', undefined, auth.token)).body.round.mid as string;
    const placed = await call(
      'POST',
      '/api/bets',
      {
        user_id: auth.user._id,
        event_id: 'dt20',
        event_name: 'dt20',
        market_id: mid,
        market_type: 'CASINO',
        selection: 1,
        selection_name: 'Dragon',
        odds: 2,
        stake: 100,
        bet_type: 'casino',
        odds_type: 'back',
        table_id: 'dt20',
        game_round_id: mid,
      },
      auth.token,
    );
    t.equal(placed.status, 200, 'a casino bet under way');

    for (const { name, size } of VIEWPORTS) {
      await t.test(`at ${size.width} px`, async (t) => {
        const browser = await launchBrowser(size);
        t.teardown(() => browser.close());
        const page: Page = browser.page;
        await openWithStorage(page, base, player, '/casino/international');

        // The provider's lobby, in the frame under the site's header.
        await page.getByTestId('game-frame-title').filter({ hasText: 'Monsoon Games lobby' }).waitFor();
        const frame: FrameLocator = page.frameLocator('iframe.intl-frame-game');
        await frame.locator('.tile').first().waitFor();
        t.equal(await frame.locator('.tile').count(), 3, 'three games in the lobby');
        await frame.locator('#balance').filter({ hasText: '₹' }).waitFor();
        const header = page.getByTestId('header-balance');
        const before = rupees(await header.textContent());
        const exposure = rupees(await page.getByTestId('header-exposure').textContent());
        t.equal(exposure, 100);
        t.match(
          await frame.locator('#wallet').textContent(),
          /^Available ₹/,
          'the game names its figure as the site does',
        );
        t.equal(
          rupees(await frame.locator('#balance').textContent()),
          before - exposure,
          "the game shows the wallet's available balance: balance less exposure",
        );
        await page.screenshot({ path: screenshotPath(`intl-casino-lobby-${name}`) });

        // A round that always wins something: ₹100 on red, ₹100 on black, ₹10 on zero.
        await frame.locator('.tile[data-game="european-roulette"]').click();
        await frame.locator('#spin').waitFor();
        await frame.locator('[data-chip="10000"]').click();
        await frame.locator('[data-bet="red"]').click();
        await frame.locator('[data-bet="black"]').click();
        await frame.locator('[data-chip="1000"]').click();
        await frame.locator('[data-bet="straight"][data-number="0"]').click();
        t.equal(await frame.locator('#stake').textContent(), '₹210.00');
        await page.screenshot({ path: screenshotPath(`intl-casino-roulette-bets-${name}`) });
        await frame.locator('#spin').click();
        const result = frame.locator('#result-text.win');
        await result.waitFor();
        const text = (await result.textContent()) ?? '';
        const won = rupees(/win (₹[\d,.]+)/.exec(text)?.[1] ?? '');
        const number = Number(text.split(' ')[0]);
        t.equal(won, number === 0 ? 360 : 200, `the ball fell on ${number}: ${text}`);
        const roundId = await frame.locator('body').getAttribute('data-round');
        t.match(roundId, /^eur-/);

        // The header follows the wallet: the stake out, the win in.
        const after = before - 210 + won;
        await header.filter({ hasText: inr(after) }).waitFor();
        t.equal(rupees(await frame.locator('#balance').textContent()), after - exposure, 'and so does the game');
        await page.screenshot({ path: screenshotPath(`intl-casino-roulette-${name}`) });

        // EXIT: back to the casino's lobby of tiles.
        await page.getByTestId('game-exit').click();
        await page.waitForURL((url) => url.pathname === '/casino-int/all');
        await page.locator('.intl-tile').first().waitFor();
        t.equal(await page.locator('.intl-frame').count(), 0, 'the frame is gone');
        await page.screenshot({ path: screenshotPath(`intl-casino-tiles-${name}`), fullPage: true });

        // The statement: the bet and the win, each with the game and the round.
        await page.goto(`${base}/accountstatement`);
        const rows = page.locator('.statement-table tbody tr');
        await rows.filter({ hasText: `European Roulette, round ${roundId}: win` }).waitFor();
        t.match(
          await rows.filter({ hasText: `European Roulette, round ${roundId}: win` }).textContent(),
          inr(won).replace('₹', ''),
        );
        t.match(await rows.filter({ hasText: `European Roulette, round ${roundId}: bet` }).textContent(), '210.00');
        await page.screenshot({ path: screenshotPath(`intl-casino-statement-${name}`), fullPage: true });

        // A tile opens its game full screen, named, with EXIT; categories and sub-category tabs filter the tiles.
        await page.goto(`${base}/casino-int/all?category=Slots`);
        await page.locator('.intl-tabs [role=tab]', { hasText: 'Classic 3-reel' }).click();
        await page.waitForURL((url) => url.searchParams.get('sub') === 'Classic 3-reel');
        t.same(await page.locator('.intl-tile-name').allTextContents(), ['Lotus Sevens']);
        await page.locator('.intl-tile').click();
        await page.getByTestId('game-frame-title').filter({ hasText: 'Lotus Sevens' }).waitFor();
        await page.frameLocator('iframe.intl-frame-game').locator('.paytable').waitFor();
        await page.screenshot({ path: screenshotPath(`intl-casino-slot-${name}`) });
        await page.getByTestId('game-exit').click();
        await page.waitForURL(
          (url) => url.searchParams.get('play') === null && url.searchParams.get('category') === 'Slots',
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        t.equal(overflow, 0, 'nothing wider than the screen');

        // A flight of Rocket draws its trail, every point a number, and the page logs no error.
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        await page.goto(`${base}/casino-int/all?play=rocket`);
        const rocket = page.frameLocator('iframe.intl-frame-game');
        await rocket.locator('#target-input').fill('1.01');
        await rocket.locator('#launch').click();
        await rocket.locator('#sky.cashed, #sky.crashed').waitFor();
        const points = (await rocket.locator('#trail').getAttribute('points')) ?? '';
        t.match(points, /^\d[\d., ]*$/, 'the trail is drawn');
        t.same(errors, [], 'no error logged in flight');

        await openWithStorage(page, base, admin, '/admin/game-reports/third-party');
        const game = page.getByTestId('third-party-report').locator('tbody tr', { hasText: 'European Roulette' });
        await game.waitFor();
        t.equal(await game.locator('td[data-label=Provider]').textContent(), 'Monsoon Games', 'the name, not the id');
        t.match(await page.getByTestId('report-side').textContent(), /house's side/);
        await page.screenshot({ path: screenshotPath(`intl-casino-report-${name}`), fullPage: true });
      });
    }
  },
);

import t from 'tap';
import type { MatchDetail } from '@exch/contracts';
import { createSimulator } from '@exch/feeds';
import { DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
  waitForToast,
  watchToasts,
} from '../helpers/browser.js';
import { betBody, best } from '../helpers/exchange.js';
import { RaceFeed } from '../helpers/race-feed.js';
import { startTestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };
const WIDTHS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

/**
 * Races and matches as people read them (issue 46), at 1366 and 375 px on one server: the lobby's
 * race line with the WIN market's favourites, the race card, a place market declared by hand with
 * both its placed runners and the statement line naming them, and the match page's score after the
 * innings break (the simulator opens on the chase). Prices stand still (one tick an hour).
 */
t.test('races and the chase at both widths', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server = await startTestServer({
    feedPort: new RaceFeed(createSimulator({ seed: 7, tickMs: 3_600_000 })),
    feedSettleDelayMs: null,
  });
  t.teardown(() => server.close());
  const playerAuth = await apiLogin(server.url, 'player', 'player1');
  const player = storedSession('player', playerAuth);
  const admin = storedSession('admin', await apiLogin(server.url, 'admin', 'admin'));
  const detail = async (matchId: string): Promise<MatchDetail> =>
    (
      await fetch(`${server.url}/api/matches/${matchId}`, { headers: { authorization: `Bearer ${playerAuth.token}` } })
    ).json() as Promise<MatchDetail>;

  const pages = new Map<string, Awaited<ReturnType<typeof launchBrowser>>['page']>();
  for (const [width, viewport] of WIDTHS) {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    await watchToasts(browser.page);
    pages.set(width, browser.page);
  }

  t.test("the lobby's race line: the WIN market's favourites, then the race card", async (t) => {
    for (const [width] of WIDTHS) {
      const page = pages.get(width)!;
      await openWithStorage(page, server.url, player, '/home?sport=7');
      const row = page.locator('[data-match-id="HR1"]');
      await row.locator('.lobby-prices[data-sid="7001"] .price-cell.back', { hasText: '3.00' }).waitFor();
      t.same(
        await row.locator('.lobby-runner').allTextContents(),
        ['Frankel Star', 'Desert Crown', 'Baaeed Legacy'],
        `${width}: the three favourites of the WIN market`,
      );
      t.same(
        await row.locator('.price-cell.back').allTextContents(),
        ['3.00', '3.60', '4.40'],
        `${width}: at their WIN prices, not the PLACE market's 1.50`,
      );
      t.match(await row.textContent(), /14:30 Ascot.*8 runners ›/);
      await page.screenshot({ path: screenshotPath(`lobby-races-${width}`), fullPage: true });

      await row.click();
      const win = page.locator('[data-market-id="HR1-WIN"]');
      await win.locator('.runner-row[data-sid="7001"] .price-cell.back.best', { hasText: '3.00' }).waitFor();
      t.match(
        await page
          .locator('[data-market-id="HR1-PLC"] .runner-row[data-sid="7001"] .price-cell.back.best')
          .textContent(),
        /^1\.50/,
        `${width}: the race card shows PLACE beside WIN`,
      );
      await page.screenshot({ path: screenshotPath(`race-card-win-place-${width}`), fullPage: true });
    }
  });

  t.test(
    'the match page after the innings break: both innings, the target, what the chase needs, who is in',
    async (t) => {
      const { score } = await detail('sim-101');
      const first = score!.previous[0]!;
      t.match(score, { innings: 2, battingTeam: 'Chennai', runs: 0, target: first.runs + 1 });
      for (const [width] of WIDTHS) {
        const page = pages.get(width)!;
        await openWithStorage(page, server.url, player, '/odds/4/sim-101');
        const board = page.getByTestId('score');
        await board.waitFor();
        t.equal(
          await board.getByTestId('score-previous').textContent(),
          `Mumbai${first.runs}/${first.wickets} (${first.overs} ov)`,
          `${width}: the first innings`,
        );
        t.match(await board.locator('.score-line').textContent(), `0/0(0.0 ov)Target ${first.runs + 1}`);
        t.equal(
          await board.getByTestId('score-chase').textContent(),
          `Chennai need ${first.runs + 1} runs from 120 balls`,
          `${width}: what the chase needs`,
        );
        t.same(
          await board.getByTestId('batsman').allTextContents(),
          ['K. Iyer*0 (0)', 'M. Raman0 (0)'],
          `${width}: the openers, the striker marked`,
        );
        t.same(await board.getByTestId('bowler').allTextContents(), ['K. Pawar0.0-0-0-0'], `${width}: the bowler`);
        t.match(await board.textContent(), /Mumbai won the toss and chose to bat/);
        const box = await board.boundingBox();
        t.ok(box && box.x >= 0 && box.x + box.width <= (width === 'mobile' ? 375 : 1366), `${width}: within the page`);
        await page.screenshot({ path: screenshotPath(`match-chase-${width}`), fullPage: true });

        await openWithStorage(page, server.url, admin, '/admin/odds/4/sim-101');
        const line = page.locator('.ax-score');
        await line.waitFor();
        t.equal(
          await line.textContent(),
          `Mumbai ${first.runs}/${first.wickets} (${first.overs} ov) · Chennai 0/0 (0.0 ov) · innings 2 · Chennai need ${first.runs + 1} runs from 120 balls`,
          `${width}: the back office's score line`,
        );
        await page.screenshot({ path: screenshotPath(`admin-odds-chase-${width}`) });
      }
    },
  );

  t.test("a place market declared by hand with both placed runners; the player's statement names both", async (t) => {
    // player1 backs Frankel Star to be placed, ₹100.
    const card = await detail('HR1');
    const odds = best(card, 'HR1-PLC', 7001, 'back').odds;
    const placed = await fetch(`${server.url}/api/bets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${playerAuth.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(betBody(card, 'HR1-PLC', 7001, 'back', odds, 100, playerAuth.user._id)),
    });
    t.equal(placed.status, 200, 'backed to be placed');

    for (const [width] of WIDTHS) {
      const page = pages.get(width)!;
      await openWithStorage(page, server.url, admin, '/admin/event-management');
      const row = page.locator('tr[data-market-id="HR1-PLC"]');
      await row.waitFor();
      t.equal(await row.locator('select[name^=placed-]').count(), 2, `${width}: a choice per place`);
      t.equal(await page.locator('tr[data-market-id="HR1-WIN"] select[name=winner]').count(), 1, 'WIN: one winner');
      await row.locator('select[name=placed-1]').selectOption('7001');
      t.equal(
        await row.locator('select[name=placed-2] option[value="7001"]').isDisabled(),
        true,
        `${width}: a runner chosen once is not offered again`,
      );
      await row.locator('select[name=placed-2]').selectOption('7003');
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`admin-place-choice-${width}`) });
      await row.getByRole('button', { name: 'Declare' }).click();
      const confirm = page.locator('dialog.modal[open]');
      t.match(
        await confirm.textContent(),
        'Declare Frankel Star and Baaeed Legacy the placed runners of To Be Placed?',
        `${width}: the dialog names both`,
      );
      await page.screenshot({ path: screenshotPath(`admin-declare-place-${width}`) });
      if (width === 'mobile') {
        await confirm.locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await waitForToast(page, 'Result declared');
        await page.getByRole('tab', { name: 'Settled' }).click();
        const settled = page.locator('tr[data-market-id="HR1-PLC"]');
        await settled.waitFor();
        t.match(await settled.textContent(), 'Frankel Star and Baaeed Legacy', 'the result names both');
        await page.screenshot({ path: screenshotPath(`admin-declared-place-${width}`), fullPage: true });
      } else await confirm.getByRole('button', { name: 'Cancel' }).click();
    }

    for (const [width] of WIDTHS) {
      const page = pages.get(width)!;
      await openWithStorage(page, server.url, player, '/accountstatement');
      const line = page.locator('.statement-table tbody tr', { hasText: 'To Be Placed' }).first();
      await line.waitFor({ timeout: 30_000 });
      t.match(
        await line.textContent(),
        '14:30 Ascot / To Be Placed: Frankel Star and Baaeed Legacy placed',
        `${width}: the statement line names every placed runner`,
      );
      await page.screenshot({ path: screenshotPath(`statement-place-${width}`), fullPage: true });
    }
  });
});

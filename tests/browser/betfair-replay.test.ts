import { join } from 'node:path';
import t from 'tap';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
} from '../helpers/browser.js';
import { repoRoot, startTestServer } from '../helpers/server.js';

const fixtures = join(repoRoot, 'services/feeds/test/fixtures');
const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };
const MATCH = '/odds/4/bf-30000002';
const MATCH_ODDS = '[data-market-id="1.300000001"]';

// A replay plays once, from its server's start, so it cannot ride on the screens test's shared server:
// this one replays the cricket match and its score stream at real time. The match turns in play
// (5 s delay) at 1 s, its score runs from 1.5 s to 6 s, and the ten quiet hours before the CLOSED
// definition are cut to 30 s, the time both widths have to look at it in play.
t.test('a replayed cricket match at both widths', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server = await startTestServer({
    feed: {
      kind: 'betfair-file',
      // A basketball match too: a sport outside the five, under the catalogue's name.
      files: [join(fixtures, '1.300000001.gz'), join(fixtures, '1.900000001')],
      scoreFiles: [join(fixtures, 'cricket-30000002')],
      catalogue: join(fixtures, 'catalogue.json'),
      speed: 1,
      maxGapMs: 30_000,
    },
    feedSettleDelayMs: 0,
  });
  t.teardown(() => server.close());
  const player = storedSession('player', await apiLogin(server.url, 'player', 'player1'));

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    const page = browser.page;

    await openWithStorage(page, server.url, player, '/home?sport=4');
    const row = page.locator('[data-match-id="bf-30000002"]');
    await row.waitFor();
    t.match(await row.textContent(), /India v Australia/, `${width}: listed under Cricket by the file's names`);

    await page.locator('.mainnav').getByRole('link', { name: 'Basketball' }).click();
    await page.locator('[data-match-id="bf-39999999"]').waitFor();
    t.match(
      await page.locator('[data-sport-id="7522"] h2').textContent(),
      'Basketball',
      `${width}: a sport of its own`,
    );
    t.equal(await page.locator('[data-sport-id]').count(), 1, `${width}: the Basketball tab lists basketball only`);
    await page.screenshot({ path: screenshotPath(`betfair-replay-basketball-${width}`), fullPage: true });

    await openWithStorage(page, server.url, player, MATCH);
    // The last score of the file: Australia 4 for 0 after three balls of the second innings.
    const score = page.getByTestId('score');
    await score.filter({ hasText: '(0.3 ov)' }).waitFor({ timeout: 20_000 });
    t.match(await score.textContent(), /Australia.*Innings 2.*4\/0.*\(0\.3 ov\)/, `${width}: the score stream's score`);
    // After the innings break: India's innings, the target and what the chase needs, who is in.
    t.equal(await score.getByTestId('score-previous').textContent(), 'India165/7 (20.0 ov)');
    t.equal(await score.getByTestId('score-chase').textContent(), 'Australia need 162 runs from 117 balls');
    t.same(await score.getByTestId('batsman').allTextContents(), ['Travis Head*4 (3)', 'Mitchell Marsh0 (0)']);
    t.same(await score.getByTestId('bowler').allTextContents(), ['Arshdeep Singh0.3-0-4-0']);
    t.match(await page.locator('.scoreboard .side-head').textContent(), /In-Play/);
    const card = page.locator(MATCH_ODDS);
    t.match(
      await card.locator('.market-head').textContent(),
      /Delay 5s/,
      `${width}: the stream's delay, not the 2 s own`,
    );
    // clk 3003 took India's backs down to 1.80, 1.79 and 1.78; the best is beside the Back column.
    const india = card.locator('.runner-row[data-sid="201"]');
    await india.locator('.price-cell.back.best', { hasText: /^1\.80/ }).waitFor();
    t.match(await india.locator('.price-cell.back').allTextContents(), [/^1\.78/, /^1\.79/, /^1\.80/]);
    await page.screenshot({ path: screenshotPath(`betfair-replay-cricket-${width}`), fullPage: true });
  }
});

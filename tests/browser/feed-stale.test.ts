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
import { raceCutBeforeTheOff } from '../helpers/betfair-files.js';
import { startTestServer } from '../helpers/server.js';

const REASON = 'Feed stale: replay ended before the market closed';

// A replay of a race file cut before the off: the back office says on the market why its feed holds
// it suspended, in event management and on the match's market board, at both widths.
t.test('the back office shows why a feed holds a market suspended', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const cut = await raceCutBeforeTheOff();
  t.teardown(cut.remove);
  const server = await startTestServer({ feed: { kind: 'betfair-file', files: [cut.path], speed: 0 } });
  t.teardown(() => server.close());
  const admin = storedSession('admin', await apiLogin(server.url, 'admin', 'admin'));

  for (const [width, viewport] of [
    ['desktop', { width: 1366, height: 768 }],
    ['mobile', { width: 375, height: 812 }],
  ] as const) {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    const page = browser.page;

    await openWithStorage(page, server.url, admin, '/admin/event-management');
    const stale = page.locator('tr[data-market-id="1.200000001"] [data-testid=feed-stale]');
    await stale.waitFor({ timeout: 30_000 });
    t.equal(await stale.textContent(), REASON, `${width}: event management`);
    await page.screenshot({ path: screenshotPath(`feed-stale-event-management-${width}`), fullPage: true });

    await openWithStorage(page, server.url, admin, '/admin/odds/7/bf-30000001-1430');
    const note = page.locator('[data-market-id="1.200000001"] .ax-market-note');
    await note.waitFor({ timeout: 30_000 });
    t.equal(await note.textContent(), REASON, `${width}: the market board`);
    await page.screenshot({ path: screenshotPath(`feed-stale-market-board-${width}`), fullPage: true });
  }
});

import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import type { MatchDetail, PlaceBetResponse } from '@exch/contracts';
import { createSimulator } from '@exch/feeds';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
} from '../helpers/browser.js';
import { caller } from '../helpers/api.js';
import { betBody, best } from '../helpers/exchange.js';
import { RaceFeed } from '../helpers/race-feed.js';
import { FAST_CLIENT_LIMITS, startTestServer, type TestServer } from '../helpers/server.js';

const WIDTHS = [
  ['desktop', { width: 1366, height: 800 }],
  ['mobile', { width: 375, height: 812 }],
] as const;
const UPCOMING = 'sim-102'; // Bengaluru v Kolkata: not started
const IN_PLAY = 'sim-101';

// Declaring a result (issue 51): the dialog names match, market and winner; a match not started
// asks twice; afterwards the match page, the lobby and event management say which of its markets
// are still open. And the bet tape in time order. One server and logins for the file.
t.test('declaring results and what stays open', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer({
    feedPort: new RaceFeed(createSimulator({ seed: 7, tickMs: 3_600_000 })),
    feedSettleDelayMs: null,
    limits: FAST_CLIENT_LIMITS,
  });
  t.teardown(() => server.close());
  const base = server.url;
  const { call } = caller(server);
  const admin = await apiLogin(base, 'admin', 'admin');
  const player = await apiLogin(base, 'player', 'player1');
  /** A page for one subtest, closed when it ends: a page left open keeps polling the server. */
  const open = async (t: Test, viewport: { width: number; height: number }, kind: 'admin' | 'player', path: string) => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    await openWithStorage(browser.page, base, storedSession(kind, kind === 'admin' ? admin : player), path);
    return browser.page;
  };
  const detail = async (matchId: string): Promise<MatchDetail> =>
    (await call('GET', `/api/matches/${matchId}`, undefined, player.token)).body;
  const group = (page: Page) => page.locator(`.ax-event-group[data-match-id="${UPCOMING}"]`);

  await t.test('the dialog names the match, market and winner; a match not started asks twice', async (t) => {
    for (const [name, viewport] of WIDTHS) {
      const page = await open(t, viewport, 'admin', '/admin/event-management');
      // The desktop declares the match odds; the phone reads the bookmaker's dialog and cancels.
      const marketId = name === 'desktop' ? `${UPCOMING}.mo` : `${UPCOMING}.bm`;
      const market = name === 'desktop' ? 'Match Odds' : 'Bookmaker';
      const row = group(page).locator(`tr[data-market-id="${marketId}"]`);
      await row.locator('select[name=winner]').selectOption({ label: 'Kolkata' });
      await row.getByRole('button', { name: 'Declare' }).click();
      const dialog = page.getByRole('dialog');
      t.equal(
        await dialog.getByTestId('money-step-text').textContent(),
        `Declare Kolkata the winner of Bengaluru v Kolkata / ${market}? Bets are settled at once.`,
        `${name}: match, market and winner`,
      );
      await dialog.locator('input[type=password]').fill('Txn@1234');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const caution = dialog.getByTestId('money-step-caution');
      await caution.waitFor();
      t.match(
        await caution.textContent(),
        /^Bengaluru v Kolkata has not started: it starts \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d (am|pm)\. A result now settles every bet on .+ before the match is played\. Declare it anyway\?$/,
        `${name}: the second confirmation says why`,
      );
      t.equal(
        (await call('GET', `/api/matches/${UPCOMING}`, undefined, player.token)).body.markets.find(
          (m: { marketId: string }) => m.marketId === marketId,
        ).status,
        'ACTIVE',
        'nothing declared on the first Confirm',
      );
      await page.screenshot({ path: screenshotPath(`declare-not-started-${name}`) });
      if (name === 'desktop') {
        await dialog.getByRole('button', { name: 'Declare anyway' }).click();
        await dialog.waitFor({ state: 'detached' });
        t.match((await detail(UPCOMING)).markets[0], { marketId: marketId, status: 'SETTLED' }, 'declared');
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
  });

  await t.test('after one market is settled: which are still open, everywhere', async (t) => {
    for (const [name, viewport] of WIDTHS) {
      const page = await open(t, viewport, 'admin', '/admin/event-management');
      const settled = group(page).getByTestId('settled-of-match');
      await settled.waitFor();
      t.equal(await settled.textContent(), 'Settled: Match Odds (Kolkata)', `${name}: beside the open markets`);
      await page.getByRole('tab', { name: 'Settled' }).click();
      const stillOpen = group(page).getByTestId('still-open');
      await stillOpen.waitFor();
      t.match(
        await stillOpen.textContent(),
        /^Still open: Bookmaker, .+ Settle them$/,
        `${name}: beside the settled one`,
      );
      await page.screenshot({ path: screenshotPath(`event-management-still-open-${name}`) });
      await stillOpen.getByRole('button', { name: 'Settle them' }).click();
      await group(page).locator(`tr[data-market-id="${UPCOMING}.bm"]`).waitFor();
      t.pass(`${name}: one click to the open ones`);

      const lobby = await open(t, viewport, 'player', '/');
      const line = lobby.locator(`.lobby-match-row[data-match-id="${UPCOMING}"]`).getByTestId('lobby-settled');
      await line.waitFor();
      t.match(await line.textContent(), /^Match Odds settled: Kolkata · \d markets still open$/, `${name}: the lobby`);
      await lobby.screenshot({ path: screenshotPath(`lobby-settled-market-${name}`) });
      await lobby.goto(`${base}/odds/4/${UPCOMING}`);
      const note = lobby.getByTestId('settled-markets');
      await note.waitFor();
      t.match(
        await note.textContent(),
        /^Settled: Match Odds \(Kolkata\)\.Still open: Bookmaker, .+\.$/,
        `${name}: the match page`,
      );
      await lobby.screenshot({ path: screenshotPath(`match-settled-market-${name}`) });
    }
  });

  await t.test('the live tape in time order, whatever order the bets arrive in', async (t) => {
    const page = await open(t, WIDTHS[0][1], 'admin', '/admin/bet-tape');
    await page.getByText('Waiting for bets of your downline...').waitFor();
    const cricket = await detail(IN_PLAY);
    const soccer = await detail('sim-201');
    const place = async (d: MatchDetail, marketId: string, sid: number) => {
      const body = betBody(d, marketId, sid, 'back', best(d, marketId, sid, 'back').odds, 100, player.user._id);
      return (await call('POST', '/api/bets', body, player.token)).body as PlaceBetResponse;
    };
    // An in-play bet is placed after its 2 s delay, stamped when it was sent: it arrives after two
    // bets sent later.
    const inPlay = place(cricket, `${IN_PLAY}.mo`, 101);
    await new Promise((r) => setTimeout(r, 200));
    const later = [await place(soccer, 'sim-201.mo', 301), await place(soccer, 'sim-201.mo', 302)];
    const all = [...later, await inPlay];
    await page.locator('.tape-row').nth(2).waitFor();
    const shown = await page.locator('.tape-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bet-id')));
    const expected = [...all].sort((a, b) => Date.parse(b.bet.placed_at) - Date.parse(a.bet.placed_at));
    t.same(
      shown,
      expected.map((p) => p.bet._id),
      'newest placed first: the in-play bet, sent first, below the two sent after it',
    );
    t.ok(Date.parse(all[2]!.bet.placed_at) < Date.parse(all[0]!.bet.placed_at), 'stamped before the later two');
    await page.screenshot({ path: screenshotPath('bet-tape-time-order-desktop') });
  });
});

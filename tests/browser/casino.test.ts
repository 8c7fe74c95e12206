import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { businessDay, type CasinoTableLive } from '@exch/contracts';
import {
  animationsDone,
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
  waitForPath,
  waitForToast,
  watchToasts,
} from '../helpers/browser.js';
import { caller } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 375, height: 812 };
const SUSPENDED = 'This game is suspended by admin, please try again later';
// Thirteen tables, each opened, dealt and checked at two widths: longer than tap's default per file.
t.setTimeout(600_000);

// The live Indian tables in a real browser (SPEC.md section 2; docs/casino.md), at 1366 and 375 px on
// one server: player1 opens Dragon Tiger from the lobby, bets while the countdown runs, watches the
// cards dealt over the websocket, sees the result and the payout in the header and the statement,
// and verifies the round with Web Crypto; an admin suspends the table from the casino list, and the
// player's next bet is refused with SPEC.md's message. The dealer is stepped by the test, so each
// step is seen as it happens.
t.test('casino tables', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer({ feedTickMs: 0, casino: { auto: false, bettingMs: 120_000 } });
  t.teardown(() => server.close());
  const base = server.url;
  const dealer = server.dealer!;
  const { call } = caller(server);
  const player = await apiLogin(base, 'player', 'player1');
  const admin = await apiLogin(base, 'admin', 'admin');
  const live = async (): Promise<CasinoTableLive> =>
    (await call('GET', '/api/casino/tables/dt20', undefined, player.token)).body;

  /** A page for one subtest, closed when it ends: an open page's socket follows every table and costs CPU. */
  const open = async (
    t: Test,
    viewport: { width: number; height: number },
    kind: 'player' | 'admin',
    path: string,
  ): Promise<Page> => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    await watchToasts(browser.page);
    await openWithStorage(browser.page, base, storedSession(kind, kind === 'player' ? player : admin), path);
    return browser.page;
  };
  const toast = waitForToast;
  const cardsShown = (page: Page) => page.locator('[data-testid=dealing-area] svg[data-card]').count();

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await t.test(
      `${size}: Dragon Tiger from the lobby, a bet in the window, the deal live, the payout, the proof`,
      async (t) => {
        const before = (await call('GET', '/api/users/profile', undefined, player.token)).body.balance
          .balance as number;
        const page = await open(t, viewport, 'player', '/casino-games');
        await page.locator('[data-testid=casino-tiles] [data-game=dt20]').click();
        await waitForPath(page, '/casino/dt20');
        t.equal(await page.getByTestId('table-name').textContent(), 'Dragon Tiger 20-20');

        t.equal(await dealer.step('dt20'), 'opened');
        const mid = (await live()).round!.mid;
        await page.getByTestId('round-id').filter({ hasText: mid }).waitFor();
        await page.getByTestId('dealer-call').filter({ hasText: 'Place your bets' }).waitFor();
        t.match(await page.getByTestId('countdown').textContent(), /^\d{2,3}$/, 'the countdown runs');
        t.equal(
          await page.locator('[data-testid=dealing-area] svg.face-down').count(),
          2,
          'a face-down card waits on each side',
        );
        await page.screenshot({ path: screenshotPath(`casino-table-betting-${size}`), fullPage: size === 'desktop' });

        // Tiger at 2.00 for ₹1,000 from the casino quick stakes.
        await page.locator('.casino-market[data-sid="2"]').click();
        await page.getByTestId('slip-selection').filter({ hasText: 'Tiger' }).waitFor();
        await page.locator('.casino-slip .stake-button', { hasText: /^1k$/ }).click();
        t.equal(await page.getByTestId('slip-profit').textContent(), '1,000.00', 'profit at 2.00');
        await page.screenshot({ path: screenshotPath(`casino-table-slip-${size}`) });
        await page.locator('.casino-slip .slip-submit').click();
        await toast(page, 'Bet placed successfully! on Event: dt20');
        await page.locator('[data-testid=casino-bet]').filter({ hasText: 'Tiger' }).first().waitFor();
        await page
          .getByTestId('header-exposure')
          .filter({ hasText: inr(1000) })
          .waitFor();
        t.pass('the stake is reserved as exposure');

        // The dealer closes betting and turns the cards one by one: each arrives over the websocket.
        t.equal(await dealer.step('dt20'), 'closed');
        await page.getByTestId('dealer-call').filter({ hasText: 'No more bets' }).waitFor();
        t.equal(await dealer.step('dt20'), 'dealt');
        t.equal(await dealer.step('dt20'), 'revealed');
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid=dealing-area] svg[data-card]').length === 1,
        );
        t.equal(
          await page.locator('[data-seat=Dragon] svg[data-card]').count(),
          1,
          "Dragon's card face up, Tiger's still down",
        );
        await animationsDone(page); // the card's deal, for the screenshot
        await page.screenshot({ path: screenshotPath(`casino-table-dealing-${size}`), fullPage: size === 'desktop' });
        t.equal(await dealer.step('dt20'), 'revealed');
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid=dealing-area] svg[data-card]').length === 2,
        );
        t.equal(await cardsShown(page), 2);
        t.equal(await dealer.step('dt20'), 'settled');
        const settled = await live();
        const winner = settled.round!.result!.winner;
        await page.getByTestId('round-result').filter({ hasText: winner }).waitFor();
        await page.locator(`.result-badge[data-mid="${mid}"]`).waitFor();
        const pnl = winner === 'Tiger' ? 1000 : -1000;
        await page
          .getByTestId('header-balance')
          .filter({ hasText: inr(before + pnl) })
          .waitFor();
        await page
          .getByTestId('header-exposure')
          .filter({ hasText: inr(0) })
          .waitFor();
        t.pass(`${winner}: the balance moved by ${pnl}, the exposure was released`);
        await animationsDone(page); // the result's entrance, for the screenshot
        await page.screenshot({ path: screenshotPath(`casino-table-result-${size}`), fullPage: size === 'desktop' });

        await page.goto(`${base}/accountstatement`);
        const line = page.locator('.statement-table tbody tr').first();
        await line.filter({ hasText: `Dragon Tiger 20-20 / Round ${mid}: ${winner}` }).waitFor();
        t.match(await line.textContent(), pnl > 0 ? inr(1000) : inr(1000), 'the statement names the table and round');

        // The round's page: cards, winner, seed; Verify re-derives the cards in the browser.
        await page.goto(`${base}/casino/result/${mid}`);
        await page.getByTestId('round-winner').filter({ hasText: winner }).waitFor();
        t.equal(await page.getByTestId('server-seed').textContent(), settled.round!.serverSeed);
        await page.getByTestId('verify').click();
        const verdict = page.getByTestId('verify-result');
        await verdict.waitFor();
        t.match(
          await verdict.textContent(),
          /matches the commitment.*the same as dealt/s,
          'commitment and cards check in the browser',
        );
        t.equal(await verdict.locator('li.ok').count(), 2);
        await page.screenshot({ path: screenshotPath(`casino-round-verified-${size}`), fullPage: true });

        await page.goto(`${base}/casinoreport`);
        await page.locator('.casino-bets-table tr[data-bet-id]').filter({ hasText: mid }).first().waitFor();
        t.match(await page.getByTestId('report-side').textContent(), /your side/);
        await page.screenshot({ path: screenshotPath(`casino-report-${size}`), fullPage: true });
      },
    );

    await t.test(
      `${size}: an admin suspends Dragon Tiger from the casino list; the player is refused with the message`,
      async (t) => {
        t.equal(await dealer.step('dt20'), 'opened');
        const page = await open(t, viewport, 'player', '/casino/dt20');
        await page.getByTestId('dealer-call').filter({ hasText: 'Place your bets' }).waitFor();
        await page.locator('.casino-market[data-sid="1"]').click();
        await page.locator('.casino-slip input[name=stake]').fill('500');

        const office = await open(t, viewport, 'admin', '/admin/casino-list');
        const row = office.locator('tr[data-table=dt20]');
        await row.getByRole('button', { name: 'Suspend' }).click();
        await row.getByTestId('table-status').filter({ hasText: 'Suspended' }).waitFor();
        await office.screenshot({ path: screenshotPath(`casino-admin-list-${size}`), fullPage: true });

        await page.locator('.casino-slip .slip-submit').click();
        await toast(page, SUSPENDED);
        t.pass("the bet is refused with SPEC.md's message");
        await page.locator('.market-tag.suspended').first().waitFor();
        // Suspended mid-round, in the betting window: the felt says so too, with no countdown.
        await page
          .getByTestId('dealer-call')
          .filter({ hasText: /^Suspended$/ })
          .waitFor();
        t.equal(await page.getByTestId('countdown').count(), 0, 'no countdown on a suspended table');
        await page.locator('.casino-slip .place-bet-close').click();
        await page.locator('.casino-market[data-sid="2"]').click();
        await toast(page, SUSPENDED);
        await page.goto(`${base}/casino-list/LC/4/23`);
        await page.locator('.casino-tile.suspended[data-game=dt20]').click();
        await toast(page, SUSPENDED);
        t.equal(new URL(page.url()).pathname, '/casino-list/LC/4/23', 'a suspended tile does not open');
        await page.screenshot({ path: screenshotPath(`casino-lobby-suspended-${size}`), fullPage: size === 'desktop' });

        // The round under way finishes; the admin's live view shows it; then the table is activated again.
        await dealer.finishRound('dt20');
        t.equal(await dealer.step('dt20'), 'idle', 'a suspended table deals no more');
        await office.goto(`${base}/admin/casino/dt20`);
        await office.getByTestId('round-result').waitFor();
        await office.screenshot({ path: screenshotPath(`casino-admin-table-${size}`), fullPage: true });
        await office.goto(`${base}/admin/casino-list`);
        await office.locator('tr[data-table=dt20]').getByRole('button', { name: 'Activate' }).click();
        await office.locator('tr[data-table=dt20]').getByTestId('table-status').filter({ hasText: 'Active' }).waitFor();
      },
    );
  }

  await t.test('the lobby offers only the categories that have a table', async (t) => {
    const tables: { category: number }[] = (
      await call('GET', '/api/casino/tables?category=35', undefined, player.token)
    ).body.data;
    const withTables = ['35', ...new Set(tables.map((x) => String(x.category)))].sort();
    const page = await open(t, MOBILE, 'player', '/casino-games');
    await page.locator('[data-testid=casino-tiles]').waitFor();
    await page.locator('.casino-category[data-category="41"]').waitFor();
    const offered = await page
      .locator('.casino-category')
      .evaluateAll((links) => links.map((a) => a.getAttribute('data-category')!));
    t.same([...offered].sort(), withTables, 'All Casino and each category with a table, no other');
    t.notOk(offered.includes('33'), 'Lottery has no table: not offered');
    for (const id of offered) {
      await page.locator(`.casino-category[data-category="${id}"]`).click();
      await page.locator('[data-testid=casino-tiles] .casino-tile').first().waitFor();
    }
    t.equal(await page.getByText('No games in this category yet').count(), 0, 'every offered category has tiles');
  });

  // Issue 23's tables (tables2): each page at both sizes, a bet in the window, the deal and the
  // result on the felt, nothing wider than a phone.
  // 3 Cards Judgement's bet names ranks: they are picked before its Yes (sid 2 for two ranks).
  for (const { code, name, category, sid, market, ranks = [] } of [
    { code: 'race20', name: 'Race 20-20', category: '41', sid: 1, market: 'K♠' },
    { code: 'worli', name: 'Instant Worli', category: '30', sid: 7, market: 'Single 7' },
    // Roulette's "card" is the ball's pocket, shown on its wheel; sid 18 is Number 17 on the layout.
    { code: 'roulette', name: 'Roulette', category: '31', sid: 18, market: 'Number 17' },
    {
      code: '3cardj',
      name: '3 Cards Judgement',
      category: '28',
      sid: 2,
      market: 'Yes 2 cards: A K',
      ranks: ['A', 'K'],
    },
  ])
    await t.test(
      `${name}: the lobby's ${category} tile, a bet, the deal and the result at 1366 and 375 px`,
      async (t) => {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['mobile', MOBILE],
        ] as const) {
          const page = await open(t, viewport, 'player', `/casino-list/LC/4/${category}`);
          await page.locator(`[data-testid=casino-tiles] [data-game="${code}"]`).click();
          await waitForPath(page, `/casino/${code}`);
          t.equal(await page.getByTestId('table-name').textContent(), name);
          t.equal(await dealer.step(code), 'opened');
          await page.getByTestId('dealer-call').filter({ hasText: 'Place your bets' }).waitFor();
          for (const rank of ranks) await page.locator('.rank-chip', { hasText: new RegExp(`^${rank}$`) }).click();
          await page.locator(`.casino-market[data-sid="${sid}"]`).click();
          await page.getByTestId('slip-selection').filter({ hasText: market }).waitFor();
          await page.locator('.casino-slip input[name=stake]').fill('100');
          await page.locator('.casino-slip .slip-submit').click();
          await toast(page, `Bet placed successfully! on Event: ${code}`);
          await page.locator('[data-testid=casino-bet]').filter({ hasText: market }).first().waitFor();
          await page.screenshot({ path: screenshotPath(`casino-${code}-betting-${size}`), fullPage: true });
          await dealer.finishRound(code);
          const { winner } = (await call('GET', `/api/casino/tables/${code}`, undefined, player.token)).body.round
            .result;
          await page.getByTestId('round-result').filter({ hasText: winner }).waitFor();
          t.ok((await cardsShown(page)) > 0, `${size}: the cards on the felt, ${winner}`);
          t.equal(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            0,
            `${size}: nothing wider than the screen`,
          );
          await animationsDone(page); // the result's entrance, for the screenshot
          await page.screenshot({ path: screenshotPath(`casino-${code}-result-${size}`), fullPage: true });
        }
      },
    );
  // Issue 23's tables: each from its category's list, a round dealt to the result, nothing wider than a phone.
  for (const { code, category, name, cards } of [
    { code: 'war', category: 29, name: 'Casino War', cards: 7 },
    { code: 'poker20', category: 21, name: 'Poker 20-20', cards: 9 },
  ]) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await t.test(`${size}: ${name} from category ${category}, a round to the result`, async (t) => {
        const page = await open(t, viewport, 'player', `/casino-list/LC/4/${category}`);
        await page.locator(`[data-testid=casino-tiles] [data-game=${code}]`).click();
        await waitForPath(page, `/casino/${code}`);
        t.equal(await page.getByTestId('table-name').textContent(), name);
        t.equal(await dealer.step(code), 'opened');
        await page.getByTestId('dealer-call').filter({ hasText: 'Place your bets' }).waitFor();
        t.equal(
          await page.locator('[data-testid=dealing-area] svg.face-down').count(),
          cards,
          'every card waits face down',
        );
        const overflow = () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        t.equal(await overflow(), 0, `${name} fits ${viewport.width} px`);
        await page.screenshot({ path: screenshotPath(`casino-${code}-betting-${size}`), fullPage: true });
        await dealer.finishRound(code);
        const { round } = (await call('GET', `/api/casino/tables/${code}`, undefined, player.token))
          .body as CasinoTableLive;
        await page.getByTestId('round-result').filter({ hasText: round!.result!.winner }).waitFor();
        t.equal(await cardsShown(page), cards, 'every card face up');
        t.equal(await overflow(), 0, 'the result fits too');
        await page.screenshot({ path: screenshotPath(`casino-${code}-result-${size}`), fullPage: true });
      });
    }
  }

  await t.test('the back office: casino result report as SPEC.md section 2 says, and game reports', async (t) => {
    const page = await open(t, DESKTOP, 'admin', '/admin/casino-result-report');
    await page
      .getByTestId('result-report-message')
      .filter({ hasText: 'Please select a game to view results' })
      .waitFor();
    t.ok(await page.getByRole('button', { name: 'Submit' }).isDisabled(), 'Submit disabled until a game is chosen');
    t.equal(await page.locator('input[name=date]').inputValue(), businessDay(), 'the date is today');
    await page.locator('select[name=game]').selectOption('dt20');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('tbody tr a').first().waitFor();
    t.equal(await page.locator('tbody tr a').count(), 4, 'the four Dragon Tiger rounds of today');
    t.match(page.url(), /game=dt20/, 'the submitted form is in the URL');
    await page.reload();
    await page.locator('tbody tr a').first().waitFor();
    t.equal(await page.locator('select[name=game]').inputValue(), 'dt20', 'a reload keeps the game and its rounds');
    await page.locator('input[name=search]').fill('zzz');
    await page.getByTestId('result-report-message').filter({ hasText: 'No results found' }).waitFor();
    await page.locator('input[name=search]').fill('');
    await page.locator('tbody tr a').first().waitFor();
    await page.screenshot({ path: screenshotPath('casino-result-report-desktop'), fullPage: true });
    await page.goto(`${base}/admin/game-reports`);
    await page.locator('tr[data-table=dt20]').waitFor();
    t.match(await page.getByTestId('report-side').textContent(), /house's side/);
    await page.screenshot({ path: screenshotPath('casino-game-reports-desktop'), fullPage: true });

    // The same two pages on a phone: readable, nothing wider than the screen.
    await page.setViewportSize(MOBILE);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.locator('tr[data-table=dt20]').waitFor();
    t.equal(await overflow(), 0, 'game reports fit 375 px');
    await page.screenshot({ path: screenshotPath('casino-game-reports-mobile'), fullPage: true });
    await page.goto(`${base}/admin/casino-result-report`);
    await page.locator('select[name=game]').selectOption('dt20');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('tbody tr a').first().waitFor();
    t.equal(await overflow(), 0, 'the result report fits 375 px');
    await page.screenshot({ path: screenshotPath('casino-result-report-mobile'), fullPage: true });

    // An agent may not suspend tables: the page says so in words (a touch screen shows no tooltip),
    // instead of greyed buttons.
    const agent = await apiLogin(base, 'admin', 'agent1');
    await openWithStorage(page, base, storedSession('admin', agent), '/admin/casino-list');
    await page.locator('tr[data-table=dt20]').waitFor();
    t.equal(
      await page.getByTestId('manage-note').textContent(),
      'Only admin and super admin suspend or activate tables.',
    );
    t.equal(await page.locator('tr[data-table] button').count(), 0, 'no greyed Suspend buttons');
    await page.screenshot({ path: screenshotPath('casino-admin-list-agent-mobile'), fullPage: true });
  });

  // Every table's page at 375 px with a full results strip, the countdown running and the bet sheet
  // up: nothing runs off the right edge, the sheet's Profit, quick stakes and Submit are on screen.
  await t.test('mobile: every table fits 375 px, bet sheet included', async (t) => {
    const codes = dealer.tableCodes();
    await Promise.all(
      codes.map(async (code) => {
        for (let i = 0; i < 10; i++) await dealer.finishRound(code);
      }),
    );
    const page = await open(t, MOBILE, 'player', '/casino-games');
    for (const code of codes) {
      // Each table's betting opens as its page is visited: fourteen pages take longer than one 20 s window.
      t.equal(await dealer.step(code), 'opened');
      await page.goto(`${base}/casino/${code}`);
      await page.locator('[data-testid=last-results] .result-badge').nth(9).waitFor();
      await page.getByTestId('countdown').waitFor();
      t.equal(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        0,
        `${code}: nothing wider than the screen`,
      );
      // A table whose bets name ranks takes one before its markets open.
      if (await page.locator('.rank-chip').count()) await page.locator('.rank-chip').first().click();
      await page.locator('.casino-market').first().click();
      const sheet = page.locator('.slip-sheet');
      await sheet.waitFor();
      await animationsDone(page, '.slip-sheet'); // the sheet's rise
      const fits = await sheet.evaluate((el) => {
        const box = (sel: string) => el.querySelector(sel)!.getBoundingClientRect();
        const label = el.querySelector('.slip-profit-label')!;
        return {
          profit: label.scrollWidth <= label.clientWidth && box('.slip-profit-label').right <= innerWidth,
          stakes: [...el.querySelectorAll('.stake-button')].every((b) => b.getBoundingClientRect().right <= innerWidth),
          submit: box('.slip-submit').bottom <= innerHeight,
        };
      });
      t.same(fits, { profit: true, stakes: true, submit: true }, `${code}: the bet sheet is whole on screen`);
      await page.screenshot({ path: screenshotPath(`casino-table-${code}-mobile`) });
    }
  });
});

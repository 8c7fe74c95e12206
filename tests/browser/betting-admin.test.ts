import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import type { AuthResponse, BetDto, MatchDetail, Paginated } from '@exch/contracts';
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
import { tigerBetBody } from '../helpers/exchange.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };
const LOCK_MESSAGE = 'Betting on this market is locked for your account. Please contact your upline.';

// The back office's betting screens against the real engine (SPEC.md sections 2, 5, 6): Bet Lock on
// the admin odds page stops a player's bets on that market; a result declared in event management
// reaches the player's statement and profit/loss; the downline's bets show in My Bet and the bet history.
t.test('back-office betting screens', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer();
  t.teardown(() => server.close());
  const base = server.url;

  const admin = await apiLogin(base, 'admin', 'admin');
  const player = await apiLogin(base, 'player', 'player1');

  const api = async <T>(
    method: string,
    path: string,
    auth: AuthResponse,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${auth.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  /** Polls until `check` passes: read models follow the log a moment after a command is decided. */
  const eventually = async (what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const matchOf = async (matchId: string) => (await api<MatchDetail>('GET', `/matches/${matchId}`, player)).body;

  /** A back bet at 1.01: it takes the best price offered, so it is matched whatever the feed did meanwhile. */
  const backBet = async (matchId: string, stake: number) => {
    const detail = await matchOf(matchId);
    const market = detail.markets.find((m) => m.kind === 'match_odds')!;
    const runner = market.section[0]!;
    const res = await api<{ message: string; bet?: BetDto }>('POST', '/bets', player, {
      user_id: player.user._id,
      event_id: matchId,
      event_name: detail.match.name,
      market_id: market.marketId,
      market_type: market.marketType,
      selection: runner.sid,
      selection_name: runner.nat,
      odds: 1.01,
      odds_type: 'back',
      stake,
      bet_type: 'sports',
    });
    return { res, detail, market, runner };
  };

  /** A page for one subtest, closed when it ends: a page left open keeps polling the server. */
  const open = async (t: Test, auth: AuthResponse, kind: 'admin' | 'player', path: string, viewport = DESKTOP) => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    const page = browser.page;
    await watchToasts(page);
    await openWithStorage(page, base, storedSession(kind, auth), path);
    return page;
  };
  const toast = waitForToast;
  const shoot = async (page: Page, name: string) => {
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`${name}-mobile`), fullPage: true });
    await page.setViewportSize(DESKTOP);
  };

  t.test('(a) Bet Lock on the admin odds page refuses the player bets on that market', async (t) => {
    const page = await open(t, admin, 'admin', '/admin/odds/4/sim-101');
    await page.getByRole('heading', { name: 'Match Odds' }).waitFor();
    // Read-only prices: no bet panel for the back office (SPEC.md section 5).
    await page.locator('.ax-market .ax-price b').first().waitFor();
    t.equal(await page.getByText('Place Bet').count(), 0, 'no bet panel on the admin odds page');

    await page.getByRole('button', { name: 'Bet Lock: Match Odds' }).click();
    const dialog = page.locator('dialog.modal[open]');
    await dialog.locator('label[data-username=player1] input').waitFor();
    t.equal(await dialog.locator('input[name=allAccounts]').count(), 1, 'an all-accounts checkbox');
    t.notOk(await dialog.locator('label[data-username=player1] input').isChecked(), 'player1 starts unlocked');
    await shoot(page, 'admin-bet-lock');

    // The transaction password is asked for.
    await dialog.locator('label[data-username=player1] input').check();
    await dialog.locator('button[type=submit]').click();
    t.equal(await dialog.locator('.form-error').textContent(), 'Enter your transaction password');
    await dialog.locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'Betting locked');
    await dialog.waitFor({ state: 'detached' });

    const locked = await backBet('sim-101', 100);
    t.ok(locked.res.status >= 400 && locked.res.status < 500, `the bet is refused (${locked.res.status})`);
    t.equal(locked.res.body.message, LOCK_MESSAGE, 'with the lock message');

    // The same player may still bet on another market of the match (the lock is per market).
    const bookmaker = locked.detail.markets.find((m) => m.kind === 'bookmaker');
    if (bookmaker) {
      const rate = bookmaker.section[0]!.odds.find((o) => o.otype === 'back');
      if (rate) {
        const other = await api<{ message: string }>('POST', '/bets', player, {
          user_id: player.user._id,
          event_id: 'sim-101',
          event_name: locked.detail.match.name,
          market_id: bookmaker.marketId,
          market_type: bookmaker.marketType,
          selection: bookmaker.section[0]!.sid,
          selection_name: bookmaker.section[0]!.nat,
          odds: rate.odds,
          odds_type: 'back',
          stake: 100,
          bet_type: 'sports',
        });
        t.not(other.body.message, LOCK_MESSAGE, 'another market of the match is not locked');
      }
    }

    // The modal shows the lock once the read model has it; unlocking lets the player bet again.
    await eventually('the lock in the read model', async () => {
      const r = await api<{ data: { users: { username: string; is_locked: boolean }[] } }>(
        'GET',
        `/users/downline-with-locks?event_id=sim-101&market_type=MATCH_ODDS&market_id=${locked.market.marketId}`,
        admin,
      );
      return r.body.data.users.some((u) => u.username === 'player1' && u.is_locked);
    });
    await page.getByRole('button', { name: 'Bet Lock: Match Odds' }).click();
    await dialog.locator('label[data-username=player1] input').waitFor();
    t.ok(await dialog.locator('label[data-username=player1] input').isChecked(), 'player1 shows as locked');
    await dialog.locator('label[data-username=player1] input').uncheck();
    await dialog.locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'Betting unlocked');
    const unlocked = await backBet('sim-101', 100);
    t.not(unlocked.res.body.message, LOCK_MESSAGE, 'after unlocking the lock message is gone');

    // Whole match: every market of it is locked for the player, the bookmaker too.
    await page.getByRole('button', { name: 'Bet Lock: Match Odds' }).click();
    await dialog.locator('label[data-username=player1] input').waitFor();
    await dialog.locator('input[name=scope][value=match]').check();
    await dialog.getByText('Ticked accounts cannot bet on any market of this match.', { exact: false }).waitFor();
    await dialog.locator('label[data-username=player1] input').waitFor();
    t.notOk(await dialog.locator('label[data-username=player1] input').isChecked(), 'no whole-match lock yet');
    await dialog.locator('label[data-username=player1] input').check();
    await dialog.locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'Betting locked');
    await dialog.waitFor({ state: 'detached' });
    const bookmakerMarket = unlocked.detail.markets.find((m) => m.kind === 'bookmaker')!;
    const refused = await api<{ message: string }>('POST', '/bets', player, {
      user_id: player.user._id,
      event_id: 'sim-101',
      event_name: unlocked.detail.match.name,
      market_id: bookmakerMarket.marketId,
      market_type: bookmakerMarket.marketType,
      selection: bookmakerMarket.section[0]!.sid,
      selection_name: bookmakerMarket.section[0]!.nat,
      odds: 90,
      odds_type: 'back',
      stake: 100,
      bet_type: 'sports',
    });
    t.equal(
      refused.body.message,
      LOCK_MESSAGE,
      'the bookmaker of a match locked whole is refused with the lock message',
    );
    const byMatch = await api<{ message: string }>('PUT', '/market-locks/sim-101', admin, {
      userId: player.user._id,
      is_locked: false,
      lock_target: { event_id: 'sim-101', market_type: null, market_id: null },
      transaction_password: DEMO_TRANSACTION_PASSWORD,
    });
    t.equal(byMatch.body.message, 'Betting unlocked');
  });

  t.test('(b) a result declared in event management reaches the player statement and profit/loss', async (t) => {
    const matchId = 'sim-102';
    // The simulator suspends markets now and then (ball running, a goal): try again until one is taken.
    let placed = await backBet(matchId, 200);
    for (
      let i = 0;
      i < 60 && placed.res.status !== 200 && /suspend|ball running|not active|closed/i.test(placed.res.body.message);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 500));
      placed = await backBet(matchId, 200);
    }
    t.equal(placed.res.status, 200, `player1 bets on ${placed.detail.match.name}: ${placed.res.body.message}`);
    const betId = placed.res.body.bet!._id;
    await eventually('the bet in the downline lists', async () => {
      const r = await api<Paginated<BetDto>>('POST', '/alluserbetList?page=1', admin, {
        market_type: 'MATCH_ODDS',
        matched_status: 'matched',
      });
      return r.body.data.some((b) => b._id === betId && b.matched_stake > 0);
    });

    // The admin odds page lists it in My Bet; the bet history lists it with its trash icon.
    const page = await open(t, admin, 'admin', `/admin/odds/4/${matchId}`);
    await page.locator(`[data-testid=my-bet-table] tr[data-bet-id="${betId}"]`).waitFor();
    t.match(
      await page.locator(`[data-testid=my-bet-table] tr[data-bet-id="${betId}"]`).textContent(),
      /player1/,
      'My Bet shows the bet with the user name',
    );
    await page.getByRole('button', { name: 'View All' }).click();
    await page.locator(`dialog.modal[open] [data-testid=event-bets] td:has-text("player1")`).first().waitFor();
    await page.keyboard.press('Escape');

    // A bet placed while the page is open arrives over the socket (placedBet to the match room's uplines).
    let second = await backBet(matchId, 100);
    for (let i = 0; i < 60 && second.res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 500));
      second = await backBet(matchId, 100);
    }
    const secondId = second.res.body.bet!._id;
    await page.locator(`[data-testid=my-bet-table] tr[data-bet-id="${secondId}"]`).waitFor();
    t.pass('a new bet shows in My Bet without reloading');

    await page.goto(`${base}/admin/unsettledbet`);
    const historyRow = page.locator(`[data-testid=bet-history] tr[data-bet-id="${betId}"]`);
    await historyRow.waitFor();
    t.equal(
      await historyRow.getByRole('button', { name: 'Delete bet of player1' }).count(),
      1,
      'a pending bet has its trash icon',
    );
    // The user name field suggests from the whole downline: players are four levels below the admin.
    await page.locator('input[name=username]').fill('play');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('datalist option')].some((o) => (o as HTMLOptionElement).value === 'player1'),
    );
    t.pass('typing "play" suggests player1 from four levels down');
    await page.locator('input[name=username]').fill('');

    // The trash icon deletes one pending bet after the browser's confirmation.
    const secondRow = page.locator(`[data-testid=bet-history] tr[data-bet-id="${secondId}"]`);
    await secondRow.waitFor();
    let confirmText = '';
    page.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await secondRow.getByRole('button', { name: 'Delete bet of player1' }).click();
    await toast(page, 'Bet deleted');
    t.equal(confirmText, 'Are you sure you want to delete?', 'the browser asks first');
    await secondRow.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('radio', { name: 'Deleted' }).check();
    await page.locator(`[data-testid=bet-history] tr[data-bet-id="${secondId}"]`).waitFor();
    t.pass('the deleted bet is listed under Deleted');
    await page.getByRole('radio', { name: 'All' }).check();
    await historyRow.waitFor();
    // Bulk Delete with nothing ticked says so (SPEC.md section 5).
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Please select one item');
    await shoot(page, 'admin-bet-history');

    // Declare the winner in event management.
    await page.goto(`${base}/admin/event-management`);
    const row = page.locator(`tr[data-market-id="${placed.market.marketId}"]`);
    await row.waitFor();
    await shoot(page, 'admin-event-management');
    t.ok((await page.locator('td[data-label=Market]', { hasText: 'Match Odds' }).count()) > 0);
    t.equal(
      await page
        .locator('td[data-label=Market] .ax-cell-stack')
        .evaluateAll((cells) => cells.filter((c) => c.children[0]?.textContent === c.children[1]?.textContent).length),
      0,
      'no market says its name twice (Match Odds / Match Odds)',
    );
    await row.locator('select[name=winner]').selectOption(String(placed.runner.sid));
    // Declaring moves many players' money: the transaction password confirms it.
    await row.getByRole('button', { name: 'Declare' }).click();
    const confirm = page.locator('dialog.modal[open]');
    await confirm.locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // The match has not started: a second confirmation says so first (issue 51).
    await confirm.getByTestId('money-step-caution').waitFor();
    await confirm.getByRole('button', { name: 'Declare anyway' }).click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    t.pass(`${placed.runner.nat} declared the winner; the market left the open list`);
    await page.getByRole('tab', { name: 'Settled' }).click();
    const settled = page.locator(`tr[data-market-id="${placed.market.marketId}"]`);
    await settled.waitFor();
    t.match(await settled.textContent(), placed.runner.nat, 'the settled list shows the declared winner');
    t.match(page.url(), /[?&]view=settled/, 'the view is in the URL');
    await shoot(page, 'admin-event-management-settled');

    // The player's statement and profit/loss show the settlement.
    await eventually('the settlement in the player statement', async () => {
      const r = await api<{ data: { description: string; remark: string }[] }>(
        'GET',
        '/transactions/statement?type=all&page=1&limit=25',
        player,
      );
      return r.body.data.some((row) => `${row.description} ${row.remark}`.includes(placed.detail.match.name));
    });
    const playerPage = await open(t, player, 'player', '/accountstatement');
    await playerPage.locator('.statement-table tbody tr', { hasText: placed.detail.match.name }).first().waitFor();
    t.pass('the account statement lists the settlement');
    // The line opens the bets it settled, each with the price asked and matched.
    const line = playerPage.locator('.statement-table tbody tr', { hasText: placed.detail.match.name }).first();
    await line.getByRole('button', { name: 'Bets' }).click();
    const settledBet = playerPage.locator(`[data-testid=statement-bets] [data-bet-id="${betId}"]`);
    await settledBet.waitFor();
    t.match(await settledBet.textContent(), /Won/, 'the settlement line lists its bet, won');
    await shoot(playerPage, 'statement-bets');
    await playerPage.goto(`${base}/profitloss`);
    const pnlRow = playerPage.locator('tbody tr', { hasText: placed.detail.match.name }).first();
    await pnlRow.waitFor();
    t.match(await pnlRow.textContent(), /₹/, 'the profit/loss page lists the market with its amount');
    t.match(
      await pnlRow.locator('td[data-label="Net after commission"]').textContent(),
      /^₹/,
      'a winning back bet is a profit, after its commission too',
    );
  });

  t.test(
    '(c) a fancy line set by hand on the active-fancies page is what the player sees, until it follows the feed again',
    async (t) => {
      const page = await open(t, admin, 'admin', '/admin/active-fancies/sim-101');
      const row = page.locator('tr[data-market-id="sim-101.f1"]');
      await row.waitFor();
      t.equal(await row.locator('.ax-manual-badge').count(), 0, 'follows the feed at first');
      await row.getByRole('button', { name: /^Rates by hand/ }).click();
      const dialog = page.locator('dialog.modal[open]');
      await dialog.locator('input[name=noLine]').waitFor();
      await dialog.locator('input[name=noLine]').fill('');
      await dialog.locator('button[type=submit]').click();
      t.match(
        await dialog.locator('.form-error').textContent(),
        'Enter whole numbers',
        'an empty line is caught before the server',
      );
      for (const [name, value] of [
        ['noLine', '60'],
        ['noRate', '100'],
        ['yesLine', '61'],
        ['yesRate', '90'],
      ] as const)
        await dialog.locator(`input[name=${name}]`).fill(value);
      await shoot(page, 'admin-fancy-by-hand');
      await dialog.locator('button[type=submit]').click();
      await toast(page, 'Line set by hand');
      await dialog.waitFor({ state: 'detached' });
      await row.locator('.ax-manual-badge').waitFor();
      const fancy = (await matchOf('sim-101')).markets.find((m) => m.marketId === 'sim-101.f1')!;
      t.equal(fancy.manual, true);
      t.match(
        fancy.section[0]!.odds,
        [
          { otype: 'back', odds: 61, size: 90 },
          { otype: 'lay', odds: 60, size: 100 },
        ],
        'the player sees the house line',
      );
      await shoot(page, 'admin-fancies-manual');

      await row.getByRole('button', { name: /^Rates by hand/ }).click();
      await dialog.getByRole('button', { name: 'Follow feed' }).click();
      await toast(page, 'The market follows the feed again');
      await row.locator('.ax-manual-badge').waitFor({ state: 'detached' });
      t.equal(
        (await matchOf('sim-101')).markets.find((m) => m.marketId === 'sim-101.f1')!.manual,
        false,
        'back on the feed',
      );

      // The bookmaker's per-runner rates, for the screenshots.
      await page.goto(`${base}/admin/active-markets/sim-101`);
      await page
        .locator('tr[data-market-id="sim-101.bm"]')
        .getByRole('button', { name: /^Rates by hand/ })
        .click();
      await dialog.locator('input[name^=back-]').first().waitFor();
      await shoot(page, 'admin-bookmaker-by-hand');
    },
  );

  t.test(
    '(d) the bet tape shows a downline bet as it happens, paused and resumed; the risk desk raises it',
    async (t) => {
      t.equal((await api('PUT', '/admin/risk/big-bet', admin, { amount: 150 })).status, 200);
      const page = await open(t, admin, 'admin', '/admin/bet-tape');
      await page.locator('.tape-state.live').waitFor();
      /** A bet of player1 and its tape row, placed again if the feed had the market suspended. */
      const placeSeen = async (stake: number) => {
        for (let i = 0; ; i++) {
          const placed = await backBet('sim-201', stake);
          if (placed.res.status === 200) return placed.res.body.bet!;
          if (i === 20) throw new Error(`no bet: ${placed.res.body.message}`);
          await new Promise((r) => setTimeout(r, 500));
        }
      };
      const first = await placeSeen(200);
      const row = page.locator(`[data-testid=bet-tape] tr[data-bet-id="${first._id}"]`);
      await row.waitFor({ timeout: 15_000 });
      t.match(await row.getAttribute('class'), /tape-big/, 'a stake from the threshold stands out');
      t.match(await row.textContent(), /player1/);

      await page.getByRole('button', { name: 'Pause' }).click();
      const second = await placeSeen(100);
      await page.locator('.tape-state.paused', { hasText: 'Paused: 1 new' }).waitFor({ timeout: 15_000 });
      t.equal(
        await page.locator(`[data-testid=bet-tape] tr[data-bet-id="${second._id}"]`).count(),
        0,
        'held while paused',
      );
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.locator(`[data-testid=bet-tape] tr[data-bet-id="${second._id}"]`).waitFor();
      t.pass('resumed without losing the bet');
      // A casino table's bet comes on the same tape.
      t.equal(await server.dealer!.step('dt20'), 'opened');
      const mid = (await api<{ round: { mid: string } }>('GET', '/casino/tables/dt20', player)).body.round.mid;
      const tiger = await api<{ bet: { _id: string } }>('POST', '/bets', player, tigerBetBody(player.user._id, mid));
      t.equal(tiger.status, 200);
      const casinoRow = page.locator(`[data-testid=bet-tape] tr[data-bet-id="${tiger.body.bet._id}"]`);
      await casinoRow.waitFor({ timeout: 15_000 });
      t.match(await casinoRow.textContent(), /Casino.*Dragon Tiger/, 'the casino bet names its table');
      await row.getByRole('button', { name: 'Watch' }).click();
      await toast(page, 'Watching the account: player1');
      await shoot(page, 'admin-bet-tape');
      // The same bets from the server, the last day by default.
      await page.getByRole('tab', { name: 'History' }).click();
      await page.locator(`[data-testid=bet-tape] tr[data-bet-id="${first._id}"]`).waitFor();
      t.pass('the history lists the bet');
      await shoot(page, 'admin-bet-tape-history');
      // The view and the filter are in the URL: a reload (or a link) opens the same tape.
      await page.getByLabel('User').fill('player1');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('username') === 'player1');
      t.match(page.url(), /view=history/, 'the history view is in the URL');
      await page.reload();
      await page.getByRole('tab', { name: 'History', selected: true }).waitFor();
      t.equal(await page.getByLabel('User').inputValue(), 'player1', 'a reload keeps the view and the filter');
      await page.locator(`[data-testid=bet-tape] tr[data-bet-id="${first._id}"]`).waitFor();
      await page.getByLabel('User').fill('');
      await page.waitForFunction(() => !new URLSearchParams(location.search).has('username'));
      // Paged by cursor: two bets a page (the request's limit rewritten), Older and Newer.
      await page.route('**/api/admin/bet-tape?*', (route) =>
        route.continue({ url: route.request().url().replace('limit=50', 'limit=2') }),
      );
      await page.getByRole('tab', { name: 'Live' }).click();
      await page.getByRole('tab', { name: 'History' }).click();
      const shownIds = () =>
        page
          .locator('[data-testid=bet-tape] tbody tr[data-bet-id]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bet-id')));
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=bet-tape] tbody tr[data-bet-id]').length === 2,
      );
      const newest = await shownIds();
      await page.getByRole('button', { name: 'Older' }).click();
      await page.locator('.pager-status', { hasText: 'Page 2' }).waitFor();
      await page.waitForFunction(
        (ids) =>
          [...document.querySelectorAll('[data-testid=bet-tape] tbody tr[data-bet-id]')].every(
            (r) => !ids.includes(r.getAttribute('data-bet-id')),
          ),
        newest,
      );
      t.equal((await shownIds()).length, 2, 'the older page: two other bets');
      await page.getByRole('button', { name: 'Newer' }).click();
      await page.locator('.pager-status', { hasText: 'Page 1' }).waitFor();
      await page.waitForFunction(
        (ids) =>
          [...document.querySelectorAll('[data-testid=bet-tape] tbody tr[data-bet-id]')]
            .map((r) => r.getAttribute('data-bet-id'))
            .join() === ids.join(),
        newest,
      );
      t.pass('Newer goes back to the newest page');
      await page.unroute('**/api/admin/bet-tape?*');

      await page.goto(`${base}/admin/risk`);
      await page.locator('[data-testid=risk-alerts] .risk-big_bet').first().waitFor();
      await page.locator('[data-testid=risk-positions] .risk-position[data-market-id="sim-201.mo"]').waitFor();
      await page.locator('[data-testid=risk-watch]', { hasText: 'player1' }).waitFor();
      t.pass('the risk desk: the big bet, the position, the watch list');
      await shoot(page, 'admin-risk-desk');
    },
  );
});

import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { tickFrom, type BetDto, type PlaceBetResponse } from '@exch/contracts';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  openWithStorage,
  screenshotPath,
  storedSession,
  waitForPath,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 375, height: 812 };
/** A fast feed, so prices move while the test watches. */
const FEED_TICK_MS = 250;
/**
 * How long the test lets the simulated price walk to a resting lay before moving the price there itself:
 * either way the engine matches the bet when a quote reaches it, and a random walk may take half a minute.
 */
const NATURAL_MATCH_WAIT_MS = 5_000;
const MATCH = 'sim-101';
const MATCH_ODDS = `${MATCH}.mo`;
const MUMBAI = 101;

// The player's betting screens against the real engine and the feed simulator (SPEC.md section 2,
// Match detail screen, Place Bet panel, My Bet tables; sections 4, 5, 8, 9).
t.test('player betting', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer({ feedTickMs: FEED_TICK_MS });
  t.teardown(() => server.close());
  const base = server.url;
  const auth = await apiLogin(base, 'player', 'player1');

  /** A page for one subtest, closed when it ends: a page left open keeps polling the server. */
  const open = async (t: Test, viewport: { width: number; height: number }, path: string): Promise<Page> => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    // Toasts live 1 s (SPEC.md section 9): every one shown is logged, so a busy machine cannot miss it.
    await browser.page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { toastLog: string[] }).toastLog = log;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.matches('.toast')) log.push(`${n.className}: ${n.textContent ?? ''}`);
      }).observe(document, { childList: true, subtree: true });
    });
    await openWithStorage(browser.page, base, storedSession('player', auth), path);
    return browser.page;
  };
  const toast = async (page: Page, text: string) => {
    await page.waitForFunction(
      (want) => (window as unknown as { toastLog: string[] }).toastLog.some((m) => m.includes(want)),
      text,
      { timeout: 30_000 },
    );
  };

  const runnerRow = (page: Page, sid: number) =>
    page.locator(`.runner-market.kind-match_odds .runner-row[data-sid="${sid}"]`);
  /** The best back or lay cell of a runner while it takes bets (a suspended runner has no button). */
  const bestCell = (page: Page, sid: number, side: 'back' | 'lay') =>
    runnerRow(page, sid).locator(`button.price-cell.${side}.best`);
  const myBetRow = (page: Page, table: 'matched-bet' | 'unmatched-bet', betId: string) =>
    page.locator(`.my-bets tr[data-testid="${table}"][data-bet-id="${betId}"]`);

  /** Submits the open slip and returns the server's answer; the button reads 'Placing Bet...' meanwhile (match odds have a 2 s in-play delay). */
  const submitSlip = async (t: Test, page: Page): Promise<PlaceBetResponse> => {
    const post = async () => {
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/bets' && r.request().method() === 'POST',
        { timeout: 30_000 },
      );
      await page.locator('.slip-submit').click();
      return answer;
    };
    let response = await post();
    // The simulated feed suspends runners now and then (also during the in-play delay): submit again, as a player would.
    for (let i = 0; i < 5 && response.status() === 400 && /suspended|Ball Running/i.test(await response.text()); i++) {
      await page.waitForTimeout(1_000);
      response = await post();
    }
    t.ok(response.ok(), `POST /api/bets answered ${response.status()}`);
    t.ok(response.request().headers()['idempotency-key'], 'sent with an Idempotency-Key');
    return (await response.json()) as PlaceBetResponse;
  };

  const page = await open(t, DESKTOP, '/');

  await t.test(
    '(a) from the lobby, backs a runner at the shown price; the bet shows in My Bet and the header follows without a reload',
    async (t) => {
      await page.locator(`.lobby-match-row[data-match-id="${MATCH}"]`).click();
      await waitForPath(page, `/odds/4/${MATCH}`);
      await page.getByTestId('match-name').waitFor();
      t.equal(await page.getByTestId('match-name').textContent(), 'Mumbai v Chennai');
      t.match(
        await page.locator('.match-start').textContent(),
        /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{1,2}:\d\d (am|pm)$/,
        'start day first, as India writes it: 7 Dec 2026, 2:44 pm',
      );
      t.equal(await page.getByTestId('header-exposure').textContent(), inr(0));
      await page.screenshot({ path: screenshotPath('betting-match-desktop'), fullPage: true });

      const cell = bestCell(page, MUMBAI, 'back');
      const shown = await cell.locator('.price-odds').textContent({ timeout: 30_000 });
      await cell.click();
      const slip = page.getByTestId('place-bet');
      await slip.waitFor();
      t.equal(await slip.getByTestId('slip-selection').textContent(), 'Mumbai');
      const odds = await slip.locator('input[name=odds]').inputValue();
      t.ok(
        shown !== null && Math.abs(Number(odds) - Number(shown)) < 0.2,
        `the slip opens at the clicked price (${odds}, cell showed ${shown})`,
      );
      await slip.locator('input[name=stake]').fill('100');
      t.equal(
        await slip.getByTestId('slip-profit').textContent(),
        ((Number(odds) - 1) * 100).toFixed(2),
        'profit = odds x stake - stake',
      );
      await page.screenshot({ path: screenshotPath('betting-slip-desktop') });

      const pending = page.locator('.slip-submit', { hasText: 'Placing Bet...' }).waitFor({ timeout: 5_000 });
      const answer = await submitSlip(t, page);
      await pending.catch(() => t.comment('the answer came before Placing Bet... could be seen'));
      t.equal(answer.bet.odds, Number(odds), 'placed at the odds shown in the slip');
      t.equal(answer.bet.odds_type, 'back');
      await toast(page, 'success: Bet placed');
      await slip.waitFor({ state: 'detached' });
      t.pass('the panel closed');

      const row = page.locator(`.my-bets tr[data-bet-id="${answer.bet_id}"]`).first();
      await row.waitFor();
      t.match(await row.textContent(), /Mumbai/, 'the bet is listed in My Bet');
      if (answer.bet.unmatched_stake === 0)
        t.equal(
          await myBetRow(page, 'matched-bet', answer.bet_id).locator('td').nth(2).textContent(),
          '100',
          'under Matched Bets with its stake',
        );
      else t.comment('the price moved during the in-play delay: the back rests unmatched');
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid=header-exposure]')?.textContent === want,
        inr(100),
      );
      t.equal(
        await page.getByTestId('header-balance').textContent(),
        inr(100_000),
        'balance unchanged: a bet reserves exposure, it moves no money',
      );
      t.pass('header exposure ₹100.00 without a reload');
      await page.screenshot({ path: screenshotPath('betting-placed-desktop'), fullPage: true });
    },
  );

  await t.test('(b) a lay below the best lay rests unmatched, then matches when the price reaches it', async (t) => {
    /** Opens a lay on Mumbai at `ticks` ladder steps below the best lay, reached with the 0.01 spinner (SPEC.md section 9). */
    const layBelow = async (ticks: number, stake: string): Promise<{ answer: PlaceBetResponse; target: number }> => {
      await bestCell(page, MUMBAI, 'lay').click({ timeout: 30_000 });
      const slip = page.getByTestId('place-bet');
      await slip.waitFor();
      const bestLay = Number(await slip.locator('input[name=odds]').inputValue());
      let price = Math.round(bestLay * 100);
      for (let i = 0; i < ticks; i++) price = tickFrom(price, -1)!;
      const target = price / 100;
      for (let i = 0; i < Math.round((bestLay - target) * 100); i++)
        await slip.getByRole('button', { name: 'Lower odds' }).click();
      t.equal(
        Number(await slip.locator('input[name=odds]').inputValue()),
        target,
        `odds lowered from ${bestLay} to ${target}`,
      );
      await slip.locator('input[name=stake]').fill(stake);
      await slip.locator('.slip-note.warn', { hasText: 'waits unmatched' }).waitFor();
      t.pass('the slip says the bet will wait unmatched');
      const answer = await submitSlip(t, page);
      await slip.waitFor({ state: 'detached' });
      t.equal(answer.bet.odds, target);
      return { answer, target };
    };

    // The feed moves a tick at a time, fast: a bet one tick off can be reached before the page shows it
    // as unmatched, so it starts three ticks off; if a price still reaches it during the 2 s in-play
    // delay (matched at once), lay lower.
    let placed = await layBelow(3, '100');
    for (let ticks = 4; placed.answer.bet.unmatched_stake === 0 && ticks <= 7; ticks++) {
      t.comment('matched at once during the in-play delay; laying lower');
      placed = await layBelow(ticks, '100');
    }
    const { answer, target } = placed;
    const betId = answer.bet_id;
    t.ok(answer.bet.unmatched_stake > 0, 'the server rests it unmatched');
    await myBetRow(page, 'unmatched-bet', betId).waitFor();
    t.pass('listed under Unmatched Bets');
    t.equal(await myBetRow(page, 'unmatched-bet', betId).locator('td').nth(1).textContent(), String(target));
    await page.screenshot({ path: screenshotPath('betting-unmatched-desktop'), fullPage: true });

    // The simulated price walks; when the best lay comes down to the bet's price the engine matches it.
    const matched = myBetRow(page, 'matched-bet', betId);
    const waitStart = Date.now();
    const natural = await matched.waitFor({ timeout: NATURAL_MATCH_WAIT_MS }).then(
      () => true,
      () => false,
    );
    if (!natural) {
      // A random walk can wander off for long: the test brings the price to the bet itself, as the feed would.
      t.comment(
        `the simulated price did not reach the bet within ${NATURAL_MATCH_WAIT_MS / 1000} s; the test moves it there`,
      );
      const price = Math.round(target * 100);
      server.engine.quote({
        type: 'exchange',
        marketId: MATCH_ODDS,
        selectionId: MUMBAI,
        status: 'ACTIVE',
        back: [1, 2, 3].map((i) => ({ price: tickFrom(price, -i)!, size: 50_000_00 })),
        lay: [0, 1, 2].map((i) => ({ price: tickFrom(price, i)!, size: 50_000_00 })),
      });
      await matched.waitFor({ timeout: 30_000 });
    }
    t.pass(
      `matched ${natural ? `by the simulated price after ${((Date.now() - waitStart) / 1000).toFixed(1)} s` : 'once the price reached it'}, without a reload`,
    );
    await myBetRow(page, 'unmatched-bet', betId).waitFor({ state: 'detached' });
    t.pass('no longer under Unmatched Bets');
  });

  await t.test('(c) the unmatched remainder is cancelled from My Bet', async (t) => {
    const cell = bestCell(page, MUMBAI, 'lay');
    await cell.click({ timeout: 30_000 });
    const slip = page.getByTestId('place-bet');
    await slip.waitFor();
    const bestLay = Number(await slip.locator('input[name=odds]').inputValue());
    // Far below the best lay (on the ladder below 2, 0.01 apart), so it stays unmatched.
    const target = Math.max(1.01, Math.round((Math.min(bestLay, 2) - 0.3) * 100) / 100);
    for (let i = 0; i < Math.round((bestLay - target) * 100); i++)
      await slip.getByRole('button', { name: 'Lower odds' }).click();
    await slip.locator('input[name=stake]').fill('200');
    const answer = await submitSlip(t, page);
    t.equal(answer.bet.unmatched_stake, 200, 'rests unmatched');
    const row = myBetRow(page, 'unmatched-bet', answer.bet_id);
    await row.waitFor();
    await row.getByRole('button', { name: /Cancel unmatched/ }).click();
    await row.waitFor({ state: 'detached' });
    t.pass('gone from My Bet once cancelled');
    const unsettled = await fetch(`${base}/api/my_bets?eventId=${MATCH}`, {
      headers: { authorization: `Bearer ${auth.token}` },
    });
    const bets = ((await unsettled.json()) as { data: BetDto[] }).data;
    t.notOk(
      bets.some((b) => b._id === answer.bet_id),
      'the server no longer lists it as pending',
    );
  });

  await t.test('(d) View All goes to /unsettledbet, which lists the open bets', async (t) => {
    // A back asked at 1.01 on a match not in play takes the best price there: the list shows both.
    const { call } = caller(server);
    const football = await call('GET', '/api/matches/sim-201', undefined, auth.token);
    const body = betBody(football.body, 'sim-201.mo', 301, 'back', 1.01, 100, auth.user._id);
    // The fast feed suspends runners now and then: sent again, as a player would.
    let low = await call('POST', '/api/bets', body, auth.token);
    for (let i = 0; i < 10 && low.status === 400 && /suspended/i.test(low.body.message); i++) {
      await new Promise((r) => setTimeout(r, 500));
      low = await call('POST', '/api/bets', body, auth.token);
    }
    t.equal(low.status, 200, JSON.stringify(low.body));
    const got: number = low.body.bet.matched_odds;
    t.ok(got > 1.01, `asked 1.01, matched at ${got}`);
    await page.locator('.my-bets .view-all').click();
    await waitForPath(page, '/unsettledbet');
    await page.locator('.bets-table tbody tr.bet-row').first().waitFor();
    t.ok((await page.locator('.bets-table tbody tr.bet-row').count()) >= 3, 'the two backs and the matched lay');
    const lowRow = page.locator(`.bets-table tr.bet-row[data-bet-id="${low.body.bet_id}"] td[data-label=Odds]`);
    t.equal(
      await lowRow.textContent(),
      `1.01matched ${got.toFixed(2)}`,
      'the price asked, and under it the price matched',
    );
    await page.screenshot({ path: screenshotPath('betting-unsettled-desktop'), fullPage: true });

    // The same open bets on /current/bets, grouped by match, the side filter read from the URL.
    await page.goto(`${base}/current/bets?side=back`);
    await page.locator('.bets-table tr.group-row').first().waitFor();
    await page.locator('.bets-table tbody tr.bet-row').first().waitFor();
    t.equal(await page.locator('[aria-label=Side] [aria-checked=true]').textContent(), 'Back', 'the side from the URL');
    t.equal(await page.locator('.bets-table tr.bet-row.lay').count(), 0, 'only the backs');
    t.ok((await page.locator('.bets-table tr.bet-row.back').count()) >= 2, 'the two backs');
    await page.screenshot({ path: screenshotPath('current-bets-desktop'), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: screenshotPath('current-bets-mobile'), fullPage: true });
    await page.setViewportSize(DESKTOP);
  });

  await t.test('(e) the Place Bet panel at 375 px', async (t) => {
    const phone = await open(t, MOBILE, `/odds/4/${MATCH}`);
    await phone.getByTestId('match-name').waitFor();
    t.equal(
      await phone
        .locator('.match-tabs [role=tab]')
        .allTextContents()
        .then((x) => x.map((s) => s.replace(/\s+/g, ' ').trim()))
        .then((x) => x[0]),
      'ODDS',
    );
    t.ok(await phone.getByRole('tab', { name: /TV/ }).isDisabled(), 'TV tab disabled: no stream');
    const cell = bestCell(phone, MUMBAI, 'back');
    await cell.click({ timeout: 30_000 });
    const slip = phone.getByTestId('place-bet');
    await slip.waitFor();
    const box = await slip.boundingBox();
    t.ok(box !== null && box.x >= 0 && box.x + box.width <= MOBILE.width, 'the panel fits the phone');
    await slip.locator('.stake-button').first().click();
    const odds = Number(await slip.locator('input[name=odds]').inputValue());
    const stake = Number(await slip.locator('input[name=stake]').inputValue());
    t.ok(stake > 0, 'a quick stake button fills the stake');
    t.equal(await slip.getByTestId('slip-profit').textContent(), ((odds - 1) * stake).toFixed(2));
    t.equal(await slip.locator('.slip-book-row').count(), 2, 'per-runner P&L below');
    await phone.screenshot({ path: screenshotPath('betting-slip-mobile') });
    await slip.getByRole('button', { name: 'Reset' }).click();
    t.equal(await slip.locator('input[name=stake]').inputValue(), '', 'Reset clears the stake');
    t.equal(await slip.getByTestId('slip-profit').textContent(), '0.00', 'and the profit');
    t.ok(await slip.locator('.slip-submit').isDisabled(), 'nothing to submit without a stake');
    await slip.getByRole('button', { name: 'Close' }).click();
    await slip.waitFor({ state: 'detached' });
    await phone.getByRole('tab', { name: /PLACED BET/ }).click();
    await phone.locator('.my-bets tr[data-bet-id]').first().waitFor();
    await phone.screenshot({ path: screenshotPath('betting-placed-mobile'), fullPage: true });

    // Keep in play: saved as the default on Button values, then the slip of a match not yet in play starts with it.
    await phone.goto(`${base}/button-values`);
    const keep = phone.locator('input[name=keepInPlay]');
    await keep.waitFor();
    t.notOk(await keep.isChecked(), 'off until chosen');
    await keep.check();
    const saved = phone.waitForResponse((r) => new URL(r.url()).pathname === '/api/betting-buttons');
    await phone.getByRole('button', { name: 'Update' }).click();
    t.ok((await saved).ok(), 'saved');
    await phone.screenshot({ path: screenshotPath('betting-button-values-mobile'), fullPage: true });
    await phone.goto(`${base}/odds/1/sim-201`);
    await bestCell(phone, 301, 'back').click({ timeout: 30_000 });
    const footballSlip = phone.getByTestId('place-bet');
    const slipKeep = footballSlip.locator('input[name=keepInPlay]');
    await slipKeep.waitFor();
    t.ok(await slipKeep.isChecked(), "the slip starts with the player's default");
    t.match(await footballSlip.locator('.slip-keep').textContent(), /unmatched stake stays at the off/);
    await footballSlip.locator('input[name=stake]').fill('100');
    await phone.screenshot({ path: screenshotPath('betting-slip-keep-mobile') });
    const answer = await submitSlip(t, phone);
    t.equal(answer.bet.persistence_type, 'PERSIST', 'placed to be kept in play');
  });

  await t.test('(f) cash out half of a position from the market, at the live value', async (t) => {
    // player1 holds Arsenal from (d) and (e): the runner shows its live cash-out value.
    await page.goto(`${base}/odds/1/sim-201`);
    const button = runnerRow(page, 301).getByTestId('cash-out-button');
    await button.waitFor({ timeout: 30_000 });
    t.match(await button.textContent(), /^Cash Out -?₹[\d,]+\.\d\d$/, 'the value on the runner');
    await page.screenshot({ path: screenshotPath('betting-cash-out-desktop'), fullPage: true });
    await button.click();
    const panel = page.getByTestId('cash-out-panel');
    await panel.waitFor();
    await panel.getByRole('radio', { name: '50%' }).click();
    await page.screenshot({ path: screenshotPath('betting-cash-out-panel-desktop') });
    // The fast feed moves prices: a value that fell below what the panel accepts is refused, try again.
    let response = null;
    for (let i = 0; i < 8; i++) {
      const post = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bets/cash-out');
      await panel.getByRole('button', { name: 'Cash Out 50%' }).click();
      response = await post;
      if (response.ok() || !/cash out value is now|not enough in the market|suspended/i.test(await response.text()))
        break;
      await page.waitForTimeout(300);
    }
    t.ok(response?.ok(), `POST /api/bets/cash-out answered ${response?.status()}`);
    const answer = (await response!.json()) as { bet: BetDto; message: string };
    t.match(answer.bet.cash_out, { percent: 50 }, 'half of the position cashed out');
    await toast(page, 'success: Cashed out 50%');
    await panel.waitFor({ state: 'detached' });
    await page.locator(`.my-bets tr[data-bet-id="${answer.bet._id}"] .cash-out-tag`).waitFor({ timeout: 30_000 });
    t.pass('My Bet lists the hedge, marked cash out');
    // The half left can be cashed out from My Bet too.
    const fromMyBets = page.getByTestId('my-bets-cash-out').filter({ hasText: 'Arsenal' });
    await fromMyBets.waitFor({ timeout: 30_000 });
    await fromMyBets.locator('button').click();
    await panel.waitFor();
    t.pass('My Bet opens the cash-out panel for the rest');
    await page.screenshot({ path: screenshotPath('betting-cash-out-my-bets-desktop') });
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.screenshot({ path: screenshotPath('betting-cash-out-done-desktop'), fullPage: true });

    // On a phone the panel is the slip's bottom sheet, within the screen; an auto cash out is set there.
    const phone = await open(t, MOBILE, '/odds/1/sim-201');
    await runnerRow(phone, 301).getByTestId('cash-out-button').click({ timeout: 30_000 });
    const sheet = phone.getByTestId('cash-out-panel');
    await sheet.getByRole('radio', { name: '25%' }).click();
    const box = await sheet.boundingBox();
    t.ok(box !== null && box.x >= 0 && box.x + box.width <= MOBILE.width, 'the panel fits the phone');
    await sheet.locator('input[name=profitTarget]').fill('5000');
    await sheet.locator('input[name=lossLimit]').fill('4000');
    await sheet.getByRole('button', { name: 'Set auto cash out' }).click();
    await toast(phone, 'success: Auto cash out set');
    await sheet.getByTestId('auto-cash-out-rule').waitFor();
    t.equal(
      await sheet.getByTestId('auto-cash-out-rule').textContent(),
      'On: at a profit of ₹5,000.00 or at a loss of ₹4,000.00',
    );
    await runnerRow(phone, 301).locator('.auto-tag').waitFor();
    t.pass('the runner says its cash out is automatic');
    await phone.screenshot({ path: screenshotPath('betting-cash-out-panel-mobile') });
    await sheet.getByRole('button', { name: 'Clear' }).click();
    await toast(phone, 'success: Auto cash out cleared');
  });

  await t.test("(g) cash out a bookmaker position at the house's rate", async (t) => {
    const { call } = caller(server);
    // A back at the house's rate on Mumbai, sent again while the fast feed has the runner suspended or moves the rate.
    let placed = { status: 0, body: { message: '' } as { message: string; bet?: BetDto } };
    for (let i = 0; i < 20 && placed.status !== 200; i++) {
      const detail = (await call('GET', `/api/matches/${MATCH}`, undefined, auth.token)).body;
      const rate = detail.markets
        .find((m: { marketId: string }) => m.marketId === `${MATCH}.bm`)
        ?.section.find((r: { sid: number }) => r.sid === MUMBAI)
        ?.odds.find((o: { otype: string }) => o.otype === 'back')?.odds;
      if (rate)
        placed = await call(
          'POST',
          '/api/bets',
          betBody(detail, `${MATCH}.bm`, MUMBAI, 'back', rate, 100, auth.user._id),
          auth.token,
        );
      if (placed.status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    t.equal(placed.status, 200, JSON.stringify(placed.body));
    await page.goto(`${base}/odds/4/${MATCH}`);
    const button = page
      .locator(`.runner-market.kind-bookmaker .runner-row[data-sid="${MUMBAI}"]`)
      .getByTestId('cash-out-button');
    await button.click({ timeout: 30_000 });
    const panel = page.getByTestId('cash-out-panel');
    // The fast feed may have the runner suspended for a moment ("Nothing to cash out on this runner
    // right now"): the panel follows the prices, so wait for the house's rate to come back.
    const note = /^100% now: lay ₹[\d,]+\.\d\d at \d+\. The position then pays -?₹[\d,]+\.\d\d/;
    await panel.locator('.slip-note', { hasText: note }).waitFor({ timeout: 20_000 });
    t.match(await panel.locator('.slip-note').textContent(), note);
    await page.screenshot({ path: screenshotPath('betting-cash-out-bookmaker-desktop') });
    let response = null;
    for (let i = 0; i < 8; i++) {
      const post = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bets/cash-out');
      await panel.getByRole('button', { name: 'Cash Out 100%' }).click();
      response = await post;
      if (
        response.ok() ||
        !/cash out value is now|not enough in the market|suspended|no price/i.test(await response.text())
      )
        break;
      await page.waitForTimeout(300);
    }
    t.ok(response?.ok(), `POST /api/bets/cash-out answered ${response?.status()}`);
    const answer = (await response!.json()) as { bet: BetDto };
    t.match(answer.bet, { market_type: 'Bookmaker', odds_type: 'lay', cash_out: { percent: 100 } });
  });
});

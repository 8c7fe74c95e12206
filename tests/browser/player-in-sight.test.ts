import { randomUUID } from 'node:crypto';
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { tickFrom, type Command, type FeedUpdate, type PlaceBetResponse } from '@exch/contracts';
import { createSimulator } from '@exch/feeds';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  launchBrowser,
  openWithStorage,
  painted,
  screenshotPath,
  storedSession,
} from '../helpers/browser.js';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { RaceFeed } from '../helpers/race-feed.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 800 };
const MOBILE = { width: 375, height: 812 };
const NARROW = { width: 320, height: 640 };
const WIDTHS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;
const SOCCER = 'sim-201'; // Arsenal v Chelsea: not in play, no bet delay
const SOCCER_MO = `${SOCCER}.mo`;
const ARSENAL = 301;
const CHELSEA = 302;
const CRICKET = 'sim-101'; // Mumbai v Chennai: in play, a 2 s delay on match odds
const CRICKET_MO = `${CRICKET}.mo`;
const MUMBAI = 101;
/** The largest figure the product shows a player: ₹99,99,99,999.99. */
const LARGEST = 99_99_99_999_99;
const LARGEST_TEXT = '₹99,99,99,999.99';
/** The wallet's three figures in the header, each of which must hold the largest. */
const HEADER_FIGURES = ['header-balance', 'header-exposure', 'header-held'];
const DAY_FIRST = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{1,2}:\d\d(:\d\d)? (am|pm)\b/;

/** Mumbai backed at 2.00 and laid at 2.02, ₹5,000 at each of three levels; `ticks` moves both up the ladder. */
const mumbai = (ticks: 0 | 1): FeedUpdate =>
  ladder(
    CRICKET_MO,
    MUMBAI,
    [200, 199, 198].map((p): [number, number] => [tickFrom(p, ticks)!, 5_000]),
    [202, 204, 206].map((p): [number, number] => [tickFrom(p, ticks)!, 5_000]),
  );

/** Three levels a side, ₹ sizes as given, for a runner of the feed this test moves by hand. */
const ladder = (
  marketId: string,
  selectionId: number,
  back: [number, number][],
  lay: [number, number][],
): FeedUpdate => ({
  type: 'exchange',
  marketId,
  selectionId,
  status: 'ACTIVE',
  back: back.map(([price, rupees]) => ({ price, size: rupees * 100 })),
  lay: lay.map(([price, rupees]) => ({ price, size: rupees * 100 })),
});

// What players hit on the screens (issue 51): figures that fit a phone, toasts in sight, dates day
// first, a slip that reads the book, P&L columns that say what they are, cash out in play, a blocked
// market marked. One server: the seeded simulator that moves only when this test sends a price.
t.test('player screens in sight', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const feed = new RaceFeed(createSimulator({ seed: 7, tickMs: 3_600_000 }));
  // Small bet limits (8 at once, then one each 20 s), to reach the 429 with a few instructions; each player has its own.
  const server: TestServer = await startTestServer({
    feedPort: feed,
    limits: { bets: { burst: 8, perSecond: 0.05 } },
    feedSettleDelayMs: null,
  });
  t.teardown(() => server.close());
  const base = server.url;
  const { call } = caller(server);
  const logins = {
    player1: await apiLogin(base, 'player', 'player1'),
    player2: await apiLogin(base, 'player', 'player2'),
    player3: await apiLogin(base, 'player', 'player3'),
  };
  const admin = (await apiLogin(base, 'admin', 'admin')).token;

  /** A page for one subtest, closed when it ends: an open page keeps polling and listening. */
  const open = async (t: Test, viewport: { width: number; height: number }, who: keyof typeof logins, path: string) => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    // Every toast shown, with its place on the screen when it appeared.
    await browser.page.addInitScript(() => {
      const log: { text: string; kind: string }[] = [];
      (window as unknown as { toastLog: typeof log }).toastLog = log;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.matches('.toast'))
              log.push({ text: n.textContent ?? '', kind: n.className });
      }).observe(document, { childList: true, subtree: true });
    });
    await openWithStorage(browser.page, base, storedSession('player', logins[who]), path);
    return browser.page;
  };
  const run = async (actor: string | null, command: Command) => {
    const r = await server.engine.execute({
      commandId: randomUUID(),
      correlationId: 'player-in-sight',
      actor,
      ip: null,
      device: 'test',
      at: new Date().toISOString(),
      command,
    });
    if (!r.ok) throw new Error(`${command.type}: ${r.refusal.message}`);
  };
  /**
   * Once the header shows what is held: each header figure's text (or how many there are, if not one)
   * and its box (none when it is not shown), and whether the page scrolls sideways. One look at the
   * page rather than seven: the header test looks at a hundred pages.
   */
  const lookAtHeader = async (page: Page) => {
    const look = await page.waitForFunction((ids) => {
      if (!document.querySelector('[data-testid=header-held]')?.getClientRects().length) return null;
      const figures = ids.map((id) => {
        const found = document.querySelectorAll(`[data-testid=${id}]`);
        const one = found.length === 1 ? found[0]! : null;
        const box = one && one.getClientRects().length > 0 ? one.getBoundingClientRect() : null;
        return { id, text: one ? one.textContent : `${found.length} of them`, left: box?.left, right: box?.right };
      });
      return { figures, sideScroll: document.documentElement.scrollWidth > window.innerWidth };
    }, HEADER_FIGURES);
    return (await look.jsonValue())!; // waitForFunction resolves on a value, never on null
  };

  await t.test('the header holds the largest figures from 320 px up, on every player page', async (t) => {
    const ids = server.engine.view.usernames;
    const p2 = ids.player2!;
    const { balance, held } = (await call('GET', '/api/users/profile', undefined, logins.player2.token)).body.balance;
    // player2 ends with ₹99,99,99,999.99 in the balance, as much held for a withdrawal and as much
    // at risk: chips minted and passed down its chain, a withdrawal asked, a lay resting at 2.00.
    const heldMore = LARGEST - Math.round(held * 100);
    const topUp = LARGEST + heldMore - Math.round(balance * 100);
    await run(null, { type: 'MintChips', userId: ids.admin!, amount: topUp });
    const chain = ['admin', 'sadmin1', 'master1', 'agent1', 'dealer1', 'player2'].map((u) => ids[u]!);
    for (let i = 0; i < chain.length - 1; i++)
      await run(chain[i]!, {
        type: 'TransferChips',
        fromUserId: chain[i]!,
        toUserId: chain[i + 1]!,
        amount: topUp,
        remark: 'largest figures',
      });
    await run(p2, { type: 'AddUpiId', accountId: 'upi-largest', upiId: 'largest@upi' });
    await run(p2, {
      type: 'RequestWithdrawal',
      requestId: 'w-largest',
      accountId: 'upi-largest',
      amount: heldMore,
      remark: 'largest figures',
    });
    // Arsenal's lay offers start at 3.10: a lay at 2.00 rests whole, its liability its stake; the
    // product takes at most ₹10 crore a bet, so a hundred of them.
    const MAX_BET = 10_00_00_000_00;
    await run(ids.admin!, {
      type: 'SetMarketSettings',
      marketId: SOCCER_MO,
      minStake: 100_00,
      maxStake: MAX_BET,
      betDelaySec: 0,
      commissionBp: 200,
    });
    await run(ids.dealer1!, { type: 'SetExposureLimit', userId: p2, exposureLimit: 0 });
    feed.send(ladder(SOCCER_MO, ARSENAL, [[300, 5_000]], [[310, 5_000]]));
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0, left = LARGEST; left > 0; i++, left -= MAX_BET)
      await run(p2, {
        type: 'PlaceBet',
        betId: `lay-largest-${i}`,
        marketId: SOCCER_MO,
        selectionId: ARSENAL,
        side: 'lay',
        odds: 200,
        volume: null,
        stake: Math.min(left, MAX_BET),
        referenceId: `lay-largest-${i}`,
      });
    const wallet = (await call('GET', '/api/users/profile', undefined, logins.player2.token)).body.balance;
    t.same([wallet.balance, wallet.exposer, wallet.held], [LARGEST / 100, LARGEST / 100, LARGEST / 100]);

    const tables: { game_identifier: string }[] = (
      await call('GET', '/api/casino/table/getalltable', undefined, logins.player2.token)
    ).body.data;
    t.equal(tables.length, 14, 'the Indian casino tables');
    const pages = [
      '/',
      `/odds/4/${CRICKET}`,
      `/odds/1/${SOCCER}`,
      '/current/bets',
      '/unsettledbet',
      '/bethistory',
      '/accountstatement',
      '/profitloss',
      '/casinoreport',
      '/deposit',
      '/withdraw',
      '/depositstatement',
      '/withdrawstatement',
      '/button-values',
      '/changepassword',
      '/activity-log',
      '/settings/security-auth',
      '/rules',
      '/casino-games',
      '/casino/result',
      ...tables.map((x) => `/casino/${x.game_identifier}`),
    ];
    for (const [name, viewport] of [['narrow', NARROW], ...WIDTHS] as const) {
      const page = await open(t, viewport, 'player2', '/');
      for (const path of pages) {
        if (path !== '/') await page.goto(`${base}${path}`);
        const { figures, sideScroll } = await lookAtHeader(page);
        for (const { id, text, left, right } of figures) {
          t.equal(text, LARGEST_TEXT, `${name} ${path}: ${id}`);
          t.ok(left !== undefined && left >= 0 && right! <= viewport.width, `${name} ${path}: ${id} within the screen`);
        }
        t.notOk(sideScroll, `${name} ${path}: no sideways scroll`);
        if (path === '/' || path === `/odds/4/${CRICKET}` || path === '/casino/teen20')
          await page.screenshot({ path: screenshotPath(`largest-figures-${name}${path.replace(/\W+/g, '-')}`) });
      }
      await page.close();
    }
  });

  await t.test(
    'a burst of bets: one success toast counting them; the 429 on top, in sight, not over the slip',
    async (t) => {
      // player3's bets on Arsenal at 3.00 (this test's price): no delay before the off.
      feed.send(ladder(SOCCER_MO, ARSENAL, [[300, 50_000]], [[310, 50_000]]));
      const pages = [];
      for (const [name, viewport] of WIDTHS) {
        const page = await open(t, viewport, 'player3', `/odds/1/${SOCCER}`);
        const cell = page.locator(
          `.runner-market.kind-match_odds .runner-row[data-sid="${ARSENAL}"] button.price-cell.back.best`,
        );
        const slip = page.getByTestId('place-bet');
        const fill = async () => {
          await cell.click({ timeout: 30_000 });
          await slip.locator('input[name=stake]').fill('100');
        };
        // Bets one after another: each success takes the place of the one shown, counting them.
        for (let i = 0; i < 2; i++) {
          await fill();
          const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bets');
          await slip.locator('.slip-submit').click();
          t.equal((await answer).status(), 200, `${name}: bet ${i + 1} placed`);
        }
        t.ok((await page.locator('.toast-success').count()) <= 1, `${name}: one success toast at most`);
        await fill();
        pages.push({ name, viewport, page, slip });
      }
      // The account's bet limit spent: the next Submit is refused with a 429. A cash out on Chelsea
      // reaches the engine (refused there: player3 holds nothing on it), so each costs a token.
      let limited = false;
      for (let i = 0; i < 12 && !limited; i++)
        limited =
          (
            await call(
              'POST',
              '/api/bets/cash-out',
              { market_id: SOCCER_MO, selection: String(CHELSEA), value: 0 },
              logins.player3.token,
            )
          ).status === 429;
      t.ok(limited, 'the limit is spent');
      // Both widths at once: each error toast's five seconds on screen are waited out together.
      await Promise.all(
        pages.map(async ({ name, viewport, page, slip }) => {
          await slip.locator('.slip-submit').click();
          const error = page.locator('.toast-error', { hasText: 'Too many bet instructions' });
          await error.waitFor();
          const shownAt = Date.now();
          t.equal(
            await page.locator('.toast').first().getAttribute('class'),
            'toast toast-error',
            `${name}: newest on top`,
          );
          const box = (await error.boundingBox())!;
          t.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${name}: the 429 inside the screen (y ${box.y})`);
          t.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${name}: and across it`);
          const panel = (await slip.boundingBox())!;
          if (name === 'mobile')
            t.ok(
              box.y + box.height <= panel.y,
              `${name}: above the slip's sheet (${box.y + box.height} <= ${panel.y})`,
            );
          else t.ok(box.x + box.width <= panel.x || box.y >= panel.y + panel.height, `${name}: clear of the bet panel`);
          await page.screenshot({ path: screenshotPath(`toast-429-${name}`) });
          // Two seconds after it appeared, twice a success toast's life (the checks above count in them).
          await page.waitForTimeout(Math.max(0, shownAt + 2_000 - Date.now()));
          t.ok(await error.isVisible(), `${name}: an error stays longer than a success`);
          await error.waitFor({ state: 'detached', timeout: 15_000 });
          t.pass(`${name}: and goes by itself`);
        }),
      );
    },
  );

  await t.test('dates day first: the match header and the bet list', async (t) => {
    const page = await open(t, DESKTOP, 'player1', `/odds/4/${CRICKET}`);
    t.match(await page.locator('.match-start').textContent(), /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d (am|pm)$/);
    await page.goto(`${base}/`);
    const when = await page.locator(`.lobby-match-row[data-match-id="${SOCCER}"] .lobby-when`).textContent();
    t.match(when, /^(Today|Tomorrow) \d{1,2}:\d\d (am|pm)|^\d{1,2} [A-Z][a-z]{2} \d{4}, /, 'the lobby');
    // The statement lists the demo's opening chips: every date on it reads day first.
    await page.goto(`${base}/accountstatement`);
    const table = page.locator('table').first();
    await table.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    const dates = (await table.locator('tbody td').allTextContents()).filter((c) => /\d{4}/.test(c) && /:/.test(c));
    t.ok(dates.length > 0, 'the statement shows dates');
    t.ok(
      dates.every((d) => DAY_FIRST.test(d)),
      `the statement's dates day first: ${dates.slice(0, 3).join(' | ')}`,
    );
  });

  await t.test('the slip says what the book does with the bet', async (t) => {
    // Arsenal: ₹50 to back at 2.10, ₹200 at 2.08, ₹1,000 at 2.06.
    feed.send(
      ladder(
        SOCCER_MO,
        ARSENAL,
        [
          [210, 50],
          [208, 200],
          [206, 1_000],
        ],
        [[212, 500]],
      ),
    );
    for (const [name, viewport] of WIDTHS) {
      const page = await open(t, viewport, 'player1', `/odds/1/${SOCCER}`);
      const row = page.locator(`.runner-market.kind-match_odds .runner-row[data-sid="${ARSENAL}"]`);
      await row.locator('button.price-cell.back.best', { hasText: '2.10' }).click({ timeout: 30_000 });
      const slip = page.getByTestId('place-bet');
      const note = slip.getByTestId('slip-fill');
      await slip.locator('input[name=stake]').fill('50');
      t.equal(await note.textContent(), 'Matches at 2.10.', `${name}: at the price asked`);
      // 2.08 (above 2 the ladder steps by 0.02): the ₹50 at 2.10 is better, and taken first.
      await slip.getByRole('button', { name: 'Lower odds' }).click();
      await slip.getByRole('button', { name: 'Lower odds' }).click();
      t.equal(await note.textContent(), 'Matches at 2.10, better than the 2.08 asked.', `${name}: at a better price`);
      await slip.locator('input[name=stake]').fill('2000');
      t.equal(
        await note.textContent(),
        '₹250.00 matches at 2.10 to 2.08; ₹1,750.00 waits unmatched at 2.08.',
        `${name}: in part`,
      );
      for (let i = 0; i < 4; i++) await slip.getByRole('button', { name: 'Raise odds' }).click();
      t.equal(
        await note.textContent(),
        'No one offers 2.12 now: the bet waits unmatched until the price reaches it.',
        `${name}: rests`,
      );
      await page.screenshot({ path: screenshotPath(`slip-from-the-book-${name}`) });
      await page.close();
    }
    // The slip told the truth: backed at 2.08, it matched at 2.10 and 2.08 at once.
    const d = (await call('GET', `/api/matches/${SOCCER}`, undefined, logins.player1.token)).body;
    const placed: PlaceBetResponse = (
      await call(
        'POST',
        '/api/bets',
        betBody(d, SOCCER_MO, ARSENAL, 'back', 2.08, 100, logins.player1.user._id),
        logins.player1.token,
      )
    ).body;
    t.same(placed.bet.fills, [
      { odds: 2.1, stake: 50 },
      { odds: 2.08, stake: 50 },
    ]);
  });

  await t.test('Profit & Loss: every column says before or after commission, the period reconciles', async (t) => {
    t.match(
      await call(
        'POST',
        `/api/admin/markets/${SOCCER_MO}/result`,
        { selectionId: ARSENAL, transaction_password: 'Txn@1234' },
        admin,
      ),
      { status: 200 },
    );
    for (const [name, viewport] of WIDTHS) {
      const page = await open(t, viewport, 'player1', '/profitloss');
      const line = page.getByTestId('pl-reconcile');
      await line.waitFor();
      const mine = (await call('GET', '/api/profit-loss/mine', undefined, logins.player1.token)).body;
      const rupees = (n: number) =>
        `${n < 0 ? '-' : ''}₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(Math.abs(n))}`;
      t.match(
        await line.textContent(),
        `${rupees(mine.totals.pnl)} before commission − ${rupees(mine.totals.commission)} commission = ${rupees(mine.totals.net)} after commission`,
        `${name}: the period's markets, before and after`,
      );
      t.ok(mine.totals.commission > 0, 'a winning market paid commission');
      t.match(
        await page.getByTestId('period-total').textContent(),
        `Your period, after commission: ${rupees(mine.totals.net)}`,
      );
      if (name === 'desktop') {
        const heads = await page.locator('.pl-table thead th').allTextContents();
        t.match(heads.join(' | '), /P&L\s*before commission.*Commission.*Net\s*after commission/);
      } else {
        const labels = await page
          .locator('.pl-table tbody tr')
          .first()
          .locator('td')
          .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-label')));
        t.match(labels, ['Settled', 'Event', 'Market', 'P&L before commission', 'Commission', 'Net after commission']);
      }
      await page.locator('.pnl-chart canvas').waitFor();
      await painted(page); // the chart, drawn without animation once its canvas is sized
      await page.screenshot({ path: screenshotPath(`profit-loss-commission-${name}`), fullPage: true });
      await page.close();
    }
  });

  await t.test('cash out in play: the price moves during the delay, and the cash out fills', async (t) => {
    feed.send(mumbai(0));
    for (const [name, viewport] of WIDTHS) {
      const page = await open(t, viewport, 'player1', `/odds/4/${CRICKET}`);
      const row = page.locator(`.runner-market.kind-match_odds .runner-row[data-sid="${MUMBAI}"]`);
      await row.locator('button.price-cell.back.best').click({ timeout: 30_000 });
      await page.getByTestId('place-bet').locator('input[name=stake]').fill('500');
      const bet = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bets');
      await page.locator('.slip-submit').click();
      t.equal((await bet).status(), 200, `${name}: backed after the delay`);
      await row.getByTestId('cash-out-button').click({ timeout: 30_000 });
      const panel = page.getByTestId('cash-out-panel');
      await panel.getByRole('radio', { name: '50%' }).click();
      const note = panel.getByTestId('cash-out-note');
      t.match(
        await note.textContent(),
        /^50% now: lay ₹[\d,.]+ at 2\.02 or better\. That half then pays (-?₹[\d,.]+ whichever way Mumbai goes|-?₹[\d,.]+ if Mumbai wins, -?₹[\d,.]+ if not); the other 50% stays on\.$/,
        `${name}: what the half pays`,
      );
      // No amount breaks across lines ("₹11.24" stays whole).
      const broken = await note
        .locator('.nowrap')
        .evaluateAll((els) => els.filter((e) => e.getClientRects().length > 1).length);
      t.equal(broken, 0, `${name}: amounts whole on their line`);
      const accept = panel.locator('.cash-out-accept');
      t.match(await accept.textContent(), /during the 2 s in-play delay, accept a value down to -?₹[\d,.]+/);
      t.ok(await accept.locator('input').isChecked(), 'ticked by default');
      await page.screenshot({ path: screenshotPath(`cash-out-in-play-${name}`) });
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bets/cash-out');
      await panel.getByRole('button', { name: 'Cash Out 50%' }).click();
      // The lay moves a tick out while the cash out waits: within what the panel accepts.
      await page.waitForTimeout(300);
      feed.send(mumbai(1));
      const res = await answer;
      t.equal(res.status(), 200, `${name}: filled at the moved price (${await res.text()})`);
      t.match((await res.json()).message, /^Cashed out 50%(: | for )/);
      await page.locator('.toast-success', { hasText: 'Cashed out 50%' }).waitFor();
      await page.screenshot({ path: screenshotPath(`cash-out-done-${name}`) });
      feed.send(mumbai(0));
      await page.close();
    }
  });

  await t.test('a market blocked for the player is marked before Submit', async (t) => {
    t.match(
      await call(
        'PUT',
        `/api/market-locks/${CRICKET}`,
        {
          userId: logins.player3.user._id,
          is_locked: true,
          lock_target: { event_id: CRICKET, market_type: 'Bookmaker', market_id: `${CRICKET}.bm` },
          transaction_password: 'Txn@1234',
        },
        admin,
      ),
      { status: 200 },
    );
    for (const [name, viewport] of WIDTHS) {
      const page = await open(t, viewport, 'player3', `/odds/4/${CRICKET}`);
      await page.getByTestId('blocked-markets').waitFor();
      t.match(await page.getByTestId('blocked-markets').textContent(), 'Blocked for your account: Bookmaker.');
      const blocked = page.getByTestId('market-blocked');
      t.match(await blocked.locator('.runner-market').getAttribute('class'), /kind-bookmaker/);
      await page.screenshot({ path: screenshotPath(`market-blocked-${name}`) });
      t.equal(await page.getByTestId('market-blocked').count(), 1, `${name}: the bookmaker only`);
    }
  });
});

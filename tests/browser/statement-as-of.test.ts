import t from 'tap';
import type { Page } from 'playwright-core';
import { formatDateTime } from '@exch/contracts';
import { DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  loginWithForm,
  screenshotPath,
} from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The back office's account statement "As of" view: the balance at a past moment and the rows up to it.
t.test(
  "an admin reads a player's balance as of a moment between two transfers",
  { skip: browserSkipReason },
  async (t) => {
    ensureWebBuilt();
    const server = await startTestServer({ feedTickMs: 0 });
    t.teardown(() => server.close());
    const base = server.url;

    // Two deposits by the player's dealer, in different seconds: the input holds whole seconds.
    const dealer = await apiLogin(base, 'admin', 'dealer1');
    const player = (
      await (await fetch(`${base}/api/users/player1`, { headers: { authorization: `Bearer ${dealer.token}` } })).json()
    ).user as { _id: string; balance: number };
    t.equal(player.balance, 100000);
    const deposit = async (amount: string) => {
      const res = await fetch(`${base}/api/users/${player._id}/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${dealer.token}` },
        body: JSON.stringify({ amount, transactionPassword: DEMO_TRANSACTION_PASSWORD }),
      });
      t.equal(res.status, 200, `deposit ${amount}`);
    };
    await deposit('1234.50');
    // The first whole second after it, then the second deposit once that second has passed.
    const between = Math.ceil((Date.now() + 1) / 1000) * 1000;
    await pause(between + 300 - Date.now());
    await deposit('765.50');

    const browser = await launchBrowser(DESKTOP);
    t.teardown(() => browser.close());
    const page: Page = browser.page;
    await loginWithForm(page, base, 'admin', 'admin');
    await page.goto(`${base}/admin/user-transactions/${player._id}`);
    await page.getByRole('heading', { name: 'Account statement: player1' }).waitFor();
    await page.locator('.statement-table tbody tr').nth(2).waitFor();
    await page.screenshot({ path: screenshotPath('statement-as-of-form-desktop'), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath('statement-as-of-form-mobile'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The moment as the browser's own clock reads it, to the second.
    const local = await page.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, between);
    await page.fill('input[name=asOf]', local);
    await page.getByRole('button', { name: 'Show balance' }).click();

    const balance = page.locator('.as-of-balance');
    await balance.filter({ hasText: inr(101234.5) }).waitFor();
    // Shown day first, to the second, as India writes it (contracts' formatDateTime).
    const shown = formatDateTime(new Date(between), { seconds: true });
    t.equal(await balance.textContent(), `Balance as of ${shown}: ${inr(101234.5)}`);
    const rows = page.locator('.statement-table tbody tr');
    await page.locator('.table-wrap:not(.loading)').waitFor();
    t.equal(await rows.count(), 2, 'the opening deposit and the first of the two');
    t.match(
      await rows.nth(0).textContent(),
      new RegExp(
        `Deposit from dealer1.*${inr(1234.5).replace(/[.$]/g, '\\$&')}.*${inr(101234.5).replace(/[.$]/g, '\\$&')}`,
      ),
    );
    t.match(await page.locator('.table-meta').textContent(), `2 records · up to ${shown}`);
    t.equal(await page.locator('input[name=from]').count(), 0, 'the date range gives way to the moment');

    await page.screenshot({ path: screenshotPath('statement-as-of-desktop'), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath('statement-as-of-mobile'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    t.equal(overflow, 0, 'nothing wider than the phone');
    await page.setViewportSize(DESKTOP);

    // Back to the statement: every row, the latest balance first.
    await page.getByRole('button', { name: 'Back to statement' }).click();
    await balance.waitFor({ state: 'detached' });
    await page.locator('input[name=from]').waitFor();
    await rows.nth(2).waitFor();
    t.match(await rows.nth(0).textContent(), inr(102000));
  },
);

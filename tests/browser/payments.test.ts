import { readFileSync } from 'node:fs';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import t from 'tap';
import type { Page } from 'playwright-core';
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
import { repoRoot, startTestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };
// jsqr is CommonJS: under NodeNext its default import is the module, whose `default` is the decoder.
const jsQR = jsQRModule.default;
const RECEIPT = readFileSync(`${repoRoot}/services/server/assets/demo-receipt.png`);

// Money in and out through the real pages (issue 11): player1 deposits by UPI with a screenshot,
// agent1 approves it and player1's balance moves without a reload; player1 saves a bank account
// and withdraws; the withdrawal is rejected and the hold released; the statements page through it all.
t.test('deposit, approval, withdrawal and rejection through the pages', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server = await startTestServer({ feedTickMs: 0 });
  t.teardown(() => server.close());
  const base = server.url;

  const open = async () => {
    const browser = await launchBrowser(DESKTOP);
    t.teardown(() => browser.close());
    // Toasts live 1 s (SPEC.md section 9): each one shown is logged, so a busy machine cannot miss it.
    await browser.page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { toastLog: string[] }).toastLog = log;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.matches('.toast')) log.push(n.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    return browser.page;
  };
  const toast = async (page: Page, text: string) => {
    await page.waitForFunction(
      (want) => (window as unknown as { toastLog: string[] }).toastLog.some((m) => m.includes(want)),
      text,
    );
    await page.evaluate(() => (window as unknown as { toastLog: string[] }).toastLog.splice(0));
  };
  /** The same page state at 1366 and at 375 px; nothing may be wider than the phone. */
  const shoot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`payments-${name}-desktop`), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`payments-${name}-mobile`), fullPage: true });
    t.equal(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      0,
      `${name}: nothing wider than the phone`,
    );
    await page.setViewportSize(DESKTOP);
  };
  const modal = (page: Page) => page.locator('dialog.modal[open]');
  const headerBalance = (page: Page) => page.getByTestId('header-balance');

  const player = await open();
  const agent = await open();
  await loginWithForm(player, base, 'player', 'player1');
  await loginWithForm(agent, base, 'admin', 'agent1');
  await headerBalance(player)
    .filter({ hasText: inr(100_000) })
    .waitFor();

  await t.test('player1 deposits by UPI: the QR code encodes the payment link', async (t) => {
    await player.goto(`${base}/deposit`);
    await player.getByText('Enter the amount to see the QR code').waitFor();
    t.ok(await player.locator('input[name=utrno]').isDisabled(), 'the UTR waits for an amount');
    t.ok(await player.getByRole('button', { name: 'Pay Now' }).isDisabled(), 'Pay Now waits for a screenshot');
    t.equal(await player.locator('.range-hint').textContent(), 'Range: 100 - 100000');

    await player.fill('input[name=amount]', '1500');
    const qr = player.locator('img.upi-qr');
    await qr.waitFor();
    t.match(await qr.getAttribute('src'), /^data:image\/png;base64,/, 'drawn here as a data: image');
    const shot = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
    t.equal(
      decoded?.data,
      'upi://pay?pa=agent1.pay%40okaxis&pn=Demo%20Agent&am=1500.00&cu=INR&tn=Deposit%20player1',
      'the QR decodes to the UPI link',
    );

    // A toast shows under the header, never over the balance and the Deposit button; at both widths.
    for (const size of [DESKTOP, MOBILE]) {
      await player.setViewportSize(size);
      await player.getByRole('button', { name: 'Copy UPI Id' }).click();
      const gap = await player.waitForFunction(() => {
        const shown = document.querySelector('.toast');
        return shown
          ? shown.getBoundingClientRect().top - document.querySelector('.topbar')!.getBoundingClientRect().bottom
          : null;
      });
      t.ok((await gap.jsonValue())! >= 0, `at ${size.width} px the toast is below the header`);
      await toast(player, 'Copied succesfull');
    }
    await player.setViewportSize(DESKTOP);
    const card = await player.locator('.payment-card').boundingBox();
    const main = await player.locator('main').boundingBox();
    t.ok(
      Math.abs(card!.x - main!.x - (main!.x + main!.width - card!.x - card!.width)) <= 2,
      'the deposit card is centred on a desktop, not leaving its right half empty',
    );
    await player.getByRole('radio', { name: 'Account Transfer' }).click();
    for (const text of ['Demo Agent', '50100123456789', 'HDFC0001234'])
      await player.locator('.copy-list').getByText(text, { exact: true }).waitFor();
    await player.getByRole('radio', { name: 'UPI Payment' }).click();

    await player.fill('input[name=utrno]', 'ab1-2 c3');
    t.equal(await player.inputValue('input[name=utrno]'), '123', 'a UPI UTR takes digits only, as typed');
    await player.locator('input[name=imageUrl]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image, only named like one'),
    });
    await player.getByText('The screenshot must be a PNG or JPEG image (png, jpg, jpeg)').waitFor();
    t.ok(await player.getByRole('button', { name: 'Pay Now' }).isDisabled(), 'a fake png is not taken');
    await player
      .locator('input[name=imageUrl]')
      .setInputFiles({ name: 'paid.png', mimeType: 'image/png', buffer: RECEIPT });
    await player.locator('img.screenshot-preview').waitFor();
    await player.getByRole('button', { name: 'Pay Now' }).click();
    await player
      .locator('.form-error')
      .filter({ hasText: 'UTR number must be the 12 digits your UPI app shows' })
      .waitFor();
    await player.fill('input[name=utrno]', '512300009999');
    await shoot(player, 'deposit');
    await player.getByRole('button', { name: 'Pay Now' }).click();
    await player.locator('.form-success').filter({ hasText: 'Deposit request submitted' }).waitFor();
    t.equal(await player.inputValue('input[name=amount]'), '', 'the form is cleared');
    t.equal(await player.locator('img.screenshot-preview').count(), 0);
    t.equal(await headerBalance(player).textContent(), inr(100_000), 'nothing moves before approval');
  });

  await t.test("agent1 approves it; player1's balance changes without a reload", async (t) => {
    await agent.goto(`${base}/admin/depositstatement`);
    await agent.getByTestId('pending-deposit').filter({ hasText: '2' }).waitFor();
    const row = agent.locator('tr.row-pending').filter({ hasText: '512300009999' });
    await row.waitFor();
    t.match(await row.textContent(), /player1.*₹1,500\.00.*512300009999.*UPI to agent1.*Pending/);
    await row.locator('.screenshot-thumb img').waitFor();
    await shoot(agent, 'deposit-requests');
    await row.locator('.screenshot-thumb').click();
    await modal(agent).locator('img.screenshot-full').waitFor();
    t.ok(
      await modal(agent)
        .locator('img.screenshot-full')
        .evaluate((img: HTMLImageElement) => img.naturalWidth > 300),
      'the screenshot full size',
    );
    await modal(agent).getByRole('button', { name: 'Close' }).click();

    await player.goto(`${base}/depositstatement`);
    await player.locator('.payment-table tbody tr').first().waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    const payFrom = modal(agent).locator('label.field', { has: agent.locator('input[name=walletUserId]') });
    t.match(await payFrom.locator('.field-hint').textContent(), /^Leave empty to pay from your own wallet\./);
    t.ok(
      await payFrom.locator('input').evaluate((el: HTMLInputElement) => {
        const measure = document.createElement('canvas').getContext('2d')!;
        measure.font = getComputedStyle(el).font;
        return measure.measureText(el.placeholder).width <= el.clientWidth;
      }),
      'the placeholder fits its field',
    );
    await agent.screenshot({ path: screenshotPath('payments-approve-dialog-desktop') });
    await modal(agent).locator('input[name=remark]').fill('Seen in the bank statement');
    await modal(agent).locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await modal(agent).getByRole('button', { name: 'Approve' }).click();
    await toast(agent, 'Deposit approved');
    await agent.locator('tr').filter({ hasText: '512300009999' }).getByText('Approved').waitFor();
    await agent.getByTestId('pending-deposit').filter({ hasText: '1' }).waitFor();
    // The player's page was not reloaded: the push (or the profile poll) moves the header.
    await headerBalance(player)
      .filter({ hasText: inr(101_500) })
      .waitFor();
    t.pass('player1 sees ₹1,01,500.00 without a reload');
    await player.locator('.payment-table tbody tr').first().filter({ hasText: 'Approved' }).waitFor();
    t.match(
      await player.locator('.payment-table tbody tr').first().textContent(),
      /Deposit.*₹1,500\.00.*Approved.*Seen in the bank statement/,
    );
  });

  await t.test('player1 saves a bank account and withdraws: the amount is held at once', async (t) => {
    await player.goto(`${base}/withdraw`);
    await player.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await player.locator('.form-error').filter({ hasText: 'Amount is required' }).waitFor();
    await player.fill('input[name=amount]', '700');
    await player.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await player.locator('.form-error').filter({ hasText: 'Select one option from bank details or Upi' }).waitFor();

    await player.locator('.payout-group').first().getByRole('button', { name: 'Add New' }).click();
    const dialog = modal(player);
    await dialog.locator('input[name=accountHolderName]').fill('Demo player1');
    await dialog.locator('input[name=accountNumber]').fill('987654321012');
    await dialog.locator('input[name=ifscCode]').fill('SBIN1234567');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .locator('.form-error')
      .filter({ hasText: 'IFSC Code must be 4 letters, 0, then 6 letters or digits' })
      .waitFor();
    await dialog.locator('input[name=ifscCode]').fill('kkbk0000958');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(player, 'Account successfully added.');
    const added = player.locator('.payout-option').filter({ hasText: '987654321012' });
    await added.locator('input[type=radio]:checked').waitFor();
    t.match(await added.textContent(), /KKBK0000958/, 'the new account, chosen');

    await player.locator('.payout-group').nth(1).getByRole('button', { name: 'Add New' }).click();
    await modal(player).locator('input[name=upiId]').fill('player1@oksbi');
    await modal(player).getByRole('button', { name: 'Save' }).click();
    await toast(player, 'UPI Id successfully added.');
    await added.locator('input[type=radio]').check();
    await shoot(player, 'withdraw');
    await player.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await player.locator('.form-success').filter({ hasText: 'Withdrawal request submitted' }).waitFor();
    t.equal(await player.inputValue('input[name=amount]'), '', 'the form is reset');
    t.equal(await player.locator('.payout-option input[type=radio]:checked').count(), 0);
    await headerBalance(player)
      .filter({ hasText: inr(100_800) })
      .waitFor();
    t.equal(await player.getByTestId('header-held').textContent(), inr(700), 'held, shown in the header');
  });

  await t.test('the withdrawal is rejected: the hold goes back', async (t) => {
    await agent.goto(`${base}/admin/withdrawal-requests`);
    await agent.getByTestId('pending-withdraw').filter({ hasText: '2' }).waitFor();
    const row = agent.locator('tr.row-pending').filter({ hasText: '987654321012' });
    await row.waitFor();
    t.match(await row.textContent(), /player1.*₹700\.00.*Demo player1.*KKBK0000958.*Pending/);
    await shoot(agent, 'withdrawal-requests');
    await row.getByRole('button', { name: 'Reject' }).click();
    await modal(agent).locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await modal(agent).getByRole('button', { name: 'Reject' }).click();
    await modal(agent).locator('.form-error').filter({ hasText: 'Remark is required' }).waitFor();
    await modal(agent).locator('input[name=remark]').fill('Name does not match the bank');
    await modal(agent).getByRole('button', { name: 'Reject' }).click();
    await toast(agent, 'Withdrawal rejected');
    await agent.getByTestId('pending-withdraw').filter({ hasText: '1' }).waitFor();
    await headerBalance(player)
      .filter({ hasText: inr(101_500) })
      .waitFor();
    await player.getByTestId('header-held').waitFor({ state: 'detached' });
    t.pass('released: ₹1,01,500.00 again, nothing held');
  });

  await t.test('the statements show every step, with the pager', async (t) => {
    // Sixteen more small deposits over the API make a second page.
    const auth = await apiLogin(base, 'player', 'player1');
    for (let i = 0; i < 16; i++) {
      const form = new FormData();
      form.append('amount', String(100 + i));
      form.append('utrno', `61230000${String(1000 + i)}`);
      form.append('imageUrl', new Blob([RECEIPT], { type: 'image/png' }), 'r.png');
      const res = await fetch(`${base}/api/payments/deposits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth.token}` },
        body: form,
      });
      t.equal(res.status, 201);
    }
    await player.goto(`${base}/depositstatement`);
    const rows = player.locator('.payment-table tbody tr');
    await player.locator('.pager').waitFor();
    t.equal(await rows.count(), 15, '15 a page');
    t.match(await player.locator('.pager-status').textContent(), 'Page 1 of 2');
    await shoot(player, 'deposit-statement');
    await player.fill('input[name=goToPage]', '3');
    await player.getByRole('button', { name: 'Go' }).click();
    await player.getByText('Enter a page between 1 and 2').waitFor();
    await player.getByRole('button', { name: 'Last' }).click();
    await player.locator('.pager-status').filter({ hasText: 'Page 2 of 2' }).waitFor();
    const last = await rows.allTextContents();
    t.ok(
      last.some((r) => /₹1,500\.00.*Approved.*Seen in the bank statement/.test(r)),
      'the approved deposit',
    );
    t.ok(
      last.some((r) => /₹2,500\.00.*Rejected.*UTR not found/.test(r)),
      "the demo's rejected one",
    );
    await player.getByRole('button', { name: 'First' }).click();
    await player.locator('.pager-status').filter({ hasText: 'Page 1 of 2' }).waitFor();
    await player.fill('input[name=goToPage]', '2');
    await player.getByRole('button', { name: 'Go' }).click();
    await player.locator('.pager-status').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await player.getByRole('button', { name: 'Previous' }).click();
    await player.locator('.pager-status').filter({ hasText: 'Page 1 of 2' }).waitFor();

    await player.goto(`${base}/withdrawstatement`);
    const withdrawal = player.locator('.payment-table tbody tr').first();
    await withdrawal.filter({ hasText: 'Rejected' }).waitFor();
    t.match(await withdrawal.textContent(), /Withdraw.*Bank.*₹700\.00.*Rejected.*Name does not match the bank/);
    t.equal(await player.locator('.pager').count(), 0, 'one page: no pager');
    await player.fill('input[name=from]', '2020-01-01');
    await player.fill('input[name=to]', '2020-01-02');
    await player.getByRole('button', { name: 'Submit' }).click();
    await player.getByText('No records found').waitFor();
    await shoot(player, 'withdraw-statement-empty');

    await player.goto(`${base}/accountstatement`);
    const lines = player.locator('.statement-table tbody tr');
    await lines.nth(2).waitFor();
    t.match(await lines.nth(0).textContent(), /Withdrawal request rejected: hold released.*₹700\.00.*₹1,01,500\.00/);
    t.match(await lines.nth(1).textContent(), /Withdrawal request: amount held.*₹700\.00.*₹1,00,800\.00/);
    t.match(await lines.nth(2).textContent(), /Deposit from agent1.*₹1,500\.00.*₹1,01,500\.00/);

    await agent.goto(`${base}/admin/withdrawstatement`);
    // The first row may still be the table's "Loading..." line: wait for the rejected request's own row.
    await agent.locator('.payment-table tbody tr', { hasText: 'Rejected' }).first().waitFor();
    t.match(await agent.locator('.payment-table tbody').textContent(), /player1.*₹700\.00.*Rejected/);
    await agent.selectOption('select[name=status]', 'rejected');
    await agent.fill('input[name=user]', 'player1');
    await agent.getByRole('button', { name: 'Submit' }).click();
    await agent.waitForURL(
      (u) => u.searchParams.get('status') === 'rejected' && u.searchParams.get('user') === 'player1',
    );
    await agent.reload();
    await agent.locator('.payment-table tbody tr', { hasText: 'Rejected' }).first().waitFor();
    t.equal(await agent.inputValue('select[name=status]'), 'rejected', 'a reload keeps the filter (it is in the URL)');
    t.equal(await agent.inputValue('input[name=user]'), 'player1');
    t.match(await agent.locator('.payment-table tbody').textContent(), /player1.*₹700\.00.*Rejected/);
    await agent.goto(`${base}/admin/payment-method`);
    t.equal(await agent.inputValue('input[name=upiId]'), 'agent1.pay@okaxis');
    await shoot(agent, 'payment-method');
  });

  await t.test("second level: above the admin's limit agent1 approves first, then the admin", async (t) => {
    const admin = await apiLogin(base, 'admin', 'admin');
    const agentAuth = await apiLogin(base, 'admin', 'agent1');
    const player1 = await apiLogin(base, 'player', 'player1');
    const api = async (method: string, path: string, token: string, body?: unknown) => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as { data: { _id: string } } };
    };
    t.equal(
      (
        await api('PUT', '/admin/approval-limits', admin.token, {
          depositAbove: '1000',
          transactionPassword: DEMO_TRANSACTION_PASSWORD,
        })
      ).status,
      200,
    );
    const form = new FormData();
    form.append('amount', '2500');
    form.append('utrno', '612399990001');
    form.append('imageUrl', new Blob([RECEIPT], { type: 'image/png' }), 'r.png');
    const asked = await fetch(`${base}/api/payments/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player1.token}` },
      body: form,
    });
    const id = ((await asked.json()) as { data: { _id: string } }).data._id;
    t.equal(
      (
        await api('POST', `/admin/payment-requests/${id}/approve`, agentAuth.token, {
          transactionPassword: DEMO_TRANSACTION_PASSWORD,
        })
      ).status,
      200,
    );

    await agent.goto(`${base}/admin/depositstatement`);
    const row = agent.locator(`tr[data-request="${id}"]`);
    await row.getByText('approved by agent1 first; needs the admin').waitFor();
    t.equal(await row.getByRole('button', { name: 'Approve' }).count(), 0, 'agent1 cannot approve it again');
    await agent.goto(`${base}/admin/payment-method`);
    await agent.getByText("Deposits above ₹1,000.00 need admin's approval after an upline's.").waitFor();

    await agent.getByRole('button', { name: 'Logout' }).click();
    await agent.waitForURL(`${base}/admin/login`);
    await loginWithForm(agent, base, 'admin', 'admin');
    await agent.goto(`${base}/admin/depositstatement`);
    await row.getByRole('button', { name: 'Approve' }).click();
    await modal(agent).locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await modal(agent).getByRole('button', { name: 'Approve' }).click();
    await toast(agent, 'Deposit approved');
    // Not getByText('Approved'): that also matches the pending row's "approved by agent1 first" (any
    // case, any part), so the row could be read before the page refreshed it.
    await row.getByText(/by admin \(wallet agent1\)/).waitFor();
    t.match(await row.textContent(), /by admin \(wallet agent1\)/, 'from the wallet agent1 named');
    await shoot(agent, 'second-level');
    await agent.goto(`${base}/admin/payment-method`);
    await agent.locator('input[name=depositAbove]').waitFor();
    t.equal(await agent.inputValue('input[name=depositAbove]'), '1000', 'the admin can change it');
    await shoot(agent, 'approval-limits');
  });
});

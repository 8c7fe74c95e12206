import { readFileSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import type { AuthResponse, DownlineResponse } from '@exch/contracts';
import { DEMO_PASSWORD, DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import {
  apiLogin,
  browserSkipReason,
  ensureWebBuilt,
  inr,
  launchBrowser,
  openWithStorage,
  readStorage,
  screenshotPath,
  storedSession,
  waitForPath,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 375, height: 812 };

// Account management through the real pages (SPEC.md sections 2, 3, 5, 6, 8, 9): the client list and
// its actions, creating users, forced password changes, statements, multi login and two-step login.
t.test('account management', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server: TestServer = await startTestServer();
  t.teardown(() => server.close());
  const base = server.url;

  /** A page for one subtest, closed when it ends: a page left open keeps polling the server. */
  const open = async (t: Test, viewport = DESKTOP) => {
    const browser = await launchBrowser(viewport);
    t.teardown(() => browser.close());
    // Toasts live 1 s (SPEC.md section 9): every one shown is logged, so a busy machine cannot miss it.
    await browser.page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { toastLog: string[] }).toastLog = log;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.matches('.toast-success')) log.push(n.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    return browser.page;
  };

  /** A screenshot at desktop width and one at phone width of the same page state. */
  const shoot = async (page: Page, name: string, fullPage = true) => {
    const before = page.viewportSize() ?? DESKTOP;
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage });
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`${name}-mobile`), fullPage });
    await page.setViewportSize(before);
  };

  const fillLogin = async (page: Page, kind: 'player' | 'admin', username: string, password: string) => {
    await page.goto(`${base}${kind === 'admin' ? '/admin/login' : '/login'}`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
  };

  const row = (page: Page, username: string) => page.locator(`tr[data-username="${username}"]`);
  /** Waits for a success toast with this text, then forgets the toasts seen so far. */
  const toast = async (page: Page, text: string) => {
    await page.waitForFunction(
      (want) => (window as unknown as { toastLog: string[] }).toastLog.some((m) => m.includes(want)),
      text,
    );
    await page.evaluate(() => (window as unknown as { toastLog: string[] }).toastLog.splice(0));
  };
  /** The role choices once the form has rendered: reading before that would see none. */
  const roleOptions = async (page: Page) => {
    await page.locator('select[name=role] option').first().waitFor({ state: 'attached' });
    return page.locator('select[name=role] option').allTextContents();
  };
  const modal = (page: Page) => page.locator('dialog.modal[open]');

  /** Opens a row's action, fills the modal and submits it. */
  const runAction = async (
    page: Page,
    action: string,
    username: string,
    fields: Record<string, string>,
    txn = DEMO_TRANSACTION_PASSWORD,
  ) => {
    await page.getByRole('button', { name: `${action}: ${username}`, exact: true }).click();
    const dialog = modal(page);
    await dialog.waitFor();
    for (const [name, value] of Object.entries(fields)) await dialog.locator(`input[name=${name}]`).fill(value);
    await dialog.locator('input[name=transactionPassword]').fill(txn);
    await dialog.locator('button[type=submit]').click();
  };

  const downline = async (username: string, token: string): Promise<DownlineResponse> => {
    const res = await fetch(`${base}/api/users/downline?search=${username}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as DownlineResponse;
  };

  t.test(
    '(a) an admin creates an agent, the agent sets up and funds a player, the player sees the chips',
    async (t) => {
      const admin = await open(t);
      await fillLogin(admin, 'admin', 'admin', DEMO_PASSWORD);
      await waitForPath(admin, '/admin');
      await row(admin, 'sadmin1').waitFor();
      t.equal(
        await row(admin, 'sadmin1').getByTestId('client-balance').textContent(),
        inr(3_000_000),
        'the dashboard lists the downline (5,000,000 less what it passed to master1)',
      );

      await admin.getByRole('link', { name: 'Add user' }).first().click();
      await waitForPath(admin, '/admin/add-user');
      const roles = await roleOptions(admin);
      t.same(
        roles,
        [
          'SuperMaster',
          'Sadmin',
          'Master',
          'Agent (mdl): runs dealers and players',
          'Agent sub-login (multi login)',
          'Dealer',
          'USER',
          'Admin sub-login (multi login)',
        ],
        'every role below admin, admin sub-logins, and which Agent is which',
      );
      // Client-side checks use the server's own schema and words.
      await admin.fill('input[name=username]', 'agent7');
      await admin.fill('input[name=fullName]', 'Seven Agent');
      await admin.fill('input[name=password]', 'short');
      await admin.click('button[type=submit]');
      t.equal(await admin.locator('.form-error').textContent(), 'Password must be at least 8 characters');
      await admin.fill('input[name=password]', 'Agent7pass');
      await admin.fill('input[name=confirmPassword]', 'Agent7pass');
      await admin.selectOption('select[name=role]', 'mdl');
      await admin.fill('input[name=creditReference]', '200000');
      await admin.fill('input[name=exposureLimit]', '0');
      await admin.fill('input[name=transactionPassword]', DEMO_TRANSACTION_PASSWORD);
      await shoot(admin, 'add-user');
      await admin.click('button[type=submit]');
      await toast(admin, 'User is Seccessfuly updated');
      await waitForPath(admin, '/admin/list-clients');

      // Server-side search, then D on the new row.
      await admin.fill('input[name=search]', 'agent7');
      await admin.waitForFunction(() => document.querySelectorAll('tbody tr[data-username]').length === 1);
      t.equal(await row(admin, 'agent7').getByTestId('account-state').textContent(), 'Active');
      await runAction(admin, 'Deposit', 'agent7', { amount: '50000', remark: 'float' });
      await toast(admin, 'Chips deposited');
      await admin.waitForFunction(
        (v) => document.querySelector('tr[data-username=agent7] [data-testid=client-balance]')?.textContent === v,
        inr(50_000),
      );
      t.pass('agent7 holds ₹50,000.00');

      // The agent: forced to change the password, then to set a transaction password.
      const agent = await open(t);
      await fillLogin(agent, 'admin', 'agent7', 'Agent7pass');
      await waitForPath(agent, '/first-time-password-change');
      await agent.fill('input[name=newPassword]', 'Agent7new1');
      await agent.fill('input[name=confirmPassword]', 'Agent7new1');
      await agent.click('button[type=submit]');
      await waitForPath(agent, '/admin/transaction-password');
      // Until it is set, the back office keeps sending the agent back here.
      await agent.goto(`${base}/admin/list-clients`);
      await waitForPath(agent, '/admin/transaction-password');
      await agent.fill('input[name=password]', 'Agent7new1');
      await agent.fill('input[name=transactionPassword]', 'AgentTxn7');
      await agent.fill('input[name=confirmTransactionPassword]', 'AgentTxn7');
      await agent.click('button[type=submit]');
      await waitForPath(agent, '/admin');
      await agent.getByText('No clients yet').waitFor();

      await agent.goto(`${base}/admin/add-user`);
      t.same(await roleOptions(agent), ['Dealer', 'USER'], 'an Agent creates dealers and players');
      await agent.fill('input[name=username]', 'punter7');
      await agent.fill('input[name=fullName]', 'Punter Seven');
      await agent.fill('input[name=password]', 'Punter7pass');
      await agent.fill('input[name=confirmPassword]', 'Punter7pass');
      await agent.selectOption('select[name=role]', 'user');
      await agent.fill('input[name=creditReference]', '10000');
      await agent.fill('input[name=exposureLimit]', '10000');
      await agent.fill('input[name=transactionPassword]', 'AgentTxn7');
      await agent.click('button[type=submit]');
      await toast(agent, 'User is Seccessfuly updated');
      await waitForPath(agent, '/admin/list-clients');
      await runAction(agent, 'Deposit', 'punter7', { amount: '2500.50' }, 'AgentTxn7');
      await toast(agent, 'Chips deposited');
      await agent.waitForFunction(
        (v) => document.querySelector('tr[data-username=punter7] [data-testid=client-balance]')?.textContent === v,
        inr(2500.5),
      );
      t.match(await agent.getByTestId('admin-header-username').textContent(), 'agent7');
      await agent.waitForFunction(
        (v) => document.querySelector('.topbar')?.textContent?.includes(v),
        inr(50_000 - 2500.5),
      );
      t.pass('the agent header balance follows');

      // The player: forced to change the password too, then lands on the lobby with the chips.
      const player = await open(t);
      await fillLogin(player, 'player', 'punter7', 'Punter7pass');
      await waitForPath(player, '/first-time-password-change');
      await player.goto(`${base}/accountstatement`);
      await waitForPath(player, '/first-time-password-change');
      t.pass('the player site keeps sending the player to change the password');
      // Even with a stale stored record (and the profile check unreachable), the server's refusal sends the player back.
      const record = JSON.parse((await readStorage(player)).user!) as AuthResponse['user'];
      await player.evaluate(
        (r) => localStorage.setItem('user', r),
        JSON.stringify({ ...record, mustChangePassword: false }),
      );
      await player.route('**/api/users/profile', (route) => route.abort());
      await player.goto(`${base}/accountstatement`);
      await waitForPath(player, '/first-time-password-change');
      t.equal(await player.locator('.toast').count(), 0, 'PASSWORD_CHANGE_REQUIRED is not toasted');
      await player.unroute('**/api/users/profile');
      await player.reload();
      await player.fill('input[name=newPassword]', 'Punter7new1');
      await player.fill('input[name=confirmPassword]', 'Punter7new1');
      await player.click('button[type=submit]');
      await waitForPath(player, '/');
      t.equal(
        await player.getByTestId('header-balance').textContent(),
        inr(2500.5),
        'the player sees the deposit in the header',
      );

      await t.test("(d) the player's statement shows the deposit row, and exports it", async (t) => {
        await player.click('.user-menu-button');
        await player.getByRole('menuitem', { name: 'Account statement' }).click();
        await waitForPath(player, '/accountstatement');
        const first = player.locator('.statement-table tbody tr').first();
        await first.locator('td[data-label=Description]').waitFor();
        t.equal(await first.locator('td[data-label=Description]').textContent(), 'Deposit from agent7');
        t.equal(await first.locator('td[data-label=Credit]').textContent(), inr(2500.5));
        t.equal(await first.locator('td[data-label=Balance]').textContent(), inr(2500.5));
        t.match(
          await first.locator('td[data-label=Date]').textContent(),
          /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{1,2}:\d\d:\d\d (am|pm)$/,
          'day first, as India writes it: 7 Dec 2026, 2:44:05 pm',
        );
        const [download] = await Promise.all([
          player.waitForEvent('download'),
          player.getByRole('button', { name: 'Export CSV' }).click(),
        ]);
        const csv = readFileSync((await download.path())!, 'utf8');
        t.match(
          csv,
          /Date,Description,Kind,Credit,Debit,Balance,Remark\r\n.*,Deposit from agent7,deposit,2500\.50,,2500\.50,/,
          "the server's CSV export",
        );
        await player.selectOption('select[name=type]', 'withdraw');
        await player.getByRole('button', { name: 'Submit' }).click();
        await player.getByText('No records found').waitFor();
        t.pass('type filter: no withdrawals');
        await player.getByRole('button', { name: 'Reset' }).click();
        await first.locator('td[data-label=Description]').waitFor();
        await shoot(player, 'statement');

        // The activity log: the account's creation and password change, by whom.
        await player.goto(`${base}/activity-log`);
        const created = player.locator('.activity-table tbody tr', { hasText: 'Account created' });
        await created.waitFor();
        t.equal(await created.locator('td[data-label=By]').textContent(), 'agent7', 'created by the upline');
        const changed = player.locator('.activity-table tbody tr', { hasText: 'Password changed' });
        t.equal(await changed.locator('td[data-label=By]').textContent(), 'You');
        t.match(
          await changed.locator('td[data-label=Device]').textContent(),
          /^(Headless )?Chrome \d+ on Linux$/,
          'device shortened',
        );
        await shoot(player, 'activity-log');

        // The agent's view of the same account, reached with S from the client list.
        await agent.getByRole('link', { name: 'Statement: punter7' }).click();
        await agent.getByRole('heading', { name: 'Account statement: punter7' }).waitFor();
        t.equal(
          await agent.locator('.statement-table tbody tr td[data-label=Description]').first().textContent(),
          'Deposit from agent7',
        );
      });
    },
  );

  t.test("(b) the dealer locks player2's account and player2 can no longer log in", async (t) => {
    const dealer = await open(t);
    await openWithStorage(
      dealer,
      base,
      storedSession('admin', await apiLogin(base, 'admin', 'dealer1')),
      '/admin/list-clients',
    );
    await row(dealer, 'player2').waitFor();
    await shoot(dealer, 'client-list');
    await runAction(dealer, 'Lock account', 'player2', {});
    await toast(dealer, 'Locks updated');
    await row(dealer, 'player2').getByTestId('account-state').getByText('Locked').waitFor();
    t.equal(
      await dealer.getByRole('button', { name: 'Unlock account: player2' }).getAttribute('aria-pressed'),
      'true',
      'the AL button shows the lock',
    );
    t.equal(await row(dealer, 'player2').getByTestId('bet-state').textContent(), 'Bet open', 'betting lock untouched');

    const player2 = await open(t);
    await fillLogin(player2, 'player', 'player2', DEMO_PASSWORD);
    await player2.locator('.form-error').waitFor();
    t.equal(await player2.locator('.form-error').textContent(), 'Your account is locked. Please contact your upline.');
    t.equal(new URL(player2.url()).pathname, '/login');
  });

  t.test('(c) bad input in the deposit modal shows the server message and moves nothing', async (t) => {
    const auth = await apiLogin(base, 'admin', 'dealer1');
    const dealer = await open(t);
    await openWithStorage(dealer, base, storedSession('admin', auth), '/admin/list-clients');
    await row(dealer, 'player3').waitFor();
    const before = (await downline('player3', auth.token)).users[0]!.balance;
    t.equal(before, 25_000);

    await dealer.getByRole('button', { name: 'Deposit: player3', exact: true }).click();
    const dialog = modal(dealer);
    await dialog.waitFor();
    const attempts: [string, string, string][] = [
      ['12.345', DEMO_TRANSACTION_PASSWORD, 'Amount can have at most 2 decimals (whole paise)'],
      ['-5', DEMO_TRANSACTION_PASSWORD, 'Amount must not be negative'],
      ['abc', DEMO_TRANSACTION_PASSWORD, 'Amount must be a number'],
      ['100000000', DEMO_TRANSACTION_PASSWORD, 'Insufficient balance'],
      ['100', 'not-my-password', 'Wrong transaction password'],
    ];
    for (const [amount, txn, message] of attempts) {
      await dialog.locator('input[name=amount]').fill(amount);
      await dialog.locator('input[name=transactionPassword]').fill(txn);
      await dialog.locator('button[type=submit]').click();
      await dialog.locator('.form-error', { hasText: message }).waitFor();
      t.equal(await dialog.locator('.form-error').textContent(), message, `${amount}: ${message}`);
    }
    await dialog.locator('input[name=amount]').fill('100000000');
    await dialog.locator('input[name=transactionPassword]').fill(DEMO_TRANSACTION_PASSWORD);
    await dialog.locator('button[type=submit]').click();
    await dialog.locator('.form-error', { hasText: 'Insufficient balance' }).waitFor();
    await shoot(dealer, 'deposit-modal', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
    t.equal(await modal(dealer).count(), 0, 'modal closed');
    t.equal(await row(dealer, 'player3').getByTestId('client-balance').textContent(), inr(25_000), 'row unchanged');
    t.equal((await downline('player3', auth.token)).users[0]!.balance, before, 'server balance unchanged');

    // A withdrawal that works, for contrast: the list refreshes from the server.
    await runAction(dealer, 'Withdraw', 'player3', { amount: '1000' });
    await toast(dealer, 'Chips withdrawn');
    await dealer.waitForFunction(
      (v) => document.querySelector('tr[data-username=player3] [data-testid=client-balance]')?.textContent === v,
      inr(24_000),
    );
    t.pass('withdrawal applied and shown');
  });

  t.test('the statement pager: First, Previous, Next, Last and go-to-page within 1 to the last page', async (t) => {
    const dealer = await apiLogin(base, 'admin', 'dealer1');
    const player1Id = (await downline('player1', dealer.token)).users[0]!._id;
    for (let i = 1; i <= 26; i++) {
      const res = await fetch(`${base}/api/users/${player1Id}/deposit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${dealer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: i, remark: `top-up ${i}`, transactionPassword: DEMO_TRANSACTION_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`deposit ${i}: ${res.status}`);
    }
    const page = await open(t);
    await openWithStorage(
      page,
      base,
      storedSession('player', await apiLogin(base, 'player', 'player1')),
      '/accountstatement',
    );
    await page.locator('.pager').waitFor();
    t.match(await page.locator('.table-meta').textContent(), /^27 records/);
    t.equal(await page.locator('.statement-table tbody tr').count(), 25);
    t.equal(
      await page.locator('.statement-table td[data-label=Remark]').first().textContent(),
      'top-up 26',
      'newest first',
    );
    t.equal(await page.getByRole('button', { name: 'Previous' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('.pager-status', { hasText: 'Page 2 of 2' }).waitFor();
    t.equal(await page.locator('.statement-table tbody tr').count(), 2);
    t.equal(await page.getByRole('button', { name: 'Last' }).isDisabled(), true);
    for (const bad of ['3', '0', '-1', 'x']) {
      await page.fill('input[name=goToPage]', bad);
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      t.equal(await page.locator('.pager-error').textContent(), 'Enter a page between 1 and 2', `go to ${bad} refused`);
    }
    t.match(await page.locator('.pager-status').textContent(), 'Page 2 of 2', 'stayed');
    await page.fill('input[name=goToPage]', '1');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.locator('.pager-status', { hasText: 'Page 1 of 2' }).waitFor();
    await page.getByRole('button', { name: 'Last' }).click();
    await page.locator('.pager-status', { hasText: 'Page 2 of 2' }).waitFor();
    await page.getByRole('button', { name: 'First' }).click();
    await page.locator('.pager-status', { hasText: 'Page 1 of 2' }).waitFor();
    t.pass('First and Last');
  });

  t.test('sorting, paging sizes and drilling into a downline', async (t) => {
    const admin = await open(t);
    await openWithStorage(
      admin,
      base,
      storedSession('admin', await apiLogin(base, 'admin', 'admin')),
      '/admin/list-clients/agent1',
    );
    await admin.locator('.breadcrumb').getByText('master1').waitFor();
    t.same(await admin.locator('.breadcrumb a, .breadcrumb b').allTextContents(), [
      'My clients',
      'sadmin1',
      'master1',
      'agent1',
    ]);
    await row(admin, 'dealer1').getByRole('link', { name: 'dealer1', exact: true }).click();
    await waitForPath(admin, '/admin/list-clients/dealer1');
    await row(admin, 'player1').waitFor();
    t.equal(
      await admin.getByRole('button', { name: 'Deposit: player1', exact: true }).isDisabled(),
      true,
      'only the direct upline moves chips',
    );
    await admin
      .locator('th')
      .getByRole('button', { name: /Balance/ })
      .click();
    await admin.waitForFunction(() => document.querySelector('tbody tr')?.getAttribute('data-username') === 'player3');
    await admin
      .locator('th')
      .getByRole('button', { name: /Balance/ })
      .click();
    await admin.waitForFunction(() => document.querySelector('tbody tr')?.getAttribute('data-username') === 'player1');
    t.equal(
      await admin.locator('th[aria-sort=descending]').textContent(),
      'Balance▼',
      'sorted by balance, highest first',
    );
    t.match(admin.url(), /[?&]sort=-balance/, 'the sort is in the URL');
    await admin.reload();
    await admin.waitForFunction(() => document.querySelector('tbody tr')?.getAttribute('data-username') === 'player1');
    t.equal(await admin.locator('th[aria-sort=descending]').textContent(), 'Balance▼', 'a reload keeps the sort');
    t.same(await admin.locator('select[name=limit] option').allTextContents(), ['25', '50', '100']);
  });

  t.test('multi login edits a sub-login and the sub-login sees only its privileges', async (t) => {
    const adminAuth = await apiLogin(base, 'admin', 'admin');
    const created = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminAuth.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'staff1',
        fullName: 'Desk staff',
        password: 'Staff1pass',
        confirmPassword: 'Staff1pass',
        role: 'agent',
        creditReference: 0,
        exposureLimit: 0,
        transactionPassword: DEMO_TRANSACTION_PASSWORD,
      }),
    });
    t.equal(created.status, 201, 'staff1 created');

    const admin = await open(t);
    await openWithStorage(admin, base, storedSession('admin', adminAuth), '/admin/multi-login');
    const submit = admin.getByRole('button', { name: 'Submit' });
    await admin.getByRole('button', { name: 'U: staff1' }).waitFor();
    t.equal(await submit.isDisabled(), true, 'Submit disabled until a user is picked');
    await admin.getByRole('button', { name: 'U: staff1' }).click();
    t.equal(await admin.locator('input[name=username]').inputValue(), 'staff1');
    t.equal(await admin.locator('input[name=username]').getAttribute('readonly'), '', 'username read-only');
    for (const p of ['create-client', 'deposit-chips', 'withdraw-chips', 'multi-login'])
      await admin.locator(`input[name=permissions][value=${p}]`).uncheck();
    await admin.fill('input[name=newPassword]', 'Staff1new1');
    await admin.fill('input[name=confirmNewPassword]', 'Staff1new2');
    await admin.fill('input[name=transactionPass]', DEMO_TRANSACTION_PASSWORD);
    await submit.click();
    t.equal(
      await admin.locator('.multi-login-form .form-error').textContent(),
      'New password and confirm password must match',
    );
    await admin.fill('input[name=confirmNewPassword]', 'Staff1new1');
    await shoot(admin, 'multi-login');
    await submit.click();
    await toast(admin, 'User is Seccessfuly updated');
    const catalogSize = await admin.locator('input[name=permissions]').count();
    await admin
      .locator('tr.row-selected')
      .getByText(`${catalogSize - 4} of ${catalogSize}`)
      .waitFor();
    t.pass('the list shows the privileges kept');
    await admin.getByRole('button', { name: 'Reset' }).click();
    t.equal(await admin.locator('input[name=username]').inputValue(), '', 'Reset clears the form');

    // staff1 finishes its set-up over the API, then opens the back office with its restricted privileges.
    const loginRes = await fetch(`${base}/api/login-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'staff1', password: 'Staff1new1' }),
    });
    t.equal(loginRes.status, 200, 'staff1 logs in with the password multi login gave it');
    const staff = (await loginRes.json()) as AuthResponse;
    t.equal(staff.user.mustChangePassword, true, 'and must change it');
    const headers = { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' };
    await fetch(`${base}/api/users/first-password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ newPassword: 'Staff1own1', confirmPassword: 'Staff1own1' }),
    });
    await fetch(`${base}/api/users/transaction-password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        password: 'Staff1own1',
        transactionPassword: 'StaffTxn1',
        confirmTransactionPassword: 'StaffTxn1',
      }),
    });
    const profile = (await (await fetch(`${base}/api/users/profile`, { headers })).json()) as typeof staff.user;
    const page = await open(t);
    await openWithStorage(page, base, storedSession('admin', { ...staff, user: profile }), '/admin');
    await page.getByTestId('admin-username').waitFor();
    const nav = page.locator('.sidenav');
    t.equal(await nav.getByText('Client list').count(), 1, 'client list kept');
    t.equal(await nav.getByText('Add user').count(), 0, 'add user hidden');
    t.equal(await nav.getByText('Multi login').count(), 0, 'multi login hidden');
    await page.goto(`${base}/admin/multi-login`);
    await page.getByRole('heading', { name: 'Not available for your login' }).waitFor();
    t.pass('a page without the privilege says so');
  });

  t.test('two-step verification: set up on the security page, then asked for at login', async (t) => {
    const page = await open(t);
    await openWithStorage(
      page,
      base,
      storedSession('player', await apiLogin(base, 'player', 'player1')),
      '/settings/security-auth',
    );
    await page.getByTestId('totp-state').getByText('Off').waitFor();
    await page.getByRole('button', { name: 'Enable' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    t.match(secret, /^[A-Z2-7]{16,}$/, 'the key is shown');
    t.equal(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count(), 1, 'and the QR code');
    await page.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Copied succesfull');
    await shoot(page, 'security');
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    await page.fill('input[name=code]', '000000' === totp.generate() ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm and enable' }).click();
    await page.locator('.form-error', { hasText: 'Invalid authentication code' }).waitFor();
    await page.fill('input[name=code]', totp.generate());
    await page.getByRole('button', { name: 'Confirm and enable' }).click();
    await toast(page, 'Two-factor authentication is on');
    await page.getByTestId('totp-state').getByText('On').waitFor();

    const login = await open(t);
    await fillLogin(login, 'player', 'player1', DEMO_PASSWORD);
    await login.locator('input[name=otp]').waitFor();
    t.equal(await login.locator('.otp-note').textContent(), 'Enter the 6-digit code from your authenticator app');
    t.equal(await login.locator('.form-error').count(), 0, 'asked, not refused');
    await login.screenshot({ path: screenshotPath('login-otp-desktop') });
    await login.fill('input[name=otp]', totp.generate());
    await login.click('button[type=submit]');
    await waitForPath(login, '/');
    await login.getByTestId('header-balance').waitFor();
    t.pass('logged in with the code');
  });
});

import t from 'tap';
import { readFileSync } from 'node:fs';
import type { MatchDetail, ProjectionsAnswer } from '@exch/contracts';
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
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';

const VIEWPORTS = [
  ['desktop', { width: 1366, height: 768 }],
  ['mobile', { width: 375, height: 812 }],
] as const;
const TXN = 'Txn@1234';

/**
 * The report pages (docs/reports.md) at 1366 and 375 px on one server: profit loss report with its
 * drill-down and CSV export, general and credit reference reports, partnership statement, the
 * back office's and the player's Profit & Loss charts, market analysis stakes, /rules, the add-user
 * form's share and role picker; the projections page, where the top admin rebuilds a read model and
 * watches it take over; and a player's browser never loads the back office.
 */
t.test('reports', { skip: browserSkipReason }, async (t) => {
  ensureWebBuilt();
  const server = await startTestServer({ feedTickMs: 3_600_000 });
  t.teardown(() => server.close());
  const base = server.url;
  const { call, login, tokenOf } = caller(server);

  // Results to report on: a bookmaker result (Mumbai wins) and a fancy left open for market analysis.
  const admin = await tokenOf('admin');
  const players = await Promise.all(
    ['player1', 'player2', 'player3'].map(
      async (u) => (await login(u)).body as { token: string; user: { _id: string } },
    ),
  );
  for (const m of ['sim-101.bm', 'sim-101.f2'])
    await call(
      'PUT',
      `/api/admin/markets/${m}/settings`,
      { min: 100, max: 100000, betDelaySec: 0, commissionPercent: 0 },
      admin,
    );
  await call('PUT', '/api/admin/markets/sim-101.bm/house-price', { selectionId: 101, back: 90, lay: 92 }, admin);
  await call('PUT', '/api/admin/markets/sim-101.bm/house-price', { selectionId: 102, back: 95, lay: 97 }, admin);
  await call(
    'PUT',
    '/api/admin/markets/sim-101.f2/house-price',
    { noLine: 8, noRate: 100, yesLine: 9, yesRate: 100 },
    admin,
  );
  const d = (await call('GET', '/api/matches/sim-101', undefined, admin)).body as MatchDetail;
  const bet = async (
    i: number,
    market: string,
    sid: number,
    side: 'back' | 'lay',
    odds: number,
    stake: number,
    volume?: number,
  ) => {
    const r = await call(
      'POST',
      '/api/bets',
      { ...betBody(d, market, sid, side, odds, stake, players[i]!.user._id), ...(volume ? { volume } : {}) },
      players[i]!.token,
    );
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  };
  await bet(0, 'sim-101.bm', 101, 'back', 90, 1000);
  await bet(1, 'sim-101.bm', 102, 'back', 95, 2000);
  await bet(2, 'sim-101.bm', 101, 'lay', 92, 500);
  await call('POST', '/api/admin/markets/sim-101.bm/result', { selectionId: 101, transaction_password: TXN }, admin);
  await bet(0, 'sim-101.f2', 0, 'back', 9, 300, 100);
  await bet(1, 'sim-101.f2', 0, 'lay', 8, 700, 100);

  const agent = storedSession('admin', await apiLogin(base, 'admin', 'agent1'));
  const topAdmin = storedSession('admin', await apiLogin(base, 'admin', 'admin'));
  const player = storedSession('player', await apiLogin(base, 'player', 'player1'));

  for (const [width, viewport] of VIEWPORTS) {
    t.test(`at ${width} width`, async (t) => {
      const browser = await launchBrowser(viewport);
      t.teardown(() => browser.close());
      const page = browser.page;
      const shoot = (name: string) =>
        page.screenshot({ path: screenshotPath(`reports-${name}-${width}`), fullPage: true });

      // A player's browser loads no back-office code.
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await openWithStorage(page, base, player, '/profitloss');
      await page.locator('.pnl-chart canvas').waitFor();
      await page.getByText('Your period').waitFor();
      t.notOk(
        scripts.some((u) => /AdminLayout|ProfitLossReportPage|ClientList/.test(u)),
        'no back-office chunk on the player site',
      );
      t.ok(
        scripts.some((u) => /ChartCanvas/.test(u)),
        'the chart library comes with the chart',
      );
      t.match(await page.getByTestId('report-side').textContent(), /your side: positive when you won/);
      await shoot('player-profitloss');
      await page.goto(`${base}/rules`);
      await page.getByRole('heading', { name: 'Fancy (session) markets' }).waitFor();
      t.ok(await page.getByText('Over by over:').isVisible(), 'each fancy type has its rules');
      await page.getByRole('heading', { name: 'Dragon Tiger 20-20' }).waitFor();
      t.equal(
        await page
          .locator('section[id^=rules-] h2')
          .filter({
            hasText: /Teen Patti|Baccarat|Lucky 7|Andar Bahar|32 Cards|Amar Akbar Anthony|Bollywood|Dragon Tiger/,
          })
          .count(),
        8,
        'a section per casino table',
      );
      await shoot('rules');

      await openWithStorage(page, base, agent, '/admin/profit-loss-report');
      const rows = page.locator('[data-testid=downline-pnl] tbody tr');
      await rows.filter({ hasText: 'dealer1' }).waitFor();
      t.equal(
        await rows.filter({ hasText: 'dealer1' }).locator('td[data-label="Sport pts"]').textContent(),
        '-₹1,560.00',
        'players: 900 - 2,000 - 460',
      );
      t.equal(await rows.filter({ hasText: 'dealer1' }).locator('td[data-label=Share]').textContent(), '40.00%');
      t.match(
        await page.getByTestId('report-side').textContent(),
        /players' side \(positive: the players won\).*house's side \(positive: the house won\)/,
        'the report says whose side its figures are',
      );
      await shoot('profit-loss-report');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8');
      t.match(
        csv,
        /No,User Name,Level,Share %,Casino pts,Sport pts,Third party pts,Profit\/Loss/,
        "the export has the report's columns",
      );
      // Dealer 40%: -360 + 800 + 184 = 624; agent 60%: -540 + 1,200 + 276 = 936, its own part 312; above it 624.
      t.match(csv, /1,dealer1,Dealer,40\.00,0\.00,-1560\.00,0\.00,-1560\.00,624\.00,312\.00,624\.00\r\n/);
      await page.getByRole('button', { name: 'dealer1' }).click();
      await rows.filter({ hasText: 'player3' }).waitFor();
      t.equal(
        await rows.filter({ hasText: 'player3' }).locator('td[data-label="Profit/Loss"]').textContent(),
        '-₹460.00',
      );
      await shoot('profit-loss-report-drilled');

      await page.goto(`${base}/admin/general-report`);
      const bets = page.locator('[data-testid=general-report] tbody tr');
      await bets.first().locator('td[data-label=Name]').waitFor();
      t.equal(await bets.count(), 5);
      t.equal(await page.locator('[data-testid=general-report] tbody tr.row-lay').count(), 2, 'lay rows tinted');
      await shoot('general-report');
      await page.fill('input[name=search]', 'player3');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=general-report] tbody tr').length === 1);
      await page.selectOption('select[name=kind]', 'credit');
      await page.locator('[data-testid=credit-reference] tbody tr td[data-label=Name]').first().waitFor();
      t.equal(
        await page.locator('[data-testid=credit-reference] tbody tr td[data-label=Name]').first().textContent(),
        'player3',
        'the search carries over',
      );
      // The view is in the URL: a reload keeps the report type and the search.
      await page.waitForURL(/[?&]kind=credit/);
      t.match(page.url(), /[?&]q=player3/);
      await page.reload();
      await page.locator('[data-testid=credit-reference] tbody tr td[data-label=Name]').first().waitFor();
      t.equal(await page.locator('select[name=kind]').inputValue(), 'credit');
      t.equal(await page.locator('input[name=search]').inputValue(), 'player3');
      t.equal(await page.locator('[data-testid=credit-reference] tbody tr').count(), 1, 'still only player3');
      await page.fill('input[name=search]', '');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=credit-reference] tbody tr').length === 4,
      );
      await shoot('credit-reference');

      await page.goto(`${base}/admin/partnership-statement`);
      await page.getByTestId('owed-summary').waitFor();
      t.equal(
        await page.getByTestId('owed-summary').locator('.owed-line').textContent(),
        'master1 owes agent1 ₹936.00',
        'agent1 carries 60% of what the players lost, and the house holds it',
      );
      t.match(
        await page.locator('[data-testid=partnership-statement] tbody tr').first().textContent(),
        /agent1 owes dealer1 ₹624\.00/,
      );
      t.match(await page.getByTestId('report-side').textContent(), /house's side/);
      const [statementCsv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      t.match(
        readFileSync((await statementCsv.path())!, 'utf8'),
        /\r\ndealer1,Dealer,40\.00,[^\r]*,agent1,dealer1,624\.00\r\n/,
        'the export reads as the screen does: agent1 pays dealer1 ₹624.00',
      );
      await shoot('partnership-statement');
      // A child's own statement is a link: it survives a reload, and the back button returns.
      await page.locator('[data-testid=partnership-statement]').getByRole('button', { name: 'dealer1' }).click();
      await page.waitForURL(/[?&]parent=dealer1/);
      await page.reload();
      const owedLine = page.getByTestId('owed-summary').locator('.owed-line');
      await owedLine.filter({ hasText: 'agent1 owes dealer1 ₹624.00' }).waitFor();
      await page.goBack();
      await owedLine.filter({ hasText: 'master1 owes agent1 ₹936.00' }).waitFor();
      t.pass("dealer1's statement opened by its link, and back");
      const shares = page.getByTestId('partnership-shares');
      const dealerShare = shares.locator('tbody tr', { hasText: 'dealer1' });
      await dealerShare.waitFor();
      t.match(
        await dealerShare.textContent(),
        /dealer1.*Dealer.*agent1.*40\.00%.*60\.00%/,
        "the shares now: dealer1 holds 40% under agent1's 60%",
      );
      await page.locator('.shares-card input[name=asOf]').fill('2020-01-01T00:00:00');
      await page.getByRole('button', { name: 'Show shares' }).click();
      await page.getByRole('heading', { name: /^Partnership shares as of / }).waitFor();
      await shares.locator('tbody tr.empty-row', { hasText: 'No Data Found' }).waitFor();
      t.pass('as of a moment before the accounts existed: none');
      await page.getByRole('button', { name: 'Back to now' }).click();
      await dealerShare.waitFor();
      await shoot('partnership-shares');

      await page.goto(`${base}/admin/profitloss`);
      await page.locator('.pnl-chart canvas').waitFor();
      await page.locator('[data-testid=daily-pnl] tbody tr td[data-label=Day]').first().waitFor();
      await shoot('admin-profitloss');

      await page.goto(`${base}/admin/market-analysis`);
      await page.locator('.stakes-chart canvas').first().waitFor();
      await shoot('market-analysis');
      const [analysisCsv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      t.match(
        readFileSync((await analysisCsv.path())!, 'utf8'),
        /Event,Start,Market,Market type,Selection,Total stake\r\n.*,\d+\.\d{2}\r\n/s,
        'market analysis exports its stakes',
      );

      await page.goto(`${base}/admin/add-user`);
      await page.locator('input[name=partnership]').waitFor();
      const options = await page.locator('select[name=role] option').allTextContents();
      t.same(options, ['Dealer', 'USER'], 'an agent creates dealers and players');
      await page.selectOption('select[name=role]', 'user');
      t.equal(await page.locator('input[name=partnership]').count(), 0, 'no share for a player');
      await shoot('add-user');

      // The audit trail (docs/audit.md): the agent sees its branch's actions, not the top admin's market changes.
      await page.goto(`${base}/admin/audit`);
      const auditRows = page.locator('[data-testid=audit-trail] tbody tr');
      await auditRows.filter({ hasText: 'player1' }).first().waitFor();
      t.equal(await auditRows.filter({ hasText: 'Market settings' }).count(), 0, "not the admin's market settings");
      await shoot('audit-agent');
      await openWithStorage(page, base, topAdmin, '/admin/audit');
      await auditRows.filter({ hasText: 'House price set' }).first().waitFor();
      t.ok(await auditRows.filter({ hasText: 'Result declared' }).first().isVisible(), 'the top admin sees its own');
      await shoot('audit-admin');
      // The filters are in the URL: an audit view can be linked, and survives a reload.
      await page.selectOption('select[name=action]', 'result-declared');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/[?&]action=result-declared/);
      await page.reload();
      await auditRows.filter({ hasText: 'Result declared' }).first().waitFor();
      t.equal(await page.locator('select[name=action]').inputValue(), 'result-declared', 'the filter after a reload');
      t.equal(await auditRows.filter({ hasNotText: 'Result declared' }).count(), 0, 'results declared only');
    });
  }

  // The projections page (docs/operations.md): a rebuild asked from the page runs beside the live
  // tables and takes over; the bets read model on a desktop, the ledger on a phone.
  for (const [[width, viewport], name] of [
    [VIEWPORTS[0], 'bets'],
    [VIEWPORTS[1], 'ledger'],
  ] as const) {
    t.test(`projections at ${width} width: a rebuild from the page, Rebuilding with its bar, then Live`, async (t) => {
      const browser = await launchBrowser(viewport);
      t.teardown(() => browser.close());
      const page = browser.page;
      const shoot = (shot: string) =>
        page.screenshot({ path: screenshotPath(`projections-${shot}-${width}`), fullPage: true });
      await watchToasts(page);

      await openWithStorage(page, base, agent, '/admin/projections');
      await page.getByRole('heading', { name: 'Not available for your login' }).waitFor();
      t.match(await page.locator('main').textContent(), /Only the top admin manages projections/);
      t.equal(await page.locator('.sidenav').getByText('Projections').count(), 0, 'not in the menu below the top');

      await openWithStorage(page, base, topAdmin, '/admin/projections');
      const row = page.locator(`[data-testid=projections] tr[data-projection="${name}"]`);
      await row.waitFor();
      t.equal(await page.locator('.sidenav a', { hasText: 'Projections' }).count(), 1, 'in the top admin menu');
      const listed = (await call('GET', '/api/admin/projections', undefined, admin)).body as ProjectionsAnswer;
      t.same(
        await page
          .locator('[data-testid=projections] tbody tr')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-projection'))),
        listed.data.map((p) => p.name),
        'every read model, in the order the server gives',
      );
      t.match(
        await page.getByTestId('projections-summary').textContent(),
        /Log head [\d,]+ · \d+ read models · all live/,
      );
      t.match(await row.locator('td[data-label=State]').textContent(), 'Live');
      t.match(await row.locator('td[data-label=Rebuild]').textContent(), 'No rebuild running');
      if (width === 'mobile')
        t.equal(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          0,
          'no sideways scroll on a phone',
        );
      await shoot('live');

      const rebuild = row.getByRole('button', { name: 'Rebuild' });
      await rebuild.click();
      const dialog = page.getByRole('dialog', { name: `Rebuild ${name}` });
      await dialog.locator('input[name=transactionPassword]').fill('Wrong@123');
      await dialog.getByRole('button', { name: 'Rebuild' }).click();
      await dialog.getByText('Wrong transaction password').waitFor();
      t.match(await row.getAttribute('data-state'), 'live', 'a refused request starts nothing');
      await dialog.locator('input[name=transactionPassword]').fill(TXN);
      await dialog.getByRole('button', { name: 'Rebuild' }).click();
      await waitForToast(page, `Rebuild of ${name} started`);
      await row.and(page.locator('[data-state=rebuilding]')).waitFor();
      t.match(await row.locator('td[data-label=State]').textContent(), 'Rebuilding');
      t.ok(await row.getByRole('progressbar', { name: `Rebuild of ${name}` }).isVisible(), 'with its progress bar');
      t.match(await row.locator('td[data-label=Rebuild]').textContent(), /By admin · /);
      t.ok(await rebuild.isDisabled(), 'no second request while it runs');
      await shoot('rebuilding');

      // The new version takes over (a generous ceiling: no test may need an idle machine).
      await row.and(page.locator('[data-state=live]')).waitFor({ timeout: 120_000 });
      t.match(await row.locator('td[data-label=Rebuild]').textContent(), 'No rebuild running');
      t.ok(await rebuild.isEnabled(), 'a new rebuild may be asked again');
      await shoot('done');
    });
  }
});

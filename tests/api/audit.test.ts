import t, { type Test } from 'tap';
import { AUDIT_ACTIONS, type AuditAction, type AuditRow, type MatchDetail } from '@exch/contracts';
import { betBody, best } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';
import { caller, type Res } from '../helpers/api.js';

/**
 * The audit trail (docs/audit.md): every admin action of the list done through its real route
 * leaves exactly one row with the right actor, IP, target and values before and after; an agent
 * sees its own branch's rows only; the CSV holds the rows the JSON pages do.
 */
const server = await startTestServer({ feedTickMs: 3_600_000, frameOrigins: ['https://tv.example.com'] });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);
const TXN = 'Txn@1234';

const admin = await tokenOf('admin');
const sadmin = await tokenOf('sadmin1');
const master = await tokenOf('master1');
const agent = await tokenOf('agent1');
const dealer = await tokenOf('dealer1');
const player = async (username: string) => {
  const r = (await login(username)).body;
  return { token: r.token as string, id: r.user._id as string };
};
const p1 = await player('player1');
const p2 = await player('player2');
const p3 = await player('player3');

const audit = async (token: string, q: Record<string, string | number> = {}): Promise<Res> =>
  call(
    'GET',
    `/api/admin/audit?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
    undefined,
    token,
  );
const latest = async (): Promise<number> => Number((await audit(admin, { limit: 1 })).body.data[0]?._id ?? 0);

let mark = await latest();
/** The last action's answer. */
let answered: Res;
const ok = (r: Res, what: string) => {
  if (r.status !== 200 && r.status !== 201 && r.status !== 202)
    throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
};
/** The actions `once` has checked: every one of AUDIT_ACTIONS must be. */
const seen = new Set<AuditAction>();
/**
 * Runs an admin action and checks it left exactly one row (of any action), matching `row`, whose
 * target is always said: the account the action changed, or null when it changed no account.
 */
async function once(
  t: Test,
  name: string,
  act: () => Promise<Res>,
  row: Partial<Record<keyof AuditRow, unknown>> & { action: AuditAction; targetUser: string | null },
) {
  seen.add(row.action);
  answered = ok(await act(), name);
  const rows = ((await audit(admin, { limit: 100 })).body.data as AuditRow[]).filter((r) => Number(r._id) > mark);
  t.equal(rows.length, 1, `${name}: one row`);
  t.match(rows[0], { ip: /127\.0\.0\.1/, at: String, ...row }, name);
  // Exact values, not a match: nothing more (no password hash) and nothing less.
  t.same(
    { before: rows[0]?.before, after: rows[0]?.after },
    { before: row.before, after: row.after },
    `${name}: values`,
  );
  mark = await latest();
  return rows[0]!;
}

const detail = async (matchId: string): Promise<MatchDetail> =>
  (await call('GET', `/api/matches/${matchId}`, undefined, admin)).body;
const MO = 'sim-201.mo';
const BM = 'sim-101.bm';
const soccer = await detail('sim-201');
const moSettings = soccer.markets.find((m) => m.marketId === MO)!;

const positions: Record<string, string> = {};

t.test('each admin action leaves one row with its values before and after', async (t) => {
  const created = await once(
    t,
    'user created',
    () =>
      call(
        'POST',
        '/api/users',
        {
          username: 'auditp9',
          fullName: 'Audit Nine',
          password: 'Start1234',
          confirmPassword: 'Start1234',
          role: 'user',
          creditReference: 0,
          exposureLimit: 0,
          transactionPassword: TXN,
        },
        dealer,
      ),
    {
      action: 'user-created',
      actor: 'dealer1',
      targetUser: 'auditp9',
      object: null,
      before: null,
      after: { username: 'auditp9', fullName: 'Audit Nine', role: 'user', creditReference: 0, exposureLimit: 0 },
    },
  );
  positions.created = created._id;
  const id = answered.body.user._id as string;
  const user = (path: string) => `/api/users/${id}${path}`;
  await once(
    t,
    'user edited',
    () =>
      call(
        'PUT',
        user(''),
        { fullName: 'Audit Renamed', creditReference: 0, exposureLimit: 0, transactionPassword: TXN },
        dealer,
      ),
    {
      action: 'user-edited',
      actor: 'dealer1',
      targetUser: 'auditp9',
      before: { fullName: 'Audit Nine' },
      after: { fullName: 'Audit Renamed' },
    },
  );
  await once(
    t,
    'credit reference',
    () => call('PUT', user('/credit-reference'), { creditReference: 500, transactionPassword: TXN }, dealer),
    {
      action: 'credit-reference',
      targetUser: 'auditp9',
      before: { creditReference: 0 },
      after: { creditReference: 500 },
    },
  );
  await once(
    t,
    'exposure limit',
    () => call('PUT', user('/exposure-limit'), { exposureLimit: 300.5, transactionPassword: TXN }, dealer),
    {
      action: 'exposure-limit',
      targetUser: 'auditp9',
      before: { exposureLimit: 0 },
      after: { exposureLimit: 300.5 },
    },
  );
  await once(
    t,
    'deposit',
    () => call('POST', user('/deposit'), { amount: 100, remark: 'audit in', transactionPassword: TXN }, dealer),
    {
      action: 'chips-deposit',
      actor: 'dealer1',
      targetUser: 'auditp9',
      before: null,
      after: { amount: 100, remark: 'audit in' },
    },
  );
  await once(
    t,
    'withdraw',
    () => call('POST', user('/withdraw'), { amount: 40, remark: 'audit out', transactionPassword: TXN }, dealer),
    {
      action: 'chips-withdraw',
      actor: 'dealer1',
      targetUser: 'auditp9',
      before: null,
      after: { amount: 40, remark: 'audit out' },
    },
  );
  await once(t, 'bet lock', () => call('PUT', user('/lock'), { betLocked: true, transactionPassword: TXN }, dealer), {
    action: 'bet-lock',
    targetUser: 'auditp9',
    before: { betLocked: false },
    after: { betLocked: true },
  });
  await once(
    t,
    'account lock',
    () => call('PUT', user('/lock'), { accountLocked: true, transactionPassword: TXN }, dealer),
    {
      action: 'account-lock',
      targetUser: 'auditp9',
      before: { accountLocked: false },
      after: { accountLocked: true },
    },
  );
  await once(
    t,
    'password reset',
    () =>
      call(
        'PUT',
        user('/password'),
        { newPassword: 'Reset1234', confirmPassword: 'Reset1234', transactionPassword: TXN },
        dealer,
      ),
    { action: 'password-reset', targetUser: 'auditp9', before: null, after: { mustChangePassword: true } },
  );
  await once(
    t,
    'market lock',
    () =>
      call(
        'PUT',
        '/api/market-locks/sim-101',
        { userId: p2.id, is_locked: true, lock_target: { event_id: 'sim-101' }, transaction_password: TXN },
        dealer,
      ),
    {
      action: 'market-lock',
      targetUser: 'player2',
      object: { kind: 'match', id: 'sim-101', label: String },
      before: { locked: false, marketKind: 'all' },
      after: { locked: true, marketKind: 'all' },
    },
  );
  const share = await once(
    t,
    'partnership',
    () => call('PUT', '/api/users/dealer1/partnership', { share: 30, transactionPassword: TXN }, agent),
    { action: 'partnership', actor: 'agent1', targetUser: 'dealer1', before: { share: 40 }, after: { share: 30 } },
  );
  positions.share = share._id;
  const privileges = await once(
    t,
    'privileges',
    () =>
      call(
        'PUT',
        '/api/users/subagent1/permissions-password',
        { permissions: ['view-clients'], newPassword: null, confirmNewPassword: null, transactionPass: TXN },
        admin,
      ),
    {
      action: 'privileges-set',
      actor: 'admin',
      targetUser: 'subagent1',
      before: { permissions: ['view-bets', 'view-clients'] },
      after: { permissions: ['view-clients'] },
    },
  );
  positions.privileges = privileges._id;

  const settings = await once(
    t,
    'market settings',
    () =>
      call(
        'PUT',
        `/api/admin/markets/${MO}/settings`,
        { min: 50, max: 20000, betDelaySec: 3, commissionPercent: 2.5 },
        admin,
      ),
    {
      action: 'market-settings',
      actor: 'admin',
      targetUser: null,
      object: { kind: 'market', id: MO, label: 'Arsenal v Chelsea / Match Odds' },
      before: {
        minStake: moSettings.min,
        maxStake: moSettings.max,
        betDelaySec: moSettings.betDelaySec,
        commission: moSettings.commissionBp / 100,
      },
      after: { minStake: 50, maxStake: 20000, betDelaySec: 3, commission: 2.5 },
    },
  );
  positions.settings = settings._id;
  await once(t, 'market status', () => call('PUT', `/api/admin/markets/${MO}/status`, { status: 'SUSPENDED' }, admin), {
    action: 'market-status',
    targetUser: null,
    before: { status: 'ACTIVE' },
    after: { status: 'SUSPENDED' },
  });
  ok(await call('PUT', `/api/admin/markets/${MO}/status`, { status: 'ACTIVE' }, admin), 'reopen');
  mark = await latest();

  const runner = (await detail('sim-101')).markets
    .find((m) => m.marketId === BM)!
    .section.find((s) => s.sid === 101)!.nat;
  await once(
    t,
    'house price',
    () => call('PUT', `/api/admin/markets/${BM}/house-price`, { selectionId: 101, back: 40, lay: 42 }, admin),
    {
      action: 'house-price-set',
      targetUser: null,
      object: { kind: 'market', id: BM },
      before: null,
      after: { runner, back: 40, lay: 42, status: 'ACTIVE' },
    },
  );
  await once(t, 'house price cleared', () => call('DELETE', `/api/admin/markets/${BM}/house-price`, undefined, admin), {
    action: 'house-price-cleared',
    targetUser: null,
    before: { [runner]: { back: 40, lay: 42, status: 'ACTIVE' } },
    after: null,
  });

  // A bet to delete, placed before the market is declared.
  const odds = best(soccer, MO, 301, 'back').odds;
  const bet = ok(await call('POST', '/api/bets', betBody(soccer, MO, 301, 'back', odds, 100, p1.id), p1.token), 'bet')
    .body.bet;
  mark = await latest();
  await once(
    t,
    'bet deleted',
    () => call('POST', '/api/delete-bets', { ids: [bet._id], transaction_password: TXN }, admin),
    {
      action: 'bet-deleted',
      actor: 'admin',
      targetUser: 'player1',
      object: { kind: 'bet', id: bet._id },
      before: { status: 'pending' },
      after: { status: 'deleted' },
    },
  );
  await once(
    t,
    'result',
    () => call('POST', `/api/admin/markets/${MO}/result`, { selectionId: 301, transaction_password: TXN }, admin),
    {
      action: 'result-declared',
      targetUser: null,
      before: { result: null },
      after: { result: 'Arsenal' },
    },
  );
  await once(t, 'revoke', () => call('POST', `/api/admin/markets/${MO}/revoke`, { transaction_password: TXN }, admin), {
    action: 'result-revoked',
    targetUser: null,
    before: { result: 'Arsenal' },
    after: { result: null },
  });
  await once(t, 'void', () => call('POST', `/api/admin/markets/${MO}/void`, { transaction_password: TXN }, admin), {
    action: 'market-voided',
    targetUser: null,
    before: { result: null },
    after: { result: 'void' },
  });

  await once(
    t,
    'casino table',
    () => call('PUT', '/api/admin/casino/tables/dt20/status', { status: 'SUSPENDED' }, admin),
    {
      action: 'casino-table-status',
      targetUser: null,
      object: { kind: 'casino-table', id: 'dt20', label: String },
      before: { status: 'ACTIVE' },
      after: { status: 'SUSPENDED' },
    },
  );
  ok(await call('PUT', '/api/admin/casino/tables/dt20/status', { status: 'ACTIVE' }, admin), 'reactivate');
  mark = await latest();

  await once(t, 'news', () => call('PUT', '/api/messages', { text: 'Audit news' }, admin), {
    action: 'news',
    targetUser: null,
    before: null,
    after: { text: 'Audit news' },
  });
  await once(
    t,
    'streams',
    () =>
      call('PUT', '/api/admin/matches/sim-101/streams', { tvUrl: 'https://tv.example.com/1', scoreUrl: null }, admin),
    {
      action: 'match-streams',
      targetUser: null,
      object: { kind: 'match', id: 'sim-101' },
      before: null,
      after: { tvUrl: 'https://tv.example.com/1', scoreUrl: null },
    },
  );
  await once(t, 'big-bet threshold', () => call('PUT', '/api/admin/risk/big-bet', { amount: 500 }, admin), {
    action: 'big-bet-threshold',
    actor: 'admin',
    targetUser: 'admin',
    before: null,
    after: { amount: 500 },
  });
  await once(t, 'watch', () => call('PUT', '/api/admin/risk/watch', { userId: p1.id, watched: true }, admin), {
    action: 'watch',
    actor: 'admin',
    targetUser: 'player1',
    before: { watched: false },
    after: { watched: true },
  });
  const buttons = (await call('GET', '/api/admin/projections', undefined, admin)).body.data.find(
    (p: { name: string }) => p.name === 'button-values',
  );
  await once(
    t,
    'projection rebuild',
    () => call('POST', '/api/admin/projections/button-values/rebuild', { transaction_password: TXN }, admin),
    {
      action: 'projection-rebuild',
      actor: 'admin',
      targetUser: null,
      before: null,
      after: { version: buttons.version },
    },
  );

  const limits = (await call('GET', '/api/admin/approval-limits', undefined, admin)).body.data;
  await once(
    t,
    'approval limits',
    () => call('PUT', '/api/admin/approval-limits', { withdrawalAbove: 1000, transactionPassword: TXN }, admin),
    {
      action: 'approval-limits',
      actor: 'admin',
      targetUser: 'admin',
      before: limits && (limits.depositAbove !== null || limits.withdrawalAbove !== null) ? limits : null,
      after: { depositAbove: null, withdrawalAbove: 1000 },
    },
  );
  const method = (await call('GET', '/api/admin/payment-method', undefined, dealer)).body.data;
  await once(
    t,
    'payment method',
    () =>
      call(
        'PUT',
        '/api/admin/payment-method',
        { upiId: 'dealer@okaxis', upiName: 'Dealer One', transactionPassword: TXN },
        dealer,
      ),
    {
      action: 'payment-method',
      actor: 'dealer1',
      targetUser: 'dealer1',
      before: method
        ? {
            upiId: method.upiId,
            upiName: method.upiName,
            accountHolderName: method.accountHolderName,
            accountNumber: method.accountNumber,
            ifscCode: method.ifscCode,
          }
        : null,
      after: {
        upiId: 'dealer@okaxis',
        upiName: 'Dealer One',
        accountHolderName: null,
        accountNumber: null,
        ifscCode: null,
      },
    },
  );

  // Above the admin's limit: the dealer endorses, the admin approves.
  const big = ok(
    await call(
      'POST',
      '/api/payments/withdrawals',
      { amount: 2000, bankDetail: 'seed-upi-player3', accountType: 'upi' },
      p3.token,
    ),
    'withdraw',
  ).body.data;
  mark = await latest();
  const decideAs = (token: string, verb: 'approve' | 'reject', remark: string) =>
    call('POST', `/api/admin/payment-requests/${big._id}/${verb}`, { transactionPassword: TXN, remark }, token);
  await once(t, 'endorsed', () => decideAs(dealer, 'approve', 'ok by dealer'), {
    action: 'payment-endorsed',
    actor: 'dealer1',
    targetUser: 'player3',
    object: { kind: 'payment', id: big._id },
    before: { kind: 'withdrawal', amount: 2000, status: 'pending' },
    after: { kind: 'withdrawal', amount: 2000, status: 'endorsed', remark: 'ok by dealer' },
  });
  const approved = await once(t, 'approved', () => decideAs(admin, 'approve', 'paid'), {
    action: 'payment-approved',
    actor: 'admin',
    targetUser: 'player3',
    before: { kind: 'withdrawal', amount: 2000, status: 'endorsed' },
    after: { kind: 'withdrawal', amount: 2000, status: 'approved', remark: 'paid' },
  });
  positions.approved = approved._id;
  const small = ok(
    await call(
      'POST',
      '/api/payments/withdrawals',
      { amount: 50, bankDetail: 'seed-upi-player3', accountType: 'upi' },
      p3.token,
    ),
    'withdraw',
  ).body.data;
  mark = await latest();
  await once(
    t,
    'rejected',
    () =>
      call(
        'POST',
        `/api/admin/payment-requests/${small._id}/reject`,
        { transactionPassword: TXN, remark: 'wrong UPI' },
        dealer,
      ),
    {
      action: 'payment-rejected',
      targetUser: 'player3',
      before: { kind: 'withdrawal', amount: 50, status: 'pending' },
      after: { kind: 'withdrawal', amount: 50, status: 'rejected', remark: 'wrong UPI' },
    },
  );

  // Another branch: sadmin1 acts on a new master beside master1.
  const other = await once(
    t,
    'other branch',
    () =>
      call(
        'POST',
        '/api/users',
        {
          username: 'auditm2',
          fullName: 'Other Branch',
          password: 'Start1234',
          confirmPassword: 'Start1234',
          role: 'smdl',
          creditReference: 0,
          exposureLimit: 0,
          transactionPassword: TXN,
        },
        sadmin,
      ),
    {
      action: 'user-created',
      actor: 'sadmin1',
      targetUser: 'auditm2',
      before: null,
      after: { username: 'auditm2', fullName: 'Other Branch', role: 'smdl', creditReference: 0, exposureLimit: 0 },
    },
  );
  positions.other = other._id;
  t.same(
    AUDIT_ACTIONS.filter((a) => !seen.has(a)),
    [],
    'every action of the list was done once, its target checked against the account it changed',
  );

  const all = JSON.stringify((await audit(admin, { limit: 100 })).body.data);
  t.notMatch(all, /passwordHash|\$argon|\$2[aby]\$|scrypt/, 'no password hash in any row');
  t.notMatch(all, /Reset1234|Start1234/, 'no password in any row');
  t.notOk(
    ((await audit(admin, { limit: 100 })).body.data as AuditRow[]).some((r) => r.actor === 'player3'),
    "a player's own requests are no admin action",
  );
});

t.test('who sees what', async (t) => {
  const ids = async (token: string, q: Record<string, string> = {}) =>
    new Set(((await audit(token, { limit: 100, ...q })).body.data as AuditRow[]).map((r) => r._id));
  const agentSees = await ids(agent);
  t.ok(agentSees.has(positions.share!), 'its own action');
  t.ok(agentSees.has(positions.created!), "its downline's action");
  t.ok(agentSees.has(positions.approved!), 'an upline acting on its downline');
  t.notOk(agentSees.has(positions.settings!), "the admin's market settings");
  t.notOk(agentSees.has(positions.privileges!), "the admin's sub-login");
  t.notOk(agentSees.has(positions.other!), 'another branch');
  const dealerSees = await ids(dealer);
  t.notOk(dealerSees.has(positions.share!), 'an upline acting on the dealer itself is not its downline');
  t.ok((await ids(master)).has(positions.share!), "a master sees its agent's action");
  t.ok((await ids(admin)).has(positions.other!), 'the top admin sees every row');

  for (const r of (await audit(agent, { limit: 100, actor: 'dealer1' })).body.data as AuditRow[])
    t.equal(r.actor, 'dealer1');
  const onP9 = (await audit(agent, { target: 'AUDITP9', action: 'chips-deposit' })).body;
  t.match(onP9, { data: [{ action: 'chips-deposit', targetUser: 'auditp9' }], pagination: { total: 1 } });
  t.match(
    (await audit(agent, { target: 'auditp9', action: 'chips-withdraw' })).body,
    { data: [{ action: 'chips-withdraw', actor: 'dealer1', targetUser: 'auditp9' }], pagination: { total: 1 } },
    'a withdrawal is found by the account the chips came from',
  );
  t.equal(
    (await audit(agent, { target: 'dealer1', action: 'chips-withdraw' })).body.pagination.total,
    0,
    'not by the one that took them',
  );
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  t.equal((await audit(admin, { from: today, to: today, action: 'news' })).body.pagination.total, 1, 'dates');
  t.equal((await audit(admin, { from: '2001-01-01', to: '2001-01-02' })).body.pagination.total, 0);
  const paged = (await audit(agent, { limit: 2, page: 2 })).body;
  t.match(paged, { data: { length: 2 }, pagination: { page: 2, limit: 2, total: agentSees.size } });
});

t.test('the CSV holds the rows the JSON does', async (t) => {
  const json = (await audit(agent, { limit: 100 })).body.data as AuditRow[];
  const csv = await call('GET', '/api/admin/audit.csv', undefined, agent);
  t.equal(csv.status, 200);
  const lines = (csv.body as string)
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  t.equal(lines[0], 'Position,When,Who,IP,Action,On user,On,Before,After');
  t.equal(lines.length - 1, json.length, 'one line per row');
  t.same(
    lines.slice(1).map((l) => l.split(',').slice(0, 6)),
    json.map((r) => [r._id, r.at, r.actor, r.ip ?? '', r.action, r.targetUser ?? '']),
  );
  const deposit = json.find((r) => r.action === 'chips-deposit')!;
  t.ok(lines.some((l) => l.startsWith(`${deposit._id},`) && l.includes('"{""amount"":100,""remark"":""audit in""}"')));
});

t.test('bad input is a 400, the wrong login a 403', async (t) => {
  t.match(await audit(admin, { from: '2026-02-30' }), {
    status: 400,
    body: { message: 'Invalid date in from (use YYYY-MM-DD)' },
  });
  t.match(await audit(admin, { action: 'drop table' }), { status: 400, body: { message: 'Unknown action' } });
  t.match(await audit(admin, { limit: 0 }), { status: 400 });
  t.match(await audit(admin, { actor: 'a\u0000b' }), { status: 400, body: { message: /not allowed/ } });
  t.match(await audit(p1.token), { status: 403 });
  const sub = await tokenOf('subadmin1');
  t.match(await audit(sub), { status: 403, body: { code: 'NO_PRIVILEGE' } });
});

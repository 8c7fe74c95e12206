/**
 * Deposits, withdrawals, saved payout accounts and payment methods end to end (issue 11,
 * docs/payments.md): every call and SPEC.md message, duplicate UTRs, a fake png, a withdrawal above
 * available and one racing bets, two approvals at once, an approval from another branch, the live
 * pushes, and the ledger check at the end.
 */
import t from 'tap';
import { DEMO_TRANSACTION_PASSWORD as TXN } from '@exch/server';
import { businessDay, type MatchDetail } from '@exch/contracts';
import { formatReport } from '../../scripts/ledger/report.js';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { caller } from '../helpers/api.js';
import { betBody, best, openSocket } from '../helpers/exchange.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer({ feedTickMs: 3_600_000 });
t.teardown(() => server.close());
const { call, login, tokenOf } = caller(server);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
let utrSeq = 0;
/** A fresh 12-digit UTR. */
const utr = () => `7${String(Date.now() % 1e7).padStart(7, '0')}${String(++utrSeq).padStart(4, '0')}`;

const p1 = (await login('player1')).body as { token: string; user: { _id: string } };
const p2 = (await login('player2')).body as { token: string; user: { _id: string } };
const p3 = (await login('player3')).body as { token: string; user: { _id: string } };
const agent = await tokenOf('agent1');
const dealer = await tokenOf('dealer1');
const admin = await tokenOf('admin');

/** A multipart deposit form as the web page sends it; `file` null leaves the screenshot out. */
async function deposit(
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string } | null = { name: 'paid.png', bytes: PNG },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('imageUrl', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  const r = await fetch(`${server.url}/api/payments/deposits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await r.text();
  // Later reads through `call` must see this write: hand its read token over by reading the profile after it.
  const after = r.headers.get('x-read-after');
  if (after)
    await fetch(`${server.url}/api/users/profile`, {
      headers: { authorization: `Bearer ${token}`, 'x-read-after': after },
    });
  return { status: r.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}
const profile = async (token: string) =>
  (await call('GET', '/api/users/profile', undefined, token)).body.balance as {
    balance: number;
    exposer: number;
    held: number;
  };
const balanceOf = async (username: string) =>
  (await call('GET', `/api/users/${username}`, undefined, admin)).body.user.balance as number;
const history = (kind: 'deposit' | 'withdrawal', userId: string, token: string, query = '') =>
  call('GET', `/api/transactions/${kind}-history/${userId}${query}`, undefined, token);
const approve = (id: string, token: string, body: Record<string, unknown> = {}) =>
  call('POST', `/api/admin/payment-requests/${id}/approve`, { transactionPassword: TXN, ...body }, token);
const reject = (id: string, token: string, remark = 'Not received') =>
  call('POST', `/api/admin/payment-requests/${id}/reject`, { transactionPassword: TXN, remark }, token);

t.test('the demo seed: payment methods, requests in every state, balances as README lists them', async (t) => {
  t.match(await call('GET', '/api/payments/payee', undefined, p1.token), {
    status: 200,
    body: {
      data: {
        payee: 'agent1',
        upiId: 'agent1.pay@okaxis',
        upiName: 'Demo Agent',
        accountNumber: '50100123456789',
        ifscCode: 'HDFC0001234',
      },
    },
  });
  t.same(
    await profile(p2.token),
    { balance: 50000, exposer: 0, held: 500 },
    'player2: ₹500 held for its pending withdrawal, the balance as README says',
  );
  t.equal((await profile(admin)).balance, 5_000_000, 'admin 5000000');
  for (const [u, b] of [
    ['sadmin1', 3_000_000],
    ['master1', 1_000_000],
    ['agent1', 500_000],
    ['dealer1', 325_000],
    ['player1', 100_000],
    ['player3', 25_000],
  ] as const)
    t.equal(await balanceOf(u), b, `${u} ${b}`);
  t.same((await call('GET', '/api/admin/payment-requests/pending', undefined, agent)).body, {
    deposit: 1,
    withdraw: 1,
  });
  const deposits = (await call('GET', '/api/admin/payment-requests?type=deposit', undefined, agent)).body;
  t.same(
    deposits.data.map((r: { status: string }) => r.status),
    ['pending', 'rejected', 'approved'],
    'pending first, then newest',
  );
  const withdrawals = (await call('GET', '/api/admin/payment-requests?type=withdraw', undefined, agent)).body;
  t.same(
    withdrawals.data.map((r: { status: string; user: { username: string } }) => `${r.user.username} ${r.status}`),
    ['player2 pending', 'player2 rejected', 'player2 approved'],
  );
  t.match(withdrawals.data[1], {
    remark: 'The account name does not match',
    decidedBy: 'dealer1',
    bankDetail: { accountNumber: '30987654321', ifscCode: 'ICIC0000456' },
    accountType: 'bank',
  });
  t.match((await call('GET', '/api/payments/accounts', undefined, p2.token)).body, {
    data: {
      bank: [{ accountHolderName: 'Demo player2', ifscCode: 'ICIC0000456' }],
      upi: [{ upiId: 'player2@okicici' }],
    },
  });
});

t.test('a deposit form: SPEC.md messages, formats, a fake png, the size limit, the wrong content type', async (t) => {
  const head = await server.store.head();
  const ok = { amount: '1000', accountType: 'upi', utrno: utr() };
  t.match(await deposit(p1.token, { ...ok, amount: '' }), { status: 400, body: { message: 'Amount is required' } });
  t.match(await deposit(p1.token, { accountType: 'upi', utrno: utr() }), {
    status: 400,
    body: { message: 'Amount is required' },
  });
  t.match(await deposit(p1.token, { ...ok, utrno: '' }), { status: 400, body: { message: 'Fill this field.' } });
  t.match(await deposit(p1.token, ok, null), { status: 400, body: { message: 'Image is required field' } });
  t.match(await deposit(p1.token, { ...ok, utrno: '12345' }), {
    status: 400,
    body: { message: 'UTR number must be the 12 digits your UPI app shows' },
  });
  t.match(
    await deposit(p1.token, { ...ok, utrno: 'SBIN426154326753' }),
    { status: 400 },
    'a NEFT reference is not a UPI UTR',
  );
  t.match(await deposit(p1.token, { ...ok, accountType: 'bank', utrno: 'SBIN-42615' }), {
    status: 400,
    body: { message: /16 to 22 letters and digits/ },
  });
  t.match(
    await deposit(p1.token, ok, {
      name: 'paid.png',
      bytes: new TextEncoder().encode('this is not a picture at all'),
      type: 'image/png',
    }),
    {
      status: 400,
      body: { code: 'NOT_AN_IMAGE', message: 'The screenshot must be a PNG or JPEG image (png, jpg, jpeg)' },
    },
    'text renamed .png',
  );
  t.match(
    await deposit(p1.token, ok, {
      name: 'paid.gif',
      bytes: new TextEncoder().encode('GIF89a\u0001\u0000'),
      type: 'image/gif',
    }),
    { status: 400, body: { code: 'NOT_AN_IMAGE' } },
  );
  const big = new Uint8Array(4 * 1024 * 1024 + 10);
  big.set(PNG);
  t.match(await deposit(p1.token, ok, { name: 'huge.png', bytes: big }), {
    status: 413,
    body: { message: 'The file is too large (at most 4 MB)' },
  });
  t.match(await call('POST', '/api/payments/deposits', { amount: 1000, utrno: utr() }, p1.token), {
    status: 415,
    body: { message: 'Send the form as multipart/form-data' },
  });
  t.match(await deposit(p1.token, { ...ok, junk: 'x' }), { status: 400, body: { message: 'Unknown field: junk' } });
  t.match(await deposit(agent, ok), { status: 403 }, 'a back-office login does not deposit');
  t.equal(await server.store.head(), head, 'nothing journalled');

  const r = await deposit(
    p1.token,
    { amount: '1234.50', accountType: 'bank', utrno: 'hdfcr52026112212345678', remark: 'ok' },
    { name: 'paid.JPG', bytes: JPEG, type: 'image/jpeg' },
  );
  t.match(r, {
    status: 201,
    body: {
      message: /^Deposit request submitted/,
      data: { type: 'deposit', amount: 1234.5, status: 'pending', accountType: 'bank', remark: 'ok' },
    },
  });
  t.equal(await balanceOf('player1'), 100_000, 'a request moves no chips');
  const listed = (
    await call('GET', '/api/admin/payment-requests?type=deposit&status=pending&user=player1', undefined, agent)
  ).body.data;
  t.match(
    listed[0],
    {
      _id: r.body.data._id,
      utrno: 'HDFCR52026112212345678',
      hasScreenshot: true,
      payee: 'agent1',
      user: { username: 'player1' },
    },
    'the UTR is kept upper-case',
  );
});

t.test('a UTR is used once across the platform, unless its request was rejected', async (t) => {
  const u = utr();
  t.equal((await deposit(p2.token, { amount: '500', accountType: 'upi', utrno: u })).status, 201);
  t.match(
    await deposit(p3.token, { amount: '700', accountType: 'bank', utrno: ` ${u} ` }),
    { status: 409, body: { code: 'UTR_TAKEN', message: 'This UTR number has already been used' } },
    'another player, another method, spaces around',
  );
  const neft = 'sbin426154326753';
  t.equal((await deposit(p3.token, { amount: '700', accountType: 'bank', utrno: neft })).status, 201);
  t.match(
    await deposit(p3.token, { amount: '700', accountType: 'bank', utrno: neft.toUpperCase() }),
    { status: 409, body: { message: 'This UTR number has already been used' } },
    'case does not make it new',
  );
  const mine = (await history('deposit', p2.user._id, p2.token)).body.data[0];
  t.match(await reject(mine._id, agent, 'No such credit'), {
    status: 200,
    body: { message: 'Deposit rejected', data: { status: 'rejected', remark: 'No such credit', decidedBy: 'agent1' } },
  });
  t.equal(
    (await deposit(p3.token, { amount: '500', accountType: 'upi', utrno: u })).status,
    201,
    'free again once its request was rejected',
  );
  // The engine's rule holds on its own too (the gateway's check is only a shortcut).
  const again = await server.engine.execute({
    commandId: `utr-direct-${u}`,
    correlationId: 'test',
    actor: p1.user._id,
    ip: null,
    device: null,
    at: new Date().toISOString(),
    command: {
      type: 'RequestDeposit',
      requestId: `direct-${u}`,
      method: 'upi',
      amount: 100,
      utr: u,
      screenshotId: 'a'.repeat(64),
      remark: '',
    },
  });
  t.match(again, { ok: false, refusal: { code: 'UTR_TAKEN', message: 'This UTR number has already been used' } });
});

t.test('approval moves chips down from a named upline wallet; exactly once; only inside the branch', async (t) => {
  const r = await deposit(p1.token, { amount: '2000', accountType: 'upi', utrno: utr() });
  const id = r.body.data._id as string;
  const [agentBefore, dealerBefore, playerBefore] = [
    await balanceOf('agent1'),
    await balanceOf('dealer1'),
    await balanceOf('player1'),
  ];

  // Another branch: sadmin1 makes a second master with an agent of its own.
  const sadmin = await tokenOf('sadmin1');
  t.equal(
    (
      await call(
        'POST',
        '/api/users',
        {
          username: 'paymaster2',
          fullName: 'Other branch',
          password: 'Start123',
          confirmPassword: 'Start123',
          role: 'smdl',
          creditReference: 0,
          exposureLimit: 0,
          transactionPassword: TXN,
        },
        sadmin,
      )
    ).status,
    201,
  );
  const other = (await login('paymaster2', true, 'Start123')).body.token;
  await call('POST', '/api/users/first-password', { newPassword: 'Mine4567', confirmPassword: 'Mine4567' }, other);
  const outsider = await tokenOf('paymaster2', true, 'Mine4567');
  t.match(
    await approve(id, outsider),
    { status: 404, body: { message: 'Payment request not found' } },
    'another branch: as if there were no such request',
  );
  t.match(await call('GET', `/api/payments/requests/${id}/screenshot`, undefined, outsider), { status: 404 });
  t.match(await call('GET', `/api/transactions/deposit-history/${p1.user._id}`, undefined, outsider), { status: 404 });
  t.match(await approve(id, p2.token), { status: 403 }, 'a player cannot approve');
  t.match(await approve(id, agent, { transactionPassword: 'wrong' }), {
    status: 400,
    body: { message: 'Wrong transaction password' },
  });
  t.match(
    await approve(id, agent, { walletUserId: 'player2' }),
    { status: 400, body: { code: 'INVALID_WALLET' } },
    'a wallet outside the chain',
  );
  t.match(
    await approve(id, dealer, { walletUserId: 'agent1' }),
    { status: 404 },
    "an upline's wallet is not the dealer's to spend",
  );

  // agent1 names dealer1's wallet (its downline, above the player): the chips come from there.
  const done = await approve(id, agent, { walletUserId: 'dealer1', remark: 'Seen in the statement' });
  t.match(done, {
    status: 200,
    body: {
      message: 'Deposit approved',
      data: { _id: id, status: 'approved', decidedBy: 'agent1', wallet: 'dealer1', remark: 'Seen in the statement' },
    },
  });
  t.equal(await balanceOf('player1'), playerBefore + 2000);
  t.equal(await balanceOf('dealer1'), dealerBefore - 2000);
  t.equal(await balanceOf('agent1'), agentBefore, 'agent1 pays nothing');
  t.match(await approve(id, agent), {
    status: 409,
    body: { code: 'REQUEST_DECIDED', message: 'This request has already been approved' },
  });
  t.match(await reject(id, dealer), { status: 409, body: { message: 'This request has already been approved' } });
  const statement = (await call('GET', '/api/transactions/statement', undefined, p1.token)).body.data[0];
  t.match(statement, {
    description: 'Deposit from dealer1',
    credit: 2000,
    kind: 'deposit',
    remark: 'Seen in the statement',
  });
});

t.test('a deposit the named wallet cannot cover is refused, and money is never created', async (t) => {
  const r = await deposit(p1.token, { amount: '400000', accountType: 'upi', utrno: utr() });
  const before = await balanceOf('dealer1');
  const refused = await approve(r.body.data._id, dealer);
  t.match(refused, {
    status: 400,
    body: {
      code: 'INSUFFICIENT_FUNDS',
      message: `dealer1's wallet cannot cover this deposit: available ₹${new Intl.NumberFormat('en-IN').format(before)}.00, needed ₹4,00,000.00`,
    },
  });
  t.equal(await balanceOf('dealer1'), before);
  t.match(await approve(r.body.data._id, agent), { status: 200 }, 'agent1 can');
});

t.test('two uplines approving one request at the same moment: exactly one counts', async (t) => {
  for (let round = 0; round < 3; round++) {
    const r = await deposit(p3.token, { amount: '100', accountType: 'upi', utrno: utr() });
    const before = await balanceOf('player3');
    const answers = await Promise.all([
      approve(r.body.data._id, agent),
      approve(r.body.data._id, dealer),
      approve(r.body.data._id, admin),
    ]);
    t.same(
      answers.map((a) => a.status).sort(),
      [200, 409, 409],
      `round ${round}: ${answers.map((a) => a.body.message).join(' / ')}`,
    );
    t.ok(
      answers.filter((a) => a.status === 409).every((a) => a.body.message === 'This request has already been approved'),
    );
    t.equal(await balanceOf('player3'), before + 100, 'credited once');
  }
});

t.test('saved bank accounts and UPI ids: SPEC.md messages, formats, delete', async (t) => {
  const bank = (body: unknown) => call('POST', '/api/payments/accounts/bank', body, p1.token);
  t.match(await bank({ accountHolderName: '', accountNumber: '123456789', ifscCode: 'SBIN0001234' }), {
    status: 400,
    body: { message: 'Account Holder Name is required' },
  });
  t.match(await bank({ accountHolderName: 'P One', accountNumber: '', ifscCode: 'SBIN0001234' }), {
    status: 400,
    body: { message: 'Account Number is required' },
  });
  t.match(await bank({ accountHolderName: 'P One', accountNumber: '12ab', ifscCode: 'SBIN0001234' }), {
    status: 400,
    body: { message: 'Account Number must be 9 to 18 digits' },
  });
  t.match(await bank({ accountHolderName: 'P One', accountNumber: '123456789', ifscCode: '' }), {
    status: 400,
    body: { message: 'IFSC Code is required' },
  });
  for (const ifsc of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN0001234X']) {
    t.match(
      await bank({ accountHolderName: 'P One', accountNumber: '123456789', ifscCode: ifsc }),
      { status: 400, body: { message: /^IFSC Code (must be 4 letters|is too long)/ } },
      ifsc,
    );
  }
  const added = await bank({ accountHolderName: 'P One', accountNumber: '987654321', ifscCode: 'kkbk0000958' });
  t.match(added, {
    status: 201,
    body: {
      message: 'Account successfully added.',
      data: { accountHolderName: 'P One', accountNumber: '987654321', ifscCode: 'KKBK0000958' },
    },
  });
  t.match(await bank({ accountHolderName: 'P One', accountNumber: '987654321', ifscCode: 'KKBK0000958' }), {
    status: 409,
    body: { message: 'This bank account is already saved' },
  });
  t.match(await call('POST', '/api/payments/accounts/upi', { upiId: '' }, p1.token), {
    status: 400,
    body: { message: 'UPI Id is required' },
  });
  t.match(await call('POST', '/api/payments/accounts/upi', { upiId: 'not-an-upi' }, p1.token), {
    status: 400,
    body: { message: 'UPI Id must look like name@bank' },
  });
  const upi = await call('POST', '/api/payments/accounts/upi', { upiId: 'p.one@oksbi' }, p1.token);
  t.match(upi, { status: 201, body: { message: 'UPI Id successfully added.', data: { upiId: 'p.one@oksbi' } } });
  const list = (await call('GET', '/api/payments/accounts', undefined, p1.token)).body.data;
  t.same(
    list.bank.map((b: { accountNumber: string }) => b.accountNumber),
    ['123456789012', '987654321'],
  );
  t.same(
    list.upi.map((u: { upiId: string }) => u.upiId),
    ['p.one@oksbi'],
  );
  t.match(
    await call('DELETE', `/api/payments/accounts/bank/${upi.body.data._id}`, undefined, p1.token),
    { status: 404 },
    'the type must match',
  );
  t.match(
    await call('DELETE', `/api/payments/accounts/upi/${upi.body.data._id}`, undefined, p2.token),
    { status: 404 },
    "not another player's",
  );
  t.match(await call('DELETE', `/api/payments/accounts/upi/${upi.body.data._id}`, undefined, p1.token), {
    status: 200,
    body: { message: 'UPI Id deleted' },
  });
  t.same((await call('GET', '/api/payments/accounts', undefined, p1.token)).body.data.upi, []);
});

t.test('a withdrawal holds the amount at once; rejection releases it, approval pays it up the chain', async (t) => {
  const accounts = (await call('GET', '/api/payments/accounts', undefined, p1.token)).body.data;
  const bankId = accounts.bank[0]._id as string;
  const withdraw = (body: unknown, token = p1.token) => call('POST', '/api/payments/withdrawals', body, token);
  t.match(await withdraw({ bankDetail: bankId }), { status: 400, body: { message: 'Amount is required' } });
  t.match(await withdraw({ amount: '', bankDetail: bankId }), { status: 400, body: { message: 'Amount is required' } });
  t.match(await withdraw({ amount: 100 }), {
    status: 400,
    body: { message: 'Select one option from bank details or Upi' },
  });
  t.match(
    await withdraw({ amount: 100, bankDetail: 'seed-upi-player2' }),
    { status: 400, body: { message: 'Select one option from bank details or Upi' } },
    "another player's saved account",
  );
  const start = await profile(p1.token);
  t.match(
    await withdraw({ amount: start.balance + 0.01, bankDetail: bankId }),
    { status: 400, body: { code: 'INSUFFICIENT_BALANCE', message: /^Insufficient balance: available ₹/ } },
    'above available',
  );

  const w1 = await withdraw({ amount: '1500.25', bankDetail: bankId, accountType: 'bank', remark: 'ok' });
  t.match(w1, {
    status: 201,
    body: {
      message: /^Withdrawal request submitted/,
      data: { type: 'withdraw', amount: 1500.25, status: 'pending', accountType: 'bank' },
    },
  });
  t.same(
    await profile(p1.token),
    { balance: start.balance - 1500.25, exposer: 0, held: 1500.25 },
    'out of the balance at once, shown as held',
  );
  t.match((await call('GET', '/api/transactions/statement', undefined, p1.token)).body.data[0], {
    description: 'Withdrawal request: amount held',
    debit: 1500.25,
    kind: 'withdraw-hold',
  });
  const whileHeld = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 5)); // the rejection is stamped after that moment
  t.match(await reject(w1.body.data._id, dealer, 'Bank details do not match'), {
    status: 200,
    body: { data: { status: 'rejected', remark: 'Bank details do not match' } },
  });
  t.same(await profile(p1.token), start, 'released');
  t.match(
    (await call('GET', `/api/admin/users/player1/as-of?at=${encodeURIComponent(whileHeld)}`, undefined, dealer)).body,
    { username: 'player1', balance: start.balance - 1500.25, held: 1500.25 },
    'the as-of view shows the hold as it stood',
  );
  t.match((await call('GET', '/api/transactions/statement', undefined, p1.token)).body.data[0], {
    description: 'Withdrawal request rejected: hold released',
    credit: 1500.25,
    kind: 'withdraw-release',
    remark: 'Bank details do not match',
  });

  const w2 = await withdraw({ amount: 800, bankDetail: bankId });
  const agentBefore = await balanceOf('agent1');
  t.match(await approve(w2.body.data._id, agent, { remark: 'Paid by IMPS' }), {
    status: 200,
    body: {
      message: 'Withdrawal approved',
      data: {
        status: 'approved',
        wallet: 'agent1',
        bankDetail: { accountNumber: '123456789012', ifscCode: 'SBIN0001234' },
      },
    },
  });
  t.same(await profile(p1.token), { ...start, balance: start.balance - 800 }, 'paid out: no longer held');
  t.equal(await balanceOf('agent1'), agentBefore + 800, 'the held chips went up to agent1');
  t.match((await call('GET', '/api/transactions/statement', undefined, agent)).body.data[0], {
    description: 'Withdrawal from player1',
    credit: 800,
    kind: 'withdraw',
    remark: 'Paid by IMPS',
  });
  t.match(await reject(w2.body.data._id, agent), {
    status: 409,
    body: { message: 'This request has already been approved' },
  });
});

t.test('a withdrawal racing bets never overdraws', async (t) => {
  const detail: MatchDetail = (await call('GET', '/api/matches/sim-201', undefined, p3.token)).body;
  const odds = best(detail, 'sim-201.mo', 301, 'lay').odds;
  const accounts = (await call('GET', '/api/payments/accounts', undefined, p3.token)).body.data;
  for (let round = 0; round < 3; round++) {
    const { balance, exposer } = await profile(p3.token);
    const available = balance - exposer;
    // The withdrawal and ten bets of a tenth each, together twice what is available.
    const stake = Math.floor(available / 10);
    const [w, ...bets] = await Promise.all([
      call(
        'POST',
        '/api/payments/withdrawals',
        { amount: Math.floor(available), bankDetail: accounts.upi[0]._id },
        p3.token,
      ),
      ...Array.from({ length: 10 }, () =>
        call('POST', '/api/bets', betBody(detail, 'sim-201.mo', 301, 'back', odds, stake, p3.user._id), p3.token),
      ),
    ]);
    const placed = bets.filter((b) => b.status === 200).length;
    const held = w.status === 201 ? Math.floor(available) : 0;
    t.ok(
      held + placed * stake <= available,
      `round ${round}: withdrawal ${w.status}, ${placed} bets of ${stake}: ${held + placed * stake} <= ${available}`,
    );
    t.ok(w.status === 201 || w.body.code === 'INSUFFICIENT_BALANCE', w.body.message);
    const after = await profile(p3.token);
    t.ok(after.balance - after.exposer >= 0, 'available never below zero');
    if (w.status === 201)
      t.equal((await reject(w.body.data._id, dealer)).status, 200, 'the hold released for the next round');
  }
});

t.test('deposit and withdrawal history: 15 a page, dates, status, own or downline only', async (t) => {
  for (let i = 0; i < 16; i++)
    t.equal((await deposit(p2.token, { amount: String(100 + i), accountType: 'upi', utrno: utr() })).status, 201);
  const page1 = await history('deposit', p2.user._id, p2.token);
  t.match(page1, { status: 200, body: { pagination: { page: 1, limit: 15, totalPages: 2 } } });
  t.equal(page1.body.data.length, 15);
  t.match(page1.body.data[0], { type: 'deposit', amount: 115, status: 'pending', remark: '' });
  t.same(Object.keys(page1.body.data[0]).sort(), [
    '_id',
    'accountType',
    'amount',
    'createdAt',
    'remark',
    'status',
    'type',
  ]);
  const total = page1.body.pagination.total as number;
  t.equal((await history('deposit', p2.user._id, p2.token, '?page=2')).body.data.length, total - 15);
  const today = businessDay();
  t.equal(
    (await history('deposit', 'player2', p2.token, `?from=${today}&to=${today}`)).body.pagination.total,
    total,
    'by username too; today has them all',
  );
  t.equal((await history('deposit', p2.user._id, p2.token, '?from=2020-01-01&to=2020-01-02')).body.pagination.total, 0);
  t.match((await history('deposit', p2.user._id, p2.token, '?reportType=approved')).body, {
    data: [{ status: 'approved', amount: 1500, remark: 'Matched with the bank statement' }],
  });
  t.match(await history('deposit', p2.user._id, p2.token, '?from=2026-02-30'), {
    status: 400,
    body: { message: 'Invalid date in from (use YYYY-MM-DD)' },
  });
  t.match(
    await history('withdrawal', p2.user._id, p2.token),
    {
      status: 200,
      body: {
        data: [
          { type: 'withdraw', status: 'rejected', amount: 300, remark: 'The account name does not match' },
          { status: 'pending', amount: 500 },
          { status: 'approved', amount: 1000, remark: 'Paid by IMPS' },
        ],
      },
    },
    'newest first',
  );
  t.match(await history('deposit', p2.user._id, p1.token), { status: 403 }, "not another player's");
  t.match(await history('withdrawal', p2.user._id, dealer), { status: 200 }, "an upline reads its downline's");
  t.match(
    await call('GET', '/api/admin/payment-requests?type=deposit&status=pending&page=2&limit=5', undefined, agent),
    { status: 200, body: { pagination: { page: 2, limit: 5 } } },
  );
  t.match(await call('GET', '/api/admin/payment-requests?type=transfer', undefined, agent), {
    status: 400,
    body: { message: 'type must be deposit or withdraw' },
  });
});

t.test('screenshots: to the player who sent it and its uplines only, as the image it is', async (t) => {
  const r = await deposit(
    p1.token,
    { amount: '300', accountType: 'upi', utrno: utr() },
    { name: 'shot.jpeg', bytes: JPEG, type: 'image/jpeg' },
  );
  const get = (token: string) =>
    fetch(`${server.url}/api/payments/requests/${r.body.data._id}/screenshot`, {
      headers: { authorization: `Bearer ${token}` },
    });
  for (const [who, token] of [
    ['player1', p1.token],
    ['dealer1', dealer],
    ['admin', admin],
  ] as const) {
    const res = await get(token);
    t.equal(res.status, 200, who);
    t.equal(res.headers.get('content-type'), 'image/jpeg');
    t.same(new Uint8Array(await res.arrayBuffer()), JPEG, `${who} gets the bytes sent`);
  }
  t.equal((await get(p2.token)).status, 404, 'another player');
});

t.test('payment methods: set by an upline for its downline, the nearest applies', async (t) => {
  t.match(await call('GET', '/api/admin/payment-method', undefined, dealer), { status: 200, body: { data: null } });
  const put = (body: Record<string, unknown>) =>
    call('PUT', '/api/admin/payment-method', { transactionPassword: TXN, ...body }, dealer);
  t.match(await put({ upiId: 'dealer1@ybl' }), {
    status: 400,
    body: { message: 'Give both the UPI Id and the UPI Name, or neither' },
  });
  t.match(await put({ accountNumber: '123456789' }), {
    status: 400,
    body: { message: /^Give the account holder name, account number and IFSC Code together/ },
  });
  t.match(await put({}), { status: 400, body: { message: 'Give a UPI Id or a bank account' } });
  t.match(await put({ upiId: 'dealer1', upiName: 'Dealer' }), {
    status: 400,
    body: { message: 'UPI Id must look like name@bank' },
  });
  t.match(await put({ upiId: 'dealer1@ybl', upiName: 'Dealer One', transactionPassword: 'nope' }), {
    status: 400,
    body: { message: 'Wrong transaction password' },
  });
  t.match(await put({ upiId: 'dealer1@ybl', upiName: 'Dealer One', accountNumber: '' }), {
    status: 200,
    body: { message: 'Payment method saved', data: { upiId: 'dealer1@ybl', accountNumber: null } },
  });
  t.match(
    (await call('GET', '/api/payments/payee', undefined, p1.token)).body,
    { data: { payee: 'dealer1', upiId: 'dealer1@ybl', accountNumber: null } },
    'dealer1 is nearer than agent1',
  );
  t.match(await deposit(p1.token, { amount: '100', accountType: 'bank', utrno: utr() }), {
    status: 400,
    body: { message: 'Account Transfer is not offered for your account: use UPI Payment' },
  });
  t.match(
    await call(
      'PUT',
      '/api/admin/payment-method',
      { upiId: 'x@ybl', upiName: 'X', transactionPassword: TXN },
      p1.token,
    ),
    { status: 403 },
  );
  t.match(await call('GET', '/api/payments/payee', undefined, agent), { status: 403 }, 'players only');
});

t.test("second level: above the admin's limit an upline approves first, the admin moves the chips", async (t) => {
  t.match(await call('GET', '/api/admin/approval-limits', undefined, agent), {
    status: 200,
    body: { data: { depositAbove: null, withdrawalAbove: null, setBy: 'admin', canSet: false } },
  });
  t.match(await call('PUT', '/api/admin/approval-limits', { depositAbove: '1000', transactionPassword: TXN }, agent), {
    status: 403,
    body: { message: 'Only the top admin sets the second approval' },
  });
  t.match(await call('PUT', '/api/admin/approval-limits', { depositAbove: '0x10', transactionPassword: TXN }, admin), {
    status: 400,
    body: { message: 'Deposit limit must be a number' },
  });
  t.match(
    await call(
      'PUT',
      '/api/admin/approval-limits',
      { depositAbove: '1000', withdrawalAbove: '', transactionPassword: TXN },
      admin,
    ),
    { status: 200, body: { data: { depositAbove: 1000, withdrawalAbove: null, canSet: true } } },
  );
  t.match(await call('GET', '/api/admin/approval-limits', undefined, dealer), {
    body: { data: { depositAbove: 1000, withdrawalAbove: null } },
  });

  const r = await deposit(p3.token, { amount: '1000.01', accountType: 'upi', utrno: utr() });
  const id = r.body.data._id as string;
  const [agentBefore, playerBefore] = [await balanceOf('agent1'), await balanceOf('player3')];
  const first = await approve(id, agent, { remark: 'UTR matches' });
  t.match(first, {
    status: 200,
    body: {
      message: "Approved: above the limit it also needs the admin's approval",
      data: { status: 'pending', endorsement: { by: 'agent1', remark: 'UTR matches' } },
    },
  });
  t.equal(await balanceOf('player3'), playerBefore, 'nothing moves yet');
  t.match(
    (await call('GET', '/api/admin/payment-requests?type=deposit&status=pending&user=player3', undefined, admin)).body
      .data[0],
    { _id: id, endorsement: { by: 'agent1' } },
  );
  t.match(
    await approve(id, dealer),
    { status: 409, body: { code: 'AWAITING_ADMIN' } },
    'another upline cannot be the second step',
  );
  t.match(
    await approve(id, admin, { remark: 'Second check' }),
    {
      status: 200,
      body: {
        message: 'Deposit approved',
        data: { status: 'approved', decidedBy: 'admin', wallet: 'agent1', endorsement: { by: 'agent1' } },
      },
    },
    'from the wallet the first approver named',
  );
  t.equal(await balanceOf('player3'), playerBefore + 1000.01);
  t.equal(await balanceOf('agent1'), agentBefore - 1000.01);

  const small = await deposit(p3.token, { amount: '1000', accountType: 'upi', utrno: utr() });
  t.match(
    await approve(small.body.data._id, agent),
    { status: 200, body: { message: 'Deposit approved' } },
    'at the limit one approval is enough',
  );
  t.match(
    await call('PUT', '/api/admin/approval-limits', { transactionPassword: TXN }, admin),
    { status: 200, body: { data: { depositAbove: null, withdrawalAbove: null } } },
    'cleared',
  );
});

t.test('live: uplines hear the pending count, the player its balance and hold', async (t) => {
  const agentLive = await openSocket(server, agent);
  const playerLive = await openSocket(server, p2.token);
  t.teardown(() => {
    agentLive.close();
    playerLive.close();
  });
  const counts = (await call('GET', '/api/admin/payment-requests/pending', undefined, agent)).body;
  const r = await deposit(p2.token, { amount: '250', accountType: 'upi', utrno: utr() });
  t.same(await agentLive.next('paymentRequests', (d) => d.deposit === counts.deposit + 1), {
    deposit: counts.deposit + 1,
    withdraw: counts.withdraw,
  });
  const before = await profile(p2.token);
  t.equal((await approve(r.body.data._id, agent)).status, 200);
  t.same(await playerLive.next('balance', (d) => d.balance === before.balance + 250), {
    balance: before.balance + 250,
    exposer: 0,
    held: before.held,
  });
  t.same(await agentLive.next('paymentRequests', (d) => d.deposit === counts.deposit), counts);
});

t.test('the ledger holds: holds equal pending withdrawals, nothing created', async (t) => {
  await server.runner.waitFor(server.engine.headPosition, 10_000);
  const report = await verifyLedger(server.store);
  t.equal(report.ok, true, formatReport(report).join('\n'));
  t.ok(report.pendingWithdrawals >= 1, `${report.pendingWithdrawals} pending withdrawals hold ${report.held} paise`);
  t.match(formatReport(report)[0], /^ledger OK: .* held for \d+ pending withdrawals?, 0 differences$/);
});

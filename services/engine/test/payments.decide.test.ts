/**
 * Payments, given events / when a command / then events (docs/payments.md): deposit and withdrawal
 * requests, the hold, approvals and rejections by uplines only and once, the UTR rule, saved payout
 * accounts and payment methods. Money in paise.
 *
 * Cast: admin a > sadmin s > master m > agent g > dealer d > players p1, p2; another master m2 with
 * its own agent g2 (another branch). agent g has a payment method.
 */
import t from 'tap';
import type { Command, DomainEvent, Paise, StoredEvent } from '@exch/contracts';
import { decide } from '../src/index.js';
import { recallRequests } from '../src/payments/read-back.js';
import {
  chipsMinted,
  chipsTransferred as chips,
  envelope,
  given,
  userCreated as user,
  whenGiven,
  type Scenario,
} from './harness.js';

const SHOT = 'ab'.repeat(32);

/** Agent g's payment method. */
const METHOD = {
  type: 'SetPaymentMethod',
  upiId: 'agent@okaxis',
  upiName: 'Agent G',
  accountHolderName: 'Agent G',
  accountNumber: '50100123456789',
  ifscCode: 'HDFC0001234',
} as const;

/** The cast, and agent g's payment method and p1's payout account. */
function world() {
  const w = given(
    user('a', 'admin', null),
    user('s', 'sadmin', 'a'),
    user('m', 'smdl', 's'),
    user('g', 'mdl', 'm'),
    user('d', 'dl', 'g'),
    user('p1', 'user', 'd'),
    user('p2', 'user', 'd'),
    user('m2', 'smdl', 's'),
    user('g2', 'mdl', 'm2'),
    chipsMinted('a', 1_000_000_00),
    chips('a', 's', 500_000_00),
    chips('s', 'm', 200_000_00),
    chips('m', 'g', 100_000_00),
    chips('g', 'd', 50_000_00),
    chips('d', 'p1', 10_000_00),
    chips('s', 'm2', 1_000_00),
    chips('m2', 'g2', 1_000_00),
  );
  w.do(METHOD, 'g');
  w.do(
    {
      type: 'AddBankAccount',
      accountId: 'bank-p1',
      accountHolderName: 'Player One',
      accountNumber: '123456789012',
      ifscCode: 'SBIN0001234',
    },
    'p1',
  );
  return w;
}

const depositCmd = (
  requestId: string,
  amount: Paise,
  utr = `1234567890${String(requestId.length).padStart(2, '0')}`,
  method: 'upi' | 'bank' = 'upi',
): Command => ({ type: 'RequestDeposit', requestId, method, amount, utr, screenshotId: SHOT, remark: 'ok' });
const withdrawCmd = (requestId: string, amount: Paise, accountId = 'bank-p1'): Command => ({
  type: 'RequestWithdrawal',
  requestId,
  accountId,
  amount,
  remark: '',
});
const approve = (requestId: string, walletUserId: string, remark = ''): Command => ({
  type: 'ApprovePaymentRequest',
  requestId,
  walletUserId,
  remark,
});
const reject = (requestId: string, remark = 'no'): Command => ({ type: 'RejectPaymentRequest', requestId, remark });

t.test('a deposit request names the nearest payee and moves nothing', async (t) => {
  const w = world();
  t.same(w.when(depositCmd('r1', 5_000_00, ' 412345678901 '), 'p1'), {
    ok: true,
    events: [
      {
        type: 'DepositRequested',
        streamId: 'payment-r1',
        data: {
          requestId: 'r1',
          userId: 'p1',
          uplineIds: ['d', 'g', 'm', 's', 'a'],
          payeeId: 'g',
          method: 'upi',
          amount: 5_000_00,
          utr: '412345678901',
          screenshotId: SHOT,
          remark: 'ok',
        },
      },
    ],
  });
  t.match(
    w.when(depositCmd('r1', 100, '412345678901'), 'd'),
    { ok: false, refusal: { code: 'FORBIDDEN' } },
    'players only',
  );
  t.match(w.when(depositCmd('r1', 0), 'p1'), { ok: false, refusal: { code: 'INVALID_AMOUNT' } });
  t.match(w.when(depositCmd('r1', 100, '41234'), 'p1'), {
    ok: false,
    refusal: { code: 'INVALID_UTR', message: 'UTR number must be the 12 digits your UPI app shows' },
  });
  t.match(
    w.when(depositCmd('r1', 100, 'HDFCR52026112212345678', 'bank'), 'p1'),
    { ok: true },
    'an RTGS reference by Account Transfer',
  );
  t.match(w.when({ ...depositCmd('r1', 100), screenshotId: '../../etc/passwd' } as Command, 'p1'), {
    ok: false,
    refusal: { code: 'INVALID_SCREENSHOT' },
  });
  w.do(
    {
      type: 'SetPaymentMethod',
      upiId: 'dealer@ybl',
      upiName: 'Dealer',
      accountHolderName: null,
      accountNumber: null,
      ifscCode: null,
    },
    'd',
  );
  t.match(
    w.when(depositCmd('r2', 100), 'p1'),
    { ok: true, events: [{ data: { payeeId: 'd' } }] },
    'the nearest upline with a method',
  );
  t.match(
    w.when(depositCmd('r2', 100, '412345678901', 'bank'), 'p1'),
    { ok: false, refusal: { code: 'METHOD_NOT_OFFERED' } },
    'the nearest offers no bank transfer',
  );
  t.match(w.when(depositCmd('r3', 100), 'p1'), { ok: true });
  const lonely = [user('a', 'admin', null), user('x', 'user', 'a')];
  t.match(whenGiven(lonely, depositCmd('r9', 100), 'x'), { ok: false, refusal: { code: 'NO_PAYMENT_METHOD' } });
});

t.test('a UTR is used once across the platform until its request is rejected', async (t) => {
  const w = world();
  w.do(depositCmd('r1', 100, '412345678901'), 'p1');
  t.match(
    w.when(depositCmd('r2', 200, '412345678901'), 'p2'),
    { ok: false, refusal: { code: 'UTR_TAKEN', message: 'This UTR number has already been used' } },
    'another player',
  );
  w.do(approve('r1', 'g'), 'g');
  t.match(
    w.when(depositCmd('r2', 200, '412345678901'), 'p2'),
    { ok: false, refusal: { code: 'UTR_TAKEN' } },
    'approved keeps it',
  );
  w.do(depositCmd('r3', 100, 'sbin426154326753', 'bank'), 'p1');
  t.match(
    w.when(depositCmd('r4', 100, 'SBIN426154326753', 'bank'), 'p2'),
    { ok: false, refusal: { code: 'UTR_TAKEN' } },
    'case-blind',
  );
  w.do(reject('r3'), 'd');
  t.match(w.when(depositCmd('r4', 100, 'SBIN426154326753', 'bank'), 'p2'), { ok: true }, 'free once rejected');
});

t.test('a withdrawal holds the amount at once, up to what is available', async (t) => {
  const w = world();
  t.same(w.when(withdrawCmd('w1', 4_000_00), 'p1'), {
    ok: true,
    events: [
      {
        type: 'WithdrawalRequested',
        streamId: 'payment-w1',
        data: {
          requestId: 'w1',
          userId: 'p1',
          uplineIds: ['d', 'g', 'm', 's', 'a'],
          amount: 4_000_00,
          remark: '',
          account: {
            kind: 'bank',
            accountHolderName: 'Player One',
            accountNumber: '123456789012',
            ifscCode: 'SBIN0001234',
          },
          postings: [
            { account: 'wallet:p1', amount: -4_000_00 },
            { account: 'hold:p1', amount: 4_000_00 },
          ],
        },
      },
    ],
  });
  w.do(withdrawCmd('w1', 4_000_00), 'p1');
  t.equal(w.account('wallet:p1'), 6_000_00);
  t.equal(w.account('hold:p1'), 4_000_00);
  t.match(
    w.when(withdrawCmd('w2', 6_000_01), 'p1'),
    { ok: false, refusal: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance: available ₹6,000.00' } },
    'the held part is gone from available',
  );
  t.match(w.when(withdrawCmd('w2', 100, 'nope'), 'p1'), {
    ok: false,
    refusal: { code: 'NO_PAYOUT_ACCOUNT', message: 'Select one option from bank details or Upi' },
  });
  t.match(
    w.when(withdrawCmd('w2', 100), 'p2'),
    { ok: false, refusal: { code: 'NO_PAYOUT_ACCOUNT' } },
    "another player's saved account",
  );
  t.match(
    w.when({ type: 'TransferChips', fromUserId: 'p1', toUserId: 'd', amount: 6_000_01, remark: '' }, 'd'),
    { ok: false, refusal: { code: 'INSUFFICIENT_FUNDS' } },
    'nor can the upline take the held part back',
  );
  t.match(w.when(withdrawCmd('w1', 100), 'p1'), { ok: false, refusal: { code: 'DUPLICATE_ID' } });
});

t.test('approval: by an upline, once, from a wallet in the chain that covers it', async (t) => {
  const w = world();
  w.do(depositCmd('r1', 2_000_00), 'p1');
  t.match(
    w.when(approve('r1', 'g2'), 'g2'),
    { ok: false, refusal: { code: 'FORBIDDEN', message: 'Only an upline of this player can decide this request' } },
    'another branch',
  );
  t.match(w.when(approve('r1', 'p2'), 'p2'), { ok: false, refusal: { code: 'FORBIDDEN' } }, 'a fellow player');
  t.match(w.when(approve('r1', 'p1'), 'p1'), { ok: false, refusal: { code: 'FORBIDDEN' } }, 'the player itself');
  t.match(
    w.when(approve('r1', 'a'), 'g'),
    { ok: false, refusal: { code: 'INVALID_WALLET' } },
    'an upline above the approver',
  );
  t.match(
    w.when(approve('r1', 'p2'), 'g'),
    { ok: false, refusal: { code: 'INVALID_WALLET' } },
    'a wallet not above the player',
  );
  t.match(w.when(approve('nope', 'g'), 'g'), { ok: false, refusal: { code: 'REQUEST_NOT_FOUND' } });
  t.same(
    w.when(approve('r1', 'd', 'seen'), 'g'),
    {
      ok: true,
      events: [
        {
          type: 'DepositApproved',
          streamId: 'payment-r1',
          data: {
            requestId: 'r1',
            userId: 'p1',
            by: 'g',
            walletUserId: 'd',
            amount: 2_000_00,
            remark: 'seen',
            postings: [
              { account: 'wallet:d', amount: -2_000_00 },
              { account: 'wallet:p1', amount: 2_000_00 },
            ],
          },
        },
      ],
    },
    "the agent names the dealer's wallet",
  );
  w.do(approve('r1', 'g'), 'g');
  t.equal(w.account('wallet:p1'), 12_000_00);
  t.equal(w.account('wallet:g'), 48_000_00);
  t.match(w.when(approve('r1', 'd'), 'd'), {
    ok: false,
    refusal: { code: 'REQUEST_DECIDED', message: 'This request has already been approved' },
  });
  t.match(w.when(reject('r1'), 'a'), { ok: false, refusal: { code: 'REQUEST_DECIDED' } });

  w.do(depositCmd('r2', 41_000_00, '412345678902'), 'p1');
  t.match(
    w.when(approve('r2', 'd'), 'd'),
    {
      ok: false,
      refusal: {
        code: 'INSUFFICIENT_FUNDS',
        message: "d's wallet cannot cover this deposit: available ₹40,000.00, needed ₹41,000.00",
      },
    },
    'money is never created',
  );
});

t.test('two approvals decided in a row: the second finds it decided', async (t) => {
  const w = world();
  w.do(withdrawCmd('w1', 1_000_00), 'p1');
  // The loop decides one command at a time against the state the first one left.
  const first = w.when(approve('w1', 'g'), 'g');
  const second = w.when(approve('w1', 'd'), 'd');
  t.ok(first.ok && second.ok, 'both valid against the same state');
  w.do(approve('w1', 'g'), 'g');
  t.match(w.when(approve('w1', 'd'), 'd'), { ok: false, refusal: { code: 'REQUEST_DECIDED' } });
  t.match(w.when(reject('w1'), 'd'), { ok: false, refusal: { message: 'This request has already been approved' } });
});

t.test('a withdrawal approved pays the hold up; rejected releases it', async (t) => {
  const w = world();
  w.do(withdrawCmd('w1', 3_000_00), 'p1');
  w.do(withdrawCmd('w2', 1_000_00), 'p1');
  t.match(w.when(approve('w1', 'd'), 'g'), {
    ok: true,
    events: [
      {
        type: 'WithdrawalApproved',
        data: {
          postings: [
            { account: 'hold:p1', amount: -3_000_00 },
            { account: 'wallet:d', amount: 3_000_00 },
          ],
        },
      },
    ],
  });
  w.do(approve('w1', 'g'), 'g');
  t.same(w.when(reject('w2', 'Name mismatch'), 'd'), {
    ok: true,
    events: [
      {
        type: 'WithdrawalRejected',
        streamId: 'payment-w2',
        data: {
          requestId: 'w2',
          userId: 'p1',
          by: 'd',
          remark: 'Name mismatch',
          amount: 1_000_00,
          postings: [
            { account: 'hold:p1', amount: -1_000_00 },
            { account: 'wallet:p1', amount: 1_000_00 },
          ],
        },
      },
    ],
  });
  w.do(reject('w2'), 'd');
  t.equal(w.account('hold:p1'), 0, 'nothing held');
  t.equal(w.account('wallet:p1'), 7_000_00);
  t.equal(w.account('wallet:g'), 53_000_00);
  t.match(w.when(reject('w2'), 'g'), {
    ok: false,
    refusal: { code: 'REQUEST_DECIDED', message: 'This request has already been rejected' },
  });
});

t.test('saved accounts and payment methods', async (t) => {
  const w = world();
  t.match(
    w.when(
      {
        type: 'AddBankAccount',
        accountId: 'b2',
        accountHolderName: 'P',
        accountNumber: '12345678',
        ifscCode: 'SBIN0001234',
      },
      'p1',
    ),
    { ok: false, refusal: { message: 'Account Number must be 9 to 18 digits' } },
  );
  t.match(
    w.when(
      {
        type: 'AddBankAccount',
        accountId: 'b2',
        accountHolderName: 'P',
        accountNumber: '123456789',
        ifscCode: 'SBIN1001234',
      },
      'p1',
    ),
    { ok: false, refusal: { message: /^IFSC Code must be/ } },
  );
  t.match(
    w.when(
      {
        type: 'AddBankAccount',
        accountId: 'b2',
        accountHolderName: ' ',
        accountNumber: '123456789',
        ifscCode: 'SBIN0001234',
      },
      'p1',
    ),
    { ok: false, refusal: { code: 'INVALID_ACCOUNT' } },
  );
  t.match(
    w.when(
      {
        type: 'AddBankAccount',
        accountId: 'b2',
        accountHolderName: 'P',
        accountNumber: '123456789012',
        ifscCode: 'SBIN0001234',
      },
      'p1',
    ),
    { ok: false, refusal: { code: 'ACCOUNT_EXISTS' } },
  );
  t.match(
    w.when(
      {
        type: 'AddBankAccount',
        accountId: 'b2',
        accountHolderName: 'P',
        accountNumber: '123456789',
        ifscCode: 'SBIN0001234',
      },
      'd',
    ),
    { ok: false, refusal: { code: 'FORBIDDEN' } },
  );
  t.match(w.when({ type: 'AddUpiId', accountId: 'u1', upiId: 'p1@ybl' }, 'p1'), {
    ok: true,
    events: [{ type: 'UpiIdAdded', streamId: 'user-p1', data: { accountId: 'u1', userId: 'p1', upiId: 'p1@ybl' } }],
  });
  t.match(w.when({ type: 'AddUpiId', accountId: 'u1', upiId: 'p1' }, 'p1'), {
    ok: false,
    refusal: { message: 'UPI Id must look like name@bank' },
  });
  for (let i = 0; i < 9; i++) w.do({ type: 'AddUpiId', accountId: `u${i}`, upiId: `p1.${i}@ybl` }, 'p1');
  t.match(w.when({ type: 'AddUpiId', accountId: 'u99', upiId: 'p1.99@ybl' }, 'p1'), {
    ok: false,
    refusal: { code: 'TOO_MANY_ACCOUNTS' },
  });
  t.match(w.when({ type: 'DeletePaymentAccount', accountId: 'bank-p1' }, 'p2'), {
    ok: false,
    refusal: { code: 'ACCOUNT_NOT_FOUND' },
  });
  w.do({ type: 'DeletePaymentAccount', accountId: 'bank-p1' }, 'p1');
  t.match(
    w.when(withdrawCmd('w1', 100), 'p1'),
    { ok: false, refusal: { code: 'NO_PAYOUT_ACCOUNT' } },
    'a deleted account is no longer a choice',
  );

  t.same(w.when(METHOD, 'g'), { ok: true, events: [] }, 'setting what is set writes nothing');
  t.match(w.when({ ...METHOD, upiName: null }, 'g'), {
    ok: false,
    refusal: { message: 'Give both the UPI Id and the UPI Name, or neither' },
  });
  t.match(w.when({ ...METHOD, ifscCode: null }, 'g'), { ok: false, refusal: { code: 'INVALID_PAYMENT_METHOD' } });
  t.match(
    w.when(
      { ...METHOD, upiId: null, upiName: null, accountHolderName: null, accountNumber: null, ifscCode: null },
      'g',
    ),
    { ok: false, refusal: { message: 'Give a UPI Id or a bank account' } },
  );
  t.match(w.when(METHOD, 'p1'), { ok: false, refusal: { code: 'FORBIDDEN' } });
  t.match(w.when({ ...METHOD, upiId: null, upiName: null }, 'g'), {
    ok: true,
    events: [
      {
        type: 'PaymentMethodSet',
        streamId: 'user-g',
        data: { userId: 'g', upiId: null, accountNumber: '50100123456789' },
      },
    ],
  });
});

t.test("second level: above the top admin's limit an upline's approval is a first step", async (t) => {
  const w = world();
  t.match(
    w.when({ type: 'SetApprovalLimits', depositAbove: 1_000_00, withdrawalAbove: null }, 's'),
    { ok: false, refusal: { code: 'FORBIDDEN' } },
    'the top admin only',
  );
  t.match(w.when({ type: 'SetApprovalLimits', depositAbove: 0, withdrawalAbove: null }, 'a'), {
    ok: false,
    refusal: { code: 'INVALID_AMOUNT' },
  });
  t.same(
    w.when({ type: 'SetApprovalLimits', depositAbove: null, withdrawalAbove: null }, 'a'),
    { ok: true, events: [] },
    'none set: nothing to write',
  );
  w.do({ type: 'SetApprovalLimits', depositAbove: 1_000_00, withdrawalAbove: 500_00 }, 'a');
  w.do(depositCmd('small', 1_000_00, '412300000101'), 'p1');
  t.match(
    w.when(approve('small', 'g'), 'g'),
    { ok: true, events: [{ type: 'DepositApproved' }] },
    'at the limit: one approval',
  );
  w.do(depositCmd('big', 1_000_01, '412300000102'), 'p1');
  t.same(
    w.when(approve('big', 'd', 'looks fine'), 'g'),
    {
      ok: true,
      events: [
        {
          type: 'PaymentRequestEndorsed',
          streamId: 'payment-big',
          data: { requestId: 'big', userId: 'p1', by: 'g', walletUserId: 'd', remark: 'looks fine' },
        },
      ],
    },
    "above it: the agent's approval moves nothing",
  );
  w.do(approve('big', 'd'), 'g');
  t.equal(w.account('wallet:p1'), 10_000_00);
  t.match(
    w.when(approve('big', 'd'), 'm'),
    {
      ok: false,
      refusal: { code: 'AWAITING_ADMIN', message: "This request waits for the admin's approval (approved by g first)" },
    },
    'another upline cannot add a second step',
  );
  t.match(
    w.when(approve('big', 'd'), 'a'),
    {
      ok: true,
      events: [
        {
          type: 'DepositApproved',
          data: {
            by: 'a',
            walletUserId: 'd',
            postings: [
              { account: 'wallet:d', amount: -1_000_01 },
              { account: 'wallet:p1', amount: 1_000_01 },
            ],
          },
        },
      ],
    },
    "the admin's approval moves the chips",
  );
  t.match(w.when(reject('big'), 'd'), { ok: true }, 'any upline may still reject it');
  w.do(withdrawCmd('wbig', 600_00), 'p1');
  t.match(w.when(approve('wbig', 'g'), 'g'), { ok: true, events: [{ type: 'PaymentRequestEndorsed' }] });
  t.match(
    w.when(approve('wbig', 'a'), 'a'),
    { ok: true, events: [{ type: 'WithdrawalApproved' }] },
    'the admin alone is enough: it is the top',
  );
});

t.test('replay: the state is a fold of the events, so a snapshot and the log agree', async (t) => {
  const w = world();
  const log: DomainEvent[] = [];
  const run = (c: Command, actor: string) => log.push(...w.do(c, actor));
  run(depositCmd('r1', 100_00), 'p1');
  run(withdrawCmd('w1', 200_00), 'p1');
  run(approve('r1', 'g'), 'g');
  run(reject('w1'), 'd');
  const again = world().given(...log);
  t.same(JSON.parse(JSON.stringify(again.state)), JSON.parse(JSON.stringify(w.state)));
});

const housekeep = (paymentsTurnBefore: string): Command => ({
  type: 'Housekeep',
  settledBefore: '2000-01-01T00:00:00.000Z',
  forgetBefore: '2000-01-01T00:00:00.000Z',
  providerTurnBefore: '2000-01-01T00:00:00.000Z',
  paymentsTurnBefore,
  confirmProposedBefore: null,
});

/** What the engine's loop reads back for a request the window forgot: its stream, as the log holds it. */
const streamOf = (w: Scenario, requestId: string) =>
  recallRequests(
    w.log
      .filter((e) => e.streamId === `payment-${requestId}`)
      .map((e) => ({ type: e.type, streamId: e.streamId, data: e.data }) as StoredEvent),
  );

t.test('the payments window: decided requests are held one to two periods, then read back from the log', async (t) => {
  const w = world();
  w.do(depositCmd('r1', 100_00, '411111111111'), 'p1');
  w.do(depositCmd('r2', 100_00, '422222222222'), 'p1');
  w.do(depositCmd('r3', 100_00, '433333333333'), 'p1');
  w.do(withdrawCmd('w1', 200_00), 'p1');
  w.do(approve('r2', 'g'), 'g');
  w.do(reject('r3'), 'd');
  w.do(approve('w1', 'g'), 'g');

  w.at = '2026-01-10T00:00:00.000Z';
  t.same(
    w.do(housekeep('2026-01-09T00:00:00.000Z'), null).map((e) => e.type),
    ['PaymentWindowTurned'],
    'the first turn',
  );
  t.same(Object.keys(w.state.payments.requests), ['r1'], 'the pending request stays current');
  t.same(Object.keys(w.state.payments.previous.requests).sort(), ['r2', 'r3', 'w1'], 'the decided ones move back');
  t.same(w.state.payments.previous.utrs, { '422222222222': 'r2' }, "with the approved deposit's UTR");
  w.refused(t, approve('r2', 'g'), 'g', 'REQUEST_DECIDED', 'This request has already been approved');
  w.refused(t, depositCmd('r4', 100_00, '422222222222'), 'p2', 'UTR_TAKEN');
  t.same(w.when(housekeep('2026-01-09T00:00:00.000Z'), null), { ok: true, events: [] }, 'turned once a period');

  w.do(approve('r1', 'g'), 'g');
  w.at = '2026-01-20T00:00:00.000Z';
  t.same(
    w.do(housekeep('2026-01-19T00:00:00.000Z'), null).map((e) => e.type),
    ['PaymentWindowTurned'],
    'the second turn',
  );
  t.same(w.state.payments.requests, {}, 'nothing pending');
  t.same(Object.keys(w.state.payments.previous.requests), ['r1'], 'r1, decided in the period before');
  t.notOk(w.state.payments.previous.requests.r2, 'r2 is forgotten');

  const decideWith = (command: Command, actor: string, recalled: ReturnType<typeof recallRequests>) =>
    decide(w.state, envelope(command, actor, { at: w.at }), undefined, recalled);
  t.match(
    decideWith(approve('r2', 'g'), 'g', streamOf(w, 'r2')),
    { ok: false, refusal: { code: 'REQUEST_DECIDED', message: 'This request has already been approved' } },
    'a forgotten request read back is refused as it was',
  );
  t.match(
    decideWith(reject('w1'), 'd', streamOf(w, 'w1')),
    { ok: false, refusal: { code: 'REQUEST_DECIDED', message: 'This request has already been approved' } },
    'a forgotten withdrawal too',
  );
  t.match(
    decideWith(approve('r2', 'g2'), 'g2', streamOf(w, 'r2')),
    { ok: false, refusal: { code: 'FORBIDDEN' } },
    'another branch is told no more than before',
  );
  t.match(
    decideWith(approve('nope', 'g'), 'g', {}),
    { ok: false, refusal: { code: 'REQUEST_NOT_FOUND' } },
    'a request the log does not hold',
  );
  t.match(
    decideWith(depositCmd('r5', 100_00, '422222222222'), 'p2', streamOf(w, 'r2')),
    { ok: false, refusal: { code: 'UTR_TAKEN' } },
    "a forgotten approved deposit's UTR stays taken",
  );
  t.match(
    decideWith(depositCmd('r5', 100_00, '433333333333'), 'p2', streamOf(w, 'r3')),
    { ok: true },
    "a forgotten rejected deposit's UTR is free",
  );
  t.match(
    decideWith(depositCmd('r5', 100_00, '411111111111'), 'p2', streamOf(w, 'r1')),
    { ok: false, refusal: { code: 'UTR_TAKEN' } },
    'a UTR the state still holds',
  );

  w.at = '2026-01-30T00:00:00.000Z';
  w.do(housekeep('2026-01-29T00:00:00.000Z'), null);
  t.same(w.state.payments.previous, { requests: {}, utrs: {} }, 'all forgotten');
  t.same(
    w.when(housekeep('2026-02-28T00:00:00.000Z'), null),
    { ok: true, events: [] },
    'an idle window writes nothing',
  );
  t.same(
    JSON.parse(JSON.stringify(world().given(...w.log.slice(world().log.length)).state)),
    JSON.parse(JSON.stringify(w.state)),
    'the state is a fold of the log',
  );
});

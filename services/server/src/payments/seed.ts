import { readFileSync } from 'node:fs';
import type { Command, SqlClient } from '@exch/contracts';
import { migratePaymentTables, storeScreenshot } from '@exch/gateway';

type Run = (commandId: string, actor: string | null, command: Command) => Promise<void>;

/** The screenshot every seeded deposit carries: a demo "payment successful" screen. */
const RECEIPT = new URL('../../assets/demo-receipt.png', import.meta.url);

const DEMO_FLOAT = 500_00;

/**
 * Payment methods (agent1's and admin's), saved payout accounts and a few requests in every state,
 * through real commands (player3's statement stays the opening deposit only). The demo balances of
 * README's table stay as they are: what the approvals move cancels out, and the pending
 * withdrawal's hold comes from ₹500 minted and passed down to agent1 first.
 */
export async function seedPayments(run: Run, sql: SqlClient, id: (username: string) => string): Promise<void> {
  await migratePaymentTables(sql);
  const [admin, sadmin1, master1, agent1, dealer1, player1, player2, player3] = [
    'admin',
    'sadmin1',
    'master1',
    'agent1',
    'dealer1',
    'player1',
    'player2',
    'player3',
  ].map(id) as [string, string, string, string, string, string, string, string];
  const receipt = new Uint8Array(readFileSync(RECEIPT));
  const shot = (userId: string) => storeScreenshot(sql, userId, receipt, 'image/png');

  await run('seed:pay:method:agent1', agent1, {
    type: 'SetPaymentMethod',
    upiId: 'agent1.pay@okaxis',
    upiName: 'Demo Agent',
    accountHolderName: 'Demo Agent',
    accountNumber: '50100123456789',
    ifscCode: 'HDFC0001234',
  });
  await run('seed:pay:method:admin', admin, {
    type: 'SetPaymentMethod',
    upiId: 'exchange.pay@okhdfcbank',
    upiName: 'Demo Exchange',
    accountHolderName: 'Demo Exchange Pvt Ltd',
    accountNumber: '912020034567890',
    ifscCode: 'UTIB0000123',
  });
  await run('seed:pay:bank:player1', player1, {
    type: 'AddBankAccount',
    accountId: 'seed-bank-player1',
    accountHolderName: 'Demo player1',
    accountNumber: '123456789012',
    ifscCode: 'SBIN0001234',
  });
  await run('seed:pay:bank:player2', player2, {
    type: 'AddBankAccount',
    accountId: 'seed-bank-player2',
    accountHolderName: 'Demo player2',
    accountNumber: '30987654321',
    ifscCode: 'ICIC0000456',
  });
  await run('seed:pay:upi:player2', player2, {
    type: 'AddUpiId',
    accountId: 'seed-upi-player2',
    upiId: 'player2@okicici',
  });
  await run('seed:pay:upi:player3', player3, { type: 'AddUpiId', accountId: 'seed-upi-player3', upiId: 'player3@ybl' });

  for (const [from, to, user] of [
    [null, admin, 'admin'],
    [admin, sadmin1, 'sadmin1'],
    [sadmin1, master1, 'master1'],
    [master1, agent1, 'agent1'],
  ] as const) {
    const command: Command =
      from === null
        ? { type: 'MintChips', userId: to, amount: DEMO_FLOAT }
        : {
            type: 'TransferChips',
            fromUserId: from,
            toUserId: to,
            amount: DEMO_FLOAT,
            remark: 'Demo float for payment requests',
          };
    await run(`seed:pay:float:${user}`, from, command);
  }

  // player2: a deposit and a withdrawal approved, a withdrawal waiting (its ₹500 held)...
  await run('seed:pay:dep1', player2, {
    type: 'RequestDeposit',
    requestId: 'seed-dep-1',
    method: 'upi',
    amount: 1_500_00,
    utr: '412300000001',
    screenshotId: await shot(player2),
    remark: '',
  });
  await run('seed:pay:dep1:ok', agent1, {
    type: 'ApprovePaymentRequest',
    requestId: 'seed-dep-1',
    walletUserId: agent1,
    remark: 'Matched with the bank statement',
  });
  await run('seed:pay:wd1', player2, {
    type: 'RequestWithdrawal',
    requestId: 'seed-wd-1',
    accountId: 'seed-bank-player2',
    amount: 1_000_00,
    remark: '',
  });
  await run('seed:pay:wd1:ok', agent1, {
    type: 'ApprovePaymentRequest',
    requestId: 'seed-wd-1',
    walletUserId: agent1,
    remark: 'Paid by IMPS',
  });
  await run('seed:pay:wd2', player2, {
    type: 'RequestWithdrawal',
    requestId: 'seed-wd-2',
    accountId: 'seed-upi-player2',
    amount: 500_00,
    remark: '',
  });
  // and one rejected (the hold went back).
  await run('seed:pay:wd3', player2, {
    type: 'RequestWithdrawal',
    requestId: 'seed-wd-3',
    accountId: 'seed-bank-player2',
    amount: 300_00,
    remark: '',
  });
  await run('seed:pay:wd3:no', dealer1, {
    type: 'RejectPaymentRequest',
    requestId: 'seed-wd-3',
    remark: 'The account name does not match',
  });
  // player1: a deposit waiting and one rejected.
  await run('seed:pay:dep2', player1, {
    type: 'RequestDeposit',
    requestId: 'seed-dep-2',
    method: 'bank',
    amount: 2_000_00,
    utr: '412300000002',
    screenshotId: await shot(player1),
    remark: '',
  });
  await run('seed:pay:dep3', player1, {
    type: 'RequestDeposit',
    requestId: 'seed-dep-3',
    method: 'upi',
    amount: 2_500_00,
    utr: '412300000003',
    screenshotId: await shot(player1),
    remark: '',
  });
  await run('seed:pay:dep3:no', agent1, {
    type: 'RejectPaymentRequest',
    requestId: 'seed-dep-3',
    remark: 'UTR not found in the bank statement',
  });
}

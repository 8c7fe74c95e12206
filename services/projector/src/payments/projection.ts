import type {
  ApprovalLimitsSet,
  BankAccountAdded,
  DepositApproved,
  DepositRejected,
  DepositRequested,
  PaymentAccountDeleted,
  PaymentMethodSet,
  PaymentRequestEndorsed,
  SqlClient,
  StoredEvent,
  UpiIdAdded,
  WithdrawalApproved,
  WithdrawalRejected,
  WithdrawalRequested,
} from '@exch/contracts';
import type { Projection } from '../projection.js';

/**
 * Deposit and withdrawal requests, players' saved payout accounts and uplines' payment methods.
 * A request's events share its stream (`payment-{id}`), an account's and a method's their owner's,
 * so each row's events arrive in order in distributed mode too; rows of different streams never
 * touch. `upline_ids` (from the request event) lets a back-office login list its downline's
 * requests without walking the hierarchy, and keeps this read model free of rm_users.
 */
const DDL = [
  `create table if not exists rm_payment_requests (
    request_id text primary key,
    user_id text not null,
    type text not null,
    method text not null,
    amount bigint not null,
    utr text,
    screenshot_id text,
    payee_id text,
    account jsonb,
    remark text not null,
    upline_ids jsonb not null,
    status text not null,
    decision_remark text,
    decided_by text,
    wallet_user_id text,
    requested_at timestamptz not null,
    decided_at timestamptz,
    endorsed_by text,
    endorsed_wallet_user_id text,
    endorse_remark text,
    endorsed_at timestamptz,
    position bigint not null
  )`,
  `create index if not exists rm_payment_requests_user on rm_payment_requests (user_id, type, position)`,
  `create index if not exists rm_payment_requests_uplines on rm_payment_requests using gin (upline_ids)`,
  `create table if not exists rm_payment_accounts (
    account_id text primary key,
    user_id text not null,
    kind text not null,
    account_holder_name text,
    account_number text,
    ifsc_code text,
    upi_id text,
    added_at timestamptz not null
  )`,
  `create index if not exists rm_payment_accounts_user on rm_payment_accounts (user_id, added_at)`,
  `create table if not exists rm_payment_methods (
    user_id text primary key,
    upi_id text,
    upi_name text,
    account_holder_name text,
    account_number text,
    ifsc_code text,
    updated_at timestamptz not null
  )`,
  `create table if not exists rm_payment_limits (
    user_id text primary key,
    deposit_above bigint,
    withdrawal_above bigint,
    updated_at timestamptz not null
  )`,
];

const REQUESTED = new Set(['DepositRequested', 'WithdrawalRequested']);
const DECIDED = new Set(['DepositApproved', 'DepositRejected', 'WithdrawalApproved', 'WithdrawalRejected']);
/** Events that change what the back office lists as waiting (a first approval moves a request to the admin's turn). */
const LISTED = new Set([...REQUESTED, ...DECIDED, 'PaymentRequestEndorsed']);

/** Players whose requests a batch asked for or decided: their uplines' pending counts changed. */
export const paymentsTouched = (events: StoredEvent[]): string[] => [
  ...new Set(events.filter((e) => LISTED.has(e.type)).map((e) => (e.data as { userId: string }).userId)),
];

function requestRow(e: StoredEvent) {
  const base = {
    request_id: '',
    user_id: '',
    amount: 0,
    remark: '',
    upline_ids: [] as string[],
    status: 'pending',
    requested_at: e.metadata.at,
    position: e.position,
  };
  if (e.type === 'DepositRequested') {
    const d = e.data as DepositRequested;
    return {
      ...base,
      request_id: d.requestId,
      user_id: d.userId,
      type: 'deposit',
      method: d.method,
      amount: d.amount,
      utr: d.utr,
      screenshot_id: d.screenshotId,
      payee_id: d.payeeId,
      account: null,
      remark: d.remark,
      upline_ids: d.uplineIds,
    };
  }
  const d = e.data as WithdrawalRequested;
  return {
    ...base,
    request_id: d.requestId,
    user_id: d.userId,
    type: 'withdraw',
    method: d.account.kind,
    amount: d.amount,
    utr: null,
    screenshot_id: null,
    payee_id: null,
    account: d.account,
    remark: d.remark,
    upline_ids: d.uplineIds,
  };
}

function decisionRow(e: StoredEvent) {
  const d = e.data as DepositApproved | DepositRejected | WithdrawalApproved | WithdrawalRejected;
  const approved = e.type === 'DepositApproved' || e.type === 'WithdrawalApproved';
  return {
    request_id: d.requestId,
    status: approved ? 'approved' : 'rejected',
    decision_remark: d.remark,
    decided_by: d.by,
    wallet_user_id: approved ? (d as DepositApproved).walletUserId : null,
    decided_at: e.metadata.at,
  };
}

export const paymentsProjection: Projection = {
  name: 'payments',
  version: 1,
  tables: ['rm_payment_requests', 'rm_payment_accounts', 'rm_payment_methods', 'rm_payment_limits'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  indexes: {
    // A deposit's UTR check (utrTaken) read every request ever made.
    rm_payment_requests_utr: 'rm_payment_requests (utr)',
    // Each upline's count of pending requests, in the back office's menu: what is pending, not every request of its downline ever.
    rm_payment_requests_pending: `rm_payment_requests using gin (upline_ids) where status = 'pending'`,
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const requested = events.filter((e) => REQUESTED.has(e.type)).map(requestRow);
    if (requested.length > 0) {
      await tx.query(
        `insert into rm_payment_requests (request_id, user_id, type, method, amount, utr, screenshot_id, payee_id, account, remark, upline_ids, status, requested_at, position)
         select request_id, user_id, type, method, amount, utr, screenshot_id, payee_id, account, remark, upline_ids, status, requested_at, position
           from jsonb_to_recordset($1::jsonb) as r(request_id text, user_id text, type text, method text, amount bigint, utr text, screenshot_id text,
             payee_id text, account jsonb, remark text, upline_ids jsonb, status text, requested_at timestamptz, position bigint)
         on conflict (request_id) do nothing`,
        [JSON.stringify(requested)],
      );
    }
    // After the inserts: a request asked for and decided in one batch gets both.
    const decided = events.filter((e) => DECIDED.has(e.type)).map(decisionRow);
    if (decided.length > 0) {
      await tx.query(
        `update rm_payment_requests p set status = d.status, decision_remark = d.decision_remark, decided_by = d.decided_by, wallet_user_id = d.wallet_user_id, decided_at = d.decided_at
           from jsonb_to_recordset($1::jsonb) as d(request_id text, status text, decision_remark text, decided_by text, wallet_user_id text, decided_at timestamptz)
          where p.request_id = d.request_id`,
        [JSON.stringify(decided)],
      );
    }

    // A first approval (second level) comes before the decision in the log: after the inserts, before or with the decisions.
    const endorsed = events
      .filter((e) => e.type === 'PaymentRequestEndorsed')
      .map((e) => {
        const d = e.data as PaymentRequestEndorsed;
        return {
          request_id: d.requestId,
          endorsed_by: d.by,
          endorsed_wallet_user_id: d.walletUserId,
          endorse_remark: d.remark,
          endorsed_at: e.metadata.at,
        };
      });
    if (endorsed.length > 0) {
      await tx.query(
        `update rm_payment_requests p set endorsed_by = d.endorsed_by, endorsed_wallet_user_id = d.endorsed_wallet_user_id, endorse_remark = d.endorse_remark, endorsed_at = d.endorsed_at
           from jsonb_to_recordset($1::jsonb) as d(request_id text, endorsed_by text, endorsed_wallet_user_id text, endorse_remark text, endorsed_at timestamptz)
          where p.request_id = d.request_id`,
        [JSON.stringify(endorsed)],
      );
    }

    // Saved accounts: each one's last event in the batch decides whether its row exists.
    const accounts = new Map<string, Record<string, unknown> | null>();
    for (const e of events) {
      if (e.type === 'BankAccountAdded') {
        const d = e.data as BankAccountAdded;
        accounts.set(d.accountId, {
          account_id: d.accountId,
          user_id: d.userId,
          kind: 'bank',
          account_holder_name: d.accountHolderName,
          account_number: d.accountNumber,
          ifsc_code: d.ifscCode,
          upi_id: null,
          added_at: e.metadata.at,
        });
      } else if (e.type === 'UpiIdAdded') {
        const d = e.data as UpiIdAdded;
        accounts.set(d.accountId, {
          account_id: d.accountId,
          user_id: d.userId,
          kind: 'upi',
          account_holder_name: null,
          account_number: null,
          ifsc_code: null,
          upi_id: d.upiId,
          added_at: e.metadata.at,
        });
      } else if (e.type === 'PaymentAccountDeleted') accounts.set((e.data as PaymentAccountDeleted).accountId, null);
    }
    const added = [...accounts.values()].filter((a) => a !== null);
    const deleted = [...accounts].filter(([, a]) => a === null).map(([id]) => id);
    if (added.length > 0) {
      await tx.query(
        `insert into rm_payment_accounts (account_id, user_id, kind, account_holder_name, account_number, ifsc_code, upi_id, added_at)
         select account_id, user_id, kind, account_holder_name, account_number, ifsc_code, upi_id, added_at
           from jsonb_to_recordset($1::jsonb) as r(account_id text, user_id text, kind text, account_holder_name text, account_number text, ifsc_code text, upi_id text, added_at timestamptz)
         on conflict (account_id) do nothing`,
        [JSON.stringify(added)],
      );
    }
    if (deleted.length > 0)
      await tx.query(`delete from rm_payment_accounts where account_id = any($1::text[])`, [deleted]);

    // Payment methods: the last setting of each upline in the batch.
    const methods = new Map<string, Record<string, unknown>>();
    for (const e of events) {
      if (e.type !== 'PaymentMethodSet') continue;
      const d = e.data as PaymentMethodSet;
      methods.set(d.userId, {
        user_id: d.userId,
        upi_id: d.upiId,
        upi_name: d.upiName,
        account_holder_name: d.accountHolderName,
        account_number: d.accountNumber,
        ifsc_code: d.ifscCode,
        updated_at: e.metadata.at,
      });
    }
    if (methods.size > 0) {
      await tx.query(
        `insert into rm_payment_methods (user_id, upi_id, upi_name, account_holder_name, account_number, ifsc_code, updated_at)
         select user_id, upi_id, upi_name, account_holder_name, account_number, ifsc_code, updated_at
           from jsonb_to_recordset($1::jsonb) as r(user_id text, upi_id text, upi_name text, account_holder_name text, account_number text, ifsc_code text, updated_at timestamptz)
         on conflict (user_id) do update set upi_id = excluded.upi_id, upi_name = excluded.upi_name, account_holder_name = excluded.account_holder_name,
           account_number = excluded.account_number, ifsc_code = excluded.ifsc_code, updated_at = excluded.updated_at`,
        [JSON.stringify([...methods.values()])],
      );
    }

    const limits = new Map<string, Record<string, unknown>>();
    for (const e of events) {
      if (e.type !== 'ApprovalLimitsSet') continue;
      const d = e.data as ApprovalLimitsSet;
      limits.set(d.userId, {
        user_id: d.userId,
        deposit_above: d.depositAbove,
        withdrawal_above: d.withdrawalAbove,
        updated_at: e.metadata.at,
      });
    }
    if (limits.size > 0) {
      await tx.query(
        `insert into rm_payment_limits (user_id, deposit_above, withdrawal_above, updated_at)
         select user_id, deposit_above, withdrawal_above, updated_at from jsonb_to_recordset($1::jsonb) as r(user_id text, deposit_above bigint, withdrawal_above bigint, updated_at timestamptz)
         on conflict (user_id) do update set deposit_above = excluded.deposit_above, withdrawal_above = excluded.withdrawal_above, updated_at = excluded.updated_at`,
        [JSON.stringify([...limits.values()])],
      );
    }
  },
};

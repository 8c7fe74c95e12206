import type { CasinoRoundSettled, ChipsTransferred, MarketSettled, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { isMoneyEvent, postingsOf, walletOwner } from '../wallets.js';
import { casinoBettorRemark, casinoRemark } from './casino-remarks.js';
import { MarketLabels, type Remark } from './market-labels.js';
import { PROVIDER_LEDGER_KINDS, providerRemark } from './provider-remarks.js';

/**
 * One row per posting. The running balance of a statement is not stored: it depends on every
 * earlier posting of the account, which distributed mode may fold later (partitions arrive in any
 * order), so readers sum it: `sum(amount) over (partition by account order by position, leg)`.
 * `remark_match_id` is set while a settlement's remark names its match by id, the match not listed
 * yet (MarketLabels).
 */
const DDL = [
  `create table if not exists rm_ledger_balances (
    account text primary key,
    balance bigint not null
  )`,
  `create table if not exists rm_ledger_entries (
    position bigint not null,
    leg int not null,
    account text not null,
    user_id text,
    amount bigint not null,
    kind text not null,
    counterparty_account text,
    remark text not null default '',
    remark_match_id text,
    market_id text,
    actor_id text,
    at timestamptz not null,
    primary key (position, leg)
  )`,
  `create index if not exists rm_ledger_entries_user on rm_ledger_entries (user_id, position)`,
  `create index if not exists rm_ledger_entries_account on rm_ledger_entries (account, position, leg)`,
  `create index if not exists rm_ledger_entries_awaiting on rm_ledger_entries (remark_match_id) where remark_match_id is not null`,
];

/** Statement kind of a money event, from one account's side. */
const KIND: Record<string, (e: StoredEvent) => string> = {
  ChipsMinted: () => 'mint',
  ChipsTransferred: (e) => (e.data as ChipsTransferred).kind,
  MarketSettled: () => 'settlement',
  ResultRevoked: () => 'revoke',
  // Payment requests (payments/): a withdrawal's hold and release, and approvals as chip movements.
  WithdrawalRequested: () => 'withdraw-hold',
  WithdrawalRejected: () => 'withdraw-release',
  DepositApproved: () => 'deposit',
  WithdrawalApproved: () => 'withdraw',
  ...Object.fromEntries(Object.entries(PROVIDER_LEDGER_KINDS).map(([type, kind]) => [type, () => kind])),
  CasinoRoundSettled: () => 'casino',
};

/**
 * The double-entry ledger as statements read it: one row per posting, and the balance of every
 * account (house accounts included), kept by adding each batch's movements so that consumers of
 * several partitions can credit one account at once. Settlements and revokes carry a remark naming
 * the match, market and result, from the catalogue events this projection folds itself (so it
 * never waits on another read model).
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 4,
  tables: ['rm_ledger_entries', 'rm_ledger_balances', ...MarketLabels.tables],
  async setup(sql: SqlClient) {
    for (const stmt of [...DDL, ...MarketLabels.DDL]) await sql.query(stmt);
  },
  indexes: {
    // A wallet's postings of a period: the profit-loss reports, the partnership statement, the daily figures, a statement's dates.
    rm_ledger_entries_account_at: 'rm_ledger_entries (account, at)',
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const labels = await MarketLabels.load(tx, events);
    const money = events.filter(isMoneyEvent);
    const remarks = new Map<number, Remark>();
    for (const e of events) {
      const remark = labels.fold(e) ?? providerRemark(e) ?? casinoRemark(e);
      if (remark !== null) remarks.set(e.position, remark);
    }
    await labels.save(tx);
    const deltas = new Map<string, number>();
    const entries: unknown[] = [];
    for (const e of money) {
      const postings = postingsOf(e);
      // Transfers and payment requests carry their own remark; settlements and casino rounds get one naming what was settled.
      const own = (e.data as Partial<Pick<ChipsTransferred, 'remark'>>).remark;
      const remark =
        typeof own === 'string' ? { text: own, awaits: null } : (remarks.get(e.position) ?? { text: '', awaits: null });
      postings.forEach((p, leg) => {
        deltas.set(p.account, (deltas.get(p.account) ?? 0) + p.amount);
        const owner = walletOwner(p.account);
        // With two legs the counterparty is the other one; wider postings name none.
        const other = postings.length === 2 ? postings[1 - leg]!.account : null;
        entries.push({
          position: e.position,
          leg,
          account: p.account,
          user_id: owner,
          amount: p.amount,
          kind: KIND[e.type]!(e),
          counterparty_account: other,
          remark:
            e.type === 'CasinoRoundSettled' && owner !== null
              ? casinoBettorRemark(e.data as CasinoRoundSettled, remark.text, owner)
              : remark.text,
          remark_match_id: remark.awaits,
          // A bet settlement's or revoke's market: the statement line opens its bets.
          market_id:
            e.type === 'MarketSettled' || e.type === 'ResultRevoked' ? (e.data as MarketSettled).marketId : null,
          actor_id: e.metadata.actor,
          at: e.metadata.at,
        });
      });
    }
    if (entries.length > 0) {
      await tx.query(
        `insert into rm_ledger_entries (position, leg, account, user_id, amount, kind, counterparty_account, remark, remark_match_id, market_id, actor_id, at)
         select position, leg, account, user_id, amount, kind, counterparty_account, remark, remark_match_id, market_id, actor_id, at
         from jsonb_to_recordset($1::jsonb) as r(position bigint, leg int, account text, user_id text, amount bigint,
           kind text, counterparty_account text, remark text, remark_match_id text, market_id text, actor_id text, at timestamptz)`,
        [JSON.stringify(entries)],
      );
    }
    await labels.nameAwaitingRemarks(tx);
    if (deltas.size === 0) return;
    // In account order: consumers that credit the same accounts take their row locks in one order.
    const rows = [...deltas].sort(([a], [b]) => (a < b ? -1 : 1)).map(([account, delta]) => ({ account, delta }));
    await tx.query(
      `insert into rm_ledger_balances (account, balance)
       select account, delta from jsonb_to_recordset($1::jsonb) as r(account text, delta bigint)
       on conflict (account) do update set balance = rm_ledger_balances.balance + excluded.balance`,
      [JSON.stringify(rows)],
    );
  },
};

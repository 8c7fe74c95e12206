import type { ChipsTransferred, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { isMoneyEvent, postingsOf, walletOwner } from '../wallets.js';
import { MarketLabels } from './market-labels.js';

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
    balance_after bigint not null,
    kind text not null,
    counterparty_account text,
    remark text not null default '',
    actor_id text,
    at timestamptz not null,
    primary key (position, leg)
  )`,
  `create index if not exists rm_ledger_entries_user on rm_ledger_entries (user_id, position)`,
  `create index if not exists rm_ledger_entries_account on rm_ledger_entries (account, position)`,
];

/** Statement kind of a money event, from one account's side. */
const KIND: Record<string, (e: StoredEvent) => string> = {
  ChipsMinted: () => 'mint',
  ChipsTransferred: (e) => (e.data as ChipsTransferred).kind,
  MarketSettled: () => 'settlement',
  ResultRevoked: () => 'revoke',
};

/**
 * The double-entry ledger as statements read it: one row per posting with the account's running
 * balance after it, and the balance of every account (house accounts included). Settlements and
 * revokes carry a remark naming the match, market and result, from the catalogue events this
 * projection folds itself (so it never waits on another read model).
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 2,
  tables: ['rm_ledger_entries', 'rm_ledger_balances', ...MarketLabels.tables],
  async setup(sql: SqlClient) {
    for (const stmt of [...DDL, ...MarketLabels.DDL]) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const labels = await MarketLabels.load(tx, events);
    const money = events.filter(isMoneyEvent);
    const remarks = new Map<number, string>();
    for (const e of events) {
      const remark = labels.fold(e);
      if (remark !== null) remarks.set(e.position, remark);
    }
    await labels.save(tx);
    if (money.length === 0) return;
    const accounts = [...new Set(money.flatMap((e) => postingsOf(e).map((p) => p.account)))];
    const { rows } = await tx.query<{ account: string; balance: string }>(`select account, balance from rm_ledger_balances where account = any($1::text[])`, [accounts]);
    const balances = new Map(rows.map((r) => [r.account, Number(r.balance)]));
    const entries: unknown[] = [];
    for (const e of money) {
      const postings = postingsOf(e);
      const remark = e.type === 'ChipsTransferred' ? (e.data as ChipsTransferred).remark : (remarks.get(e.position) ?? '');
      postings.forEach((p, leg) => {
        const after = (balances.get(p.account) ?? 0) + p.amount;
        balances.set(p.account, after);
        // With two legs the counterparty is the other one; wider postings name none.
        const other = postings.length === 2 ? postings[1 - leg]!.account : null;
        entries.push({
          position: e.position, leg, account: p.account, user_id: walletOwner(p.account), amount: p.amount, balance_after: after,
          kind: KIND[e.type]!(e), counterparty_account: other, remark, actor_id: e.metadata.actor, at: e.metadata.at,
        });
      });
    }
    await tx.query(
      `insert into rm_ledger_entries (position, leg, account, user_id, amount, balance_after, kind, counterparty_account, remark, actor_id, at)
       select position, leg, account, user_id, amount, balance_after, kind, counterparty_account, remark, actor_id, at
       from jsonb_to_recordset($1::jsonb) as r(position bigint, leg int, account text, user_id text, amount bigint, balance_after bigint,
         kind text, counterparty_account text, remark text, actor_id text, at timestamptz)`,
      [JSON.stringify(entries)],
    );
    await tx.query(
      `insert into rm_ledger_balances (account, balance)
       select account, balance from jsonb_to_recordset($1::jsonb) as r(account text, balance bigint)
       on conflict (account) do update set balance = excluded.balance`,
      [JSON.stringify([...balances].map(([account, balance]) => ({ account, balance })))],
    );
  },
};

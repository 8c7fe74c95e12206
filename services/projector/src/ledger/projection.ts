import type { ChipsMinted, ChipsTransferred, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { isMoneyEvent, postingsOf, walletOwner } from '../wallets.js';

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
function kindOf(e: StoredEvent): string {
  if (e.type === 'ChipsMinted') return 'mint';
  return (e.data as ChipsTransferred).kind;
}

function remarkOf(e: StoredEvent): string {
  return e.type === 'ChipsTransferred' ? (e.data as ChipsTransferred).remark : '';
}

/**
 * The double-entry ledger as statements read it: one row per posting with the account's running
 * balance after it, and the balance of every account (house accounts included).
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 1,
  tables: ['rm_ledger_entries', 'rm_ledger_balances'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const money = events.filter(isMoneyEvent);
    if (money.length === 0) return;
    const accounts = [...new Set(money.flatMap((e) => postingsOf(e).map((p) => p.account)))];
    const { rows } = await tx.query<{ account: string; balance: string }>(`select account, balance from rm_ledger_balances where account = any($1::text[])`, [accounts]);
    const balances = new Map(rows.map((r) => [r.account, Number(r.balance)]));
    const entries: unknown[] = [];
    for (const e of money) {
      const postings = (e.data as ChipsMinted | ChipsTransferred).postings;
      postings.forEach((p, leg) => {
        const after = (balances.get(p.account) ?? 0) + p.amount;
        balances.set(p.account, after);
        // With two legs the counterparty is the other one; wider postings name none.
        const other = postings.length === 2 ? postings[1 - leg]!.account : null;
        entries.push({
          position: e.position, leg, account: p.account, user_id: walletOwner(p.account), amount: p.amount, balance_after: after,
          kind: kindOf(e), counterparty_account: other, remark: remarkOf(e), actor_id: e.metadata.actor, at: e.metadata.at,
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

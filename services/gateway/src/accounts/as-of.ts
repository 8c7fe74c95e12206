/**
 * A wallet as it stood at a past moment: its balance then and its statement up to then. The one
 * query both the back office (GET /api/admin/users/{userId}/as-of) and `npm run statement` read.
 *
 * Both come from the ledger read model's postings alone: the balance is the sum of the wallet's
 * amounts stamped at or before the moment, and each row's running balance is a window sum over
 * (position, leg) of those same rows, computed at read time (no stored balance column is trusted).
 */
import { paiseToRupees, type Paise, type SqlClient, type StatementRow } from '@exch/contracts';

/** One posting to the wallet, amounts in paise. */
export interface LedgerLine {
  position: number;
  leg: number;
  /** Signed: a credit is positive. */
  amount: Paise;
  /** The wallet's balance after this posting. */
  balance: Paise;
  kind: string;
  remark: string;
  at: Date;
  /** The other party's username (two-legged postings between wallets), else null. */
  counterparty: string | null;
  /** As the statement words it ("Deposit from dealer1", "Mumbai v Chennai / Match Odds: Mumbai won"). */
  description: string;
}

export interface WalletAsOf {
  /** Sum of every posting to the wallet stamped at or before the moment. */
  balance: Paise;
  /** Postings up to the moment (all pages). */
  total: number;
  /** The page asked for, newest first. */
  lines: LedgerLine[];
}

/** Settlement rows carry their whole story (match / market: result) in the ledger's remark. */
export const SETTLEMENT_KINDS = new Set(['settlement', 'revoke']);

/** The statement's wording of a posting (GET /api/transactions/statement words its rows the same). */
export function describeEntry(kind: string, amount: Paise, counterparty: string | null, remark: string): string {
  const cp = counterparty ?? 'house';
  if (SETTLEMENT_KINDS.has(kind)) return remark;
  if (kind === 'mint') return 'Chips minted';
  if (kind === 'deposit') return amount > 0 ? `Deposit from ${cp}` : `Deposit to ${cp}`;
  if (kind === 'withdraw') return amount > 0 ? `Withdrawal from ${cp}` : `Withdrawn by ${cp}`;
  return kind;
}

interface LineRow {
  position: string;
  leg: number;
  amount: string;
  running: string;
  kind: string;
  remark: string;
  at: Date | string;
  counterparty: string | null;
}

/** `userId`'s wallet at `at`: the balance then, and page `page` (of `limit` rows, newest first) of its postings up to then. */
export async function walletAsOf(sql: SqlClient, q: { userId: string; at: Date; page: number; limit: number }): Promise<WalletAsOf> {
  const account = `wallet:${q.userId}`;
  const at = q.at.toISOString();
  const { rows: totals } = await sql.query<{ n: string; balance: string }>(
    `select count(*) as n, coalesce(sum(amount), 0) as balance from rm_ledger_entries where account = $1 and at <= $2::timestamptz`,
    [account, at],
  );
  const { rows } = await sql.query<LineRow>(
    `with lines as (
       select position, leg, amount, kind, remark, at, counterparty_account,
              sum(amount) over (order by position, leg rows between unbounded preceding and current row) as running
         from rm_ledger_entries
        where account = $1 and at <= $2::timestamptz
     )
     select l.position, l.leg, l.amount, l.running, l.kind, l.remark, l.at, u.username as counterparty
       from lines l left join rm_users u on l.counterparty_account = 'wallet:' || u.user_id
      order by l.position desc, l.leg desc
      limit $3 offset $4`,
    [account, at, q.limit, (q.page - 1) * q.limit],
  );
  return {
    balance: Number(totals[0]!.balance),
    total: Number(totals[0]!.n),
    lines: rows.map((r) => {
      const amount = Number(r.amount);
      return {
        position: Number(r.position),
        leg: r.leg,
        amount,
        balance: Number(r.running),
        kind: r.kind,
        remark: r.remark,
        at: new Date(r.at),
        counterparty: r.counterparty,
        description: describeEntry(r.kind, amount, r.counterparty, r.remark),
      };
    }),
  };
}

/** A posting as the statement's JSON row (rupees), the same shape GET /api/transactions/statement answers. */
export function toStatementRow(l: LedgerLine): StatementRow {
  return {
    _id: `${l.position}-${l.leg}`,
    date: l.at.toISOString(),
    description: l.description,
    kind: l.kind,
    credit: l.amount > 0 ? paiseToRupees(l.amount) : 0,
    debit: l.amount < 0 ? paiseToRupees(-l.amount) : 0,
    balance: paiseToRupees(l.balance),
    remark: SETTLEMENT_KINDS.has(l.kind) ? '' : l.remark,
    // The log position of the cause: a transfer, a mint, or the market's settlement or revoke.
    cause: { type: l.kind === 'deposit' || l.kind === 'withdraw' ? 'transfer' : l.kind, position: l.position },
  };
}

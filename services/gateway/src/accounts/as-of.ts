/**
 * A wallet as it stood at a past moment: its balance then and its statement up to then. The one
 * query both the back office (GET /api/admin/users/{userId}/as-of) and `npm run statement` read.
 *
 * Both come from the ledger read model's postings alone: the balance is the sum of the wallet's
 * amounts stamped at or before the moment, and each row's running balance is a window sum over
 * (position, leg) of those same rows, computed at read time (no stored balance column is trusted).
 */
import type { Paise, SqlClient } from '@exch/contracts';
import { COUNTERPARTY_JOIN, lineOf, type LedgerLine, type LineRow } from './ledger-lines.js';

export interface WalletAsOf {
  /** Sum of every posting to the wallet stamped at or before the moment. */
  balance: Paise;
  /** The user's pending withdrawals then: its hold account at the moment (docs/payments.md). */
  held: Paise;
  /** Postings up to the moment (all pages). */
  total: number;
  /** The page asked for, newest first. */
  lines: LedgerLine[];
}

/** `userId`'s wallet at `at`: the balance then, and page `page` (of `limit` rows, newest first) of its postings up to then. */
export async function walletAsOf(
  sql: SqlClient,
  q: { userId: string; at: Date; page: number; limit: number },
): Promise<WalletAsOf> {
  const account = `wallet:${q.userId}`;
  const at = q.at.toISOString();
  const { rows: totals } = await sql.query<{ n: string; balance: string; held: string }>(
    `select count(*) filter (where account = $1) as n, coalesce(sum(amount) filter (where account = $1), 0) as balance,
            coalesce(sum(amount) filter (where account = $3), 0) as held
       from rm_ledger_entries where account in ($1, $3) and at <= $2::timestamptz`,
    [account, at, `hold:${q.userId}`],
  );
  const { rows } = await sql.query<LineRow>(
    `with lines as (
       select position, leg, amount, kind, remark, at, counterparty_account,
              sum(amount) over (order by position, leg rows between unbounded preceding and current row) as running
         from rm_ledger_entries
        where account = $1 and at <= $2::timestamptz
     )
     select e.position, e.leg, e.amount, e.running, e.kind, e.remark, e.at, u.username as counterparty
       from lines e ${COUNTERPARTY_JOIN}
      order by e.position desc, e.leg desc
      limit $3 offset $4`,
    [account, at, q.limit, (q.page - 1) * q.limit],
  );
  return {
    balance: Number(totals[0]!.balance),
    held: Number(totals[0]!.held),
    total: Number(totals[0]!.n),
    lines: rows.map(lineOf),
  };
}

/**
 * A wallet as it stood at a past moment: its balance then and its statement up to then. The one
 * query both the back office (GET /api/admin/users/{userId}/as-of) and `npm run statement` read.
 *
 * Both come from the ledger read model's postings alone: the balance is the sum of the wallet's
 * amounts stamped at or before the moment, and each row's running balance is a window sum over
 * (position, leg) of those same rows, computed at read time (no stored balance column is trusted).
 */
import type { Paise, SqlClient } from '@exch/contracts';
import { walletLinesAsOf, walletTotalsAsOf } from '@exch/projector/read';
import { lineOf, type LedgerLine } from './ledger-lines.js';

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
  const at = q.at.toISOString();
  const totals = await walletTotalsAsOf(sql, q.userId, at);
  const rows = await walletLinesAsOf(sql, q.userId, at, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return {
    balance: Number(totals.balance),
    held: Number(totals.held),
    total: Number(totals.n),
    lines: rows.map(lineOf),
  };
}

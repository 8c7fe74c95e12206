import type { PnlCategory } from '@exch/contracts';

// The rows of the ledger's read-model tables (rm_ledger_entries, rm_ledger_balances; DDL in
// ./projection.ts) as its queries (./queries.ts) return them. Amounts are bigints, so text.

/** A posting as the statement queries select it; `running` is the wallet's balance after it. */
export interface LedgerLineRow {
  position: string;
  leg: number;
  amount: string;
  running: string;
  kind: string;
  remark: string;
  at: Date | string;
  /** The other party's username (two-legged postings between wallets or holds), else null. */
  counterparty: string | null;
  market_id?: string | null;
}

/** A wallet's totals at a moment: its count of postings and balance, and its hold's balance. */
export interface WalletTotalsRow {
  n: string;
  balance: string;
  held: string;
}

/** The players' side of a day and category. */
export interface DailyPnlRow {
  day: string;
  category: PnlCategory;
  pnl: string;
}

/**
 * A branch's figures of a category: the players' side and the house's side the branch's root and
 * the parent carry, as exact numerators (paise x basis points), to be rounded by the reader.
 */
export interface BranchPnlRow {
  root: string;
  category: PnlCategory;
  players: string;
  carried: string;
  parent_carried: string;
}

/** The tables' names, for a reader that reports on them by name (the ledger check's findings). */
export const LEDGER_TABLES = { entries: 'rm_ledger_entries', balances: 'rm_ledger_balances' } as const;

/** A posting as the ledger check compares it with the log's. */
export interface EntryRow {
  position: number | string;
  leg: number;
  account: string;
  user_id: string | null;
  amount: string;
}

import { formatPaise } from '@exch/contracts';

// What `verifyLedger` reports (the differences it found, where each read model stood) and the
// lines `npm run ledger:verify` prints from it.

export type DifferenceKind =
  /** The log skips a position (rule 3: positions are gap-free), or log_head disagrees with the last event. */
  | 'position-gap'
  /** A money event without a postings array, or a posting that is not {account: string, amount: safe integer}. */
  | 'malformed-postings'
  /** (a) The postings of one event do not sum to zero. */
  | 'unbalanced'
  /** (a) Balanced postings that disagree with the event's amount and parties (ChipsMinted, ChipsTransferred, the third-party casino's), or with a casino round's bets. */
  | 'postings-mismatch'
  /** A posting to wallet:X before user X was created. */
  | 'unknown-wallet'
  /** (b) An account other than mint is below zero after an event. */
  | 'negative-balance'
  /** A running balance left the safe-integer range (rule 1). */
  | 'unsafe-balance'
  /** (c) The users read model: a balance that differs from the replay, a missing or an unexpected user row. */
  | 'users-balance'
  /** (c) The ledger's balances: a balance that differs from the replay, a missing or an unexpected account row. */
  | 'ledger-balance'
  /** (d) The ledger's postings: a missing, unexpected or different row (account, amount, user_id). */
  | 'ledger-entry'
  /** A read model's checkpoint says it folded events, but its table is gone. */
  | 'projection-missing'
  /** (e) A payment decision for an unknown or already decided request, or one that disagrees with it. */
  | 'payment-request'
  /** (e) A hold account that differs from its user's pending withdrawals. */
  | 'hold-mismatch';

export interface Difference {
  kind: DifferenceKind;
  /** The log position it was found at (for read-model differences: the projection's checkpoint). */
  position: number;
  account?: string;
  /** The replay's value and the one found (log or read model), as decimal strings when they are amounts. */
  expected?: string;
  actual?: string;
  message: string;
}

export interface ProjectionCheck {
  name: 'users' | 'ledger';
  /** Position the read model has folded up to (0 when it never ran). */
  checkpoint: number;
  /** True when its rows were compared with the replay at its checkpoint. */
  compared: boolean;
  note: string;
}

export interface LedgerReport {
  ok: boolean;
  /** log_head when the check started; events appended after it are left for the next run. */
  head: number;
  events: number;
  moneyEvents: number;
  /** Ledger accounts seen in the replay (mint and every wallet that ever moved). */
  accounts: number;
  /** Sum of every account's balance at the head: 0 when the postings balance. */
  sum: bigint;
  /** Withdrawals pending at the head, and the chips their holds keep (paise). */
  pendingWithdrawals: number;
  held: number;
  /** How many differences were found; `differences` lists the first `maxListed` of them. */
  differenceCount: number;
  differences: Difference[];
  projections: ProjectionCheck[];
  ms: number;
}

export interface VerifyProgress {
  /** Position replayed so far. */
  position: number;
  head: number;
  events: number;
}

export interface VerifyOptions {
  /** Events read per query (default 5,000). */
  batchSize?: number;
  /** Called after each batch. */
  onProgress?: (p: VerifyProgress) => void;
  /** Differences kept in the report (all are counted; default 100). */
  maxListed?: number;
  /** Accounts allowed below zero (default: `mint`, `house:pnl` and `house:casino`; a third-party casino account always may). */
  mayGoNegative?: readonly string[];
  /** Partitions of the event topic, for read models folded by Kafka projector groups (default EVENT_PARTITIONS or 4). */
  partitions?: number;
}

export const fmt = (n: number | bigint): string => n.toLocaleString('en-US');

/** The verdict line, then (on failure) the first `list` differences, one per line. */
export function formatReport(r: LedgerReport, list = 20): string[] {
  const holds =
    r.pendingWithdrawals > 0
      ? `, ₹${formatPaise(r.held)} held for ${fmt(r.pendingWithdrawals)} pending withdrawal${r.pendingWithdrawals === 1 ? '' : 's'}`
      : '';
  const stats = `${fmt(r.events)} events, ${fmt(r.accounts)} accounts, sum ${fmt(r.sum)}${holds}`;
  if (r.ok) return [`ledger OK: ${stats}, 0 differences`];
  const lines = [`ledger FAILED: ${fmt(r.differenceCount)} difference${r.differenceCount === 1 ? '' : 's'} (${stats})`];
  for (const d of r.differences.slice(0, list)) lines.push(`  ${d.kind}: ${d.message}`);
  if (r.differenceCount > Math.min(list, r.differences.length))
    lines.push(`  ... and ${fmt(r.differenceCount - Math.min(list, r.differences.length))} more`);
  return lines;
}

/** Where each read model stood, for the operator (stderr). */
export function formatProjections(r: LedgerReport): string[] {
  return r.projections.map((p) => `projection ${p.name}: checkpoint ${fmt(p.checkpoint)} of ${fmt(r.head)}, ${p.note}`);
}

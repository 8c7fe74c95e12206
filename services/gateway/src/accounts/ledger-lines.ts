/**
 * A wallet's ledger postings as the statement shows them: the wording, the running balance and the
 * JSON row. GET /api/transactions/statement, the as-of view and `npm run statement` all read them so.
 */
import { paiseToRupees, type Paise, type StatementRow } from '@exch/contracts';
import type { LedgerLineRow } from '@exch/projector/read';

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
  /** A bet settlement's or revoke's market, where the query read it. */
  marketId: string | null;
}

/** Settlement rows carry their whole story (match / market: result; casino table / round: winner) in the ledger's remark. */
export const SETTLEMENT_KINDS = new Set(['settlement', 'revoke', 'casino']);
/** So do the third-party casino's (game, round: bet / win / stake returned). */
const THIRD_PARTY_KINDS = new Set(['casino-bet', 'casino-win', 'casino-refund']);
const storyInRemark = (kind: string): boolean => SETTLEMENT_KINDS.has(kind) || THIRD_PARTY_KINDS.has(kind);

/** The statement's wording of a posting. */
export function describeEntry(kind: string, amount: Paise, counterparty: string | null, remark: string): string {
  const cp = counterparty ?? 'house';
  if (storyInRemark(kind)) return remark;
  if (kind === 'mint') return 'Chips minted';
  if (kind === 'deposit') return amount > 0 ? `Deposit from ${cp}` : `Deposit to ${cp}`;
  if (kind === 'withdraw') return amount > 0 ? `Withdrawal from ${cp}` : `Withdrawn by ${cp}`;
  if (kind === 'withdraw-hold') return 'Withdrawal request: amount held';
  if (kind === 'withdraw-release') return 'Withdrawal request rejected: hold released';
  return kind;
}

/** A selected posting, amounts in paise. */
export function lineOf(r: LedgerLineRow): LedgerLine {
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
    marketId: r.market_id ?? null,
  };
}

/** The statement's Remark of a posting: empty where the description already tells its whole story. */
export const statementRemark = (l: LedgerLine): string => (storyInRemark(l.kind) ? '' : l.remark);

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
    remark: statementRemark(l),
    // The log position of the cause: a transfer, a mint, or the market's settlement or revoke.
    cause: { type: l.kind === 'deposit' || l.kind === 'withdraw' ? 'transfer' : l.kind, position: l.position },
    market_id: l.marketId,
  };
}

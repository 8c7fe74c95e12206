/**
 * Reconciliation of a game provider's round log with the operator's ledger, transaction id by
 * transaction id (docs/international-casino.md). The provider's log says what it believes moved
 * money: a DEBIT it was answered for, the CREDIT of a round it settled, a rollback it was answered
 * for; the operator's log holds the money events its wallet journalled. Every id must agree on
 * kind, player, round and amount, and money may move only under ids the provider knows.
 */
import { OPEN_STATUSES, type Round } from '@exch/game-provider';
import { formatPaise, type ProviderTxnFacts, type SqlClient } from '@exch/contracts';

export type TxnKind = 'DEBIT' | 'CREDIT' | 'ROLLBACK';

/** A movement the operator journalled. */
export interface OperatorTxn {
  txnId: string;
  kind: TxnKind;
  playerId: string;
  roundId: string;
  amount: number;
  referenceId: string;
}

export type DifferenceKind =
  /** The provider was answered for (or settled) a movement the operator has no record of. */
  | 'missing-at-operator'
  /** The operator moved money under an id the provider does not believe moved anything. */
  | 'unknown-to-provider'
  /** Both know the id but disagree on its kind, player, round or amount. */
  | 'mismatch'
  /** The reference the provider was given is not the operator's. */
  | 'reference';

export interface Difference {
  kind: DifferenceKind;
  txnId: string;
  roundId: string;
  message: string;
}

export interface ReconcileReport {
  rounds: number;
  /** Rounds still open at the provider: their ids are not compared until they close. */
  open: string[];
  operatorTxns: number;
  differences: Difference[];
}

const KIND: Record<string, TxnKind> = {
  ProviderDebited: 'DEBIT',
  ProviderCredited: 'CREDIT',
  ProviderRolledBack: 'ROLLBACK',
};

/** The operator's money events of one provider, from the log itself (not a read model). */
export async function readOperatorTxns(sql: SqlClient, provider: string): Promise<OperatorTxn[]> {
  const { rows } = await sql.query<{ type: string; data: ProviderTxnFacts }>(
    `select type, data from events where type = any($1::text[]) and data->>'provider' = $2 order by position`,
    [Object.keys(KIND), provider],
  );
  return rows.map(({ type, data: d }) => ({
    txnId: d.txnId,
    kind: KIND[type]!,
    playerId: d.userId,
    roundId: d.roundId,
    amount: Number(d.amount),
    referenceId: d.referenceId,
  }));
}

/**
 * What a closed round says moved, by id. A stake given back was taken first (the wallet gives back
 * only a DEBIT it took), even when the DEBIT's own answer was lost; a void round (its rollback found
 * no DEBIT) moved nothing.
 */
function expected(round: Round): { txnId: string; kind: TxnKind; amount: number }[] {
  const debit = { txnId: round.debitTxnId, kind: 'DEBIT' as const, amount: round.stake };
  switch (round.status) {
    case 'settled':
      return [debit, { txnId: round.creditTxnId!, kind: 'CREDIT', amount: round.win! }];
    case 'rolled-back':
      return [debit, { txnId: round.rollbackTxnId!, kind: 'ROLLBACK', amount: round.stake }];
    case 'attention':
      return [debit];
    default:
      return [];
  }
}

export function reconcile(rounds: Map<string, Round>, operator: OperatorTxn[]): ReconcileReport {
  const differences: Difference[] = [];
  const byId = new Map(operator.map((t) => [t.txnId, t]));
  const open = [...rounds.values()].filter((r) => OPEN_STATUSES.has(r.status)).map((r) => r.roundId);
  const openIds = new Set(open);
  const known = new Set<string>();
  const money = (paise: number) => `₹${formatPaise(paise)}`;

  for (const round of rounds.values()) {
    // An open round's calls may or may not have reached the wallet yet: none of its ids is compared.
    if (openIds.has(round.roundId)) {
      for (const id of [round.debitTxnId, round.creditTxnId, round.rollbackTxnId]) if (id !== null) known.add(id);
      continue;
    }
    for (const m of expected(round)) {
      known.add(m.txnId);
      const t = byId.get(m.txnId);
      if (!t) {
        differences.push({
          kind: 'missing-at-operator',
          txnId: m.txnId,
          roundId: round.roundId,
          message: `round ${round.roundId}: the provider's ${m.kind} ${m.txnId} of ${money(m.amount)} is not in the operator's ledger`,
        });
        continue;
      }
      const wrong = [
        t.kind !== m.kind && `kind ${t.kind} (provider: ${m.kind})`,
        t.amount !== m.amount && `amount ${money(t.amount)} (provider: ${money(m.amount)})`,
        t.playerId !== round.playerId && `player ${t.playerId} (provider: ${round.playerId})`,
        t.roundId !== round.roundId && `round ${t.roundId}`,
      ].filter((w): w is string => typeof w === 'string');
      if (wrong.length > 0)
        differences.push({
          kind: 'mismatch',
          txnId: m.txnId,
          roundId: round.roundId,
          message: `round ${round.roundId}: ${m.txnId} at the operator has ${wrong.join(', ')}`,
        });
      else if (round.references[m.txnId] !== undefined && round.references[m.txnId] !== t.referenceId) {
        differences.push({
          kind: 'reference',
          txnId: m.txnId,
          roundId: round.roundId,
          message: `round ${round.roundId}: ${m.txnId} was answered with reference ${round.references[m.txnId]}, the operator's is ${t.referenceId}`,
        });
      }
    }
  }
  for (const t of operator) {
    if (known.has(t.txnId)) continue;
    const round = rounds.get(t.roundId);
    const why = round
      ? `the provider's round ${t.roundId} is ${round.status}: it did not move money under this id`
      : `the provider has no round ${t.roundId}`;
    differences.push({
      kind: 'unknown-to-provider',
      txnId: t.txnId,
      roundId: t.roundId,
      message: `${t.kind} ${t.txnId} of ${money(t.amount)} for ${t.playerId} moved at the operator, but ${why}`,
    });
  }
  return { rounds: rounds.size, open, operatorTxns: operator.length, differences };
}

/** The verdict line, then the differences (at most `list`), then the open rounds. */
export function formatReconcile(r: ReconcileReport, list = 50): string[] {
  const stats = `${r.rounds} rounds at the provider (${r.open.length} open), ${r.operatorTxns} money transactions at the operator`;
  const lines = [
    r.differences.length === 0
      ? `reconcile OK: ${stats}, 0 differences`
      : `reconcile FAILED: ${r.differences.length} difference${r.differences.length === 1 ? '' : 's'} (${stats})`,
  ];
  for (const d of r.differences.slice(0, list)) lines.push(`  ${d.kind}: ${d.message}`);
  if (r.differences.length > list) lines.push(`  ... and ${r.differences.length - list} more`);
  if (r.open.length > 0)
    lines.push(
      `  open at the provider (not compared until they close): ${r.open.slice(0, 20).join(', ')}${r.open.length > 20 ? ' ...' : ''}`,
    );
  return lines;
}

import type { WalletStatus } from '@exch/contracts';
import { JsonlFile } from './jsonl.js';

/**
 * The game server's own round log (rounds.jsonl in its data folder): every round's steps, each
 * written before the wallet call it announces (so a restart knows which calls may have reached the
 * operator) and after each answer. `npm run casino:reconcile` reads it against the operator's ledger.
 */
export type RoundRecord = { roundId: string; at: string } & (
  | {
      kind: 'open';
      gameId: string;
      playerId: string;
      walletSessionId: string;
      stake: number;
      bet: unknown;
      debitTxnId: string;
    }
  | { kind: 'debited'; referenceId: string; balance: number }
  | { kind: 'debit-refused'; status: WalletStatus | string; message: string }
  | { kind: 'outcome'; outcome: unknown; win: number; creditTxnId: string }
  | { kind: 'credited'; referenceId: string; balance: number }
  | { kind: 'credit-refused'; status: WalletStatus | string; message: string }
  | { kind: 'rollback'; rollbackTxnId: string; reason: string }
  | { kind: 'rolled-back'; referenceId: string; balance: number }
  | { kind: 'rollback-refused'; status: WalletStatus | string; message: string }
);

/** Where a round stands. The first four are open: the wallet may or may not have acted on the call in flight. */
export type RoundStatus =
  | 'debiting'
  | 'playing'
  | 'crediting'
  | 'rolling-back'
  | 'settled'
  | 'rolled-back'
  | 'refused'
  | 'void'
  | 'attention';
export const OPEN_STATUSES: ReadonlySet<RoundStatus> = new Set(['debiting', 'playing', 'crediting', 'rolling-back']);

export interface Round {
  roundId: string;
  gameId: string;
  playerId: string;
  walletSessionId: string;
  stake: number;
  bet: unknown;
  debitTxnId: string;
  openedAt: string;
  status: RoundStatus;
  outcome: unknown;
  win: number | null;
  creditTxnId: string | null;
  rollbackTxnId: string | null;
  /** The operator's reference of each call it answered, by txn id. */
  references: Record<string, string>;
  /** The last balance the wallet answered. */
  balance: number | null;
  /** Why a round was refused, voided or needs a person. */
  note: string | null;
}

export const ROUNDS_FILE = 'rounds.jsonl';

/** Folds one record into the rounds (in place). */
export function foldRound(rounds: Map<string, Round>, r: RoundRecord): Round | undefined {
  if (r.kind === 'open') {
    const round: Round = {
      roundId: r.roundId,
      gameId: r.gameId,
      playerId: r.playerId,
      walletSessionId: r.walletSessionId,
      stake: r.stake,
      bet: r.bet,
      debitTxnId: r.debitTxnId,
      openedAt: r.at,
      status: 'debiting',
      outcome: null,
      win: null,
      creditTxnId: null,
      rollbackTxnId: null,
      references: {},
      balance: null,
      note: null,
    };
    rounds.set(r.roundId, round);
    return round;
  }
  const round = rounds.get(r.roundId);
  if (!round) return undefined;
  switch (r.kind) {
    case 'debited':
      Object.assign(round, { status: 'playing', balance: r.balance });
      round.references[round.debitTxnId] = r.referenceId;
      break;
    case 'debit-refused':
      Object.assign(round, { status: 'refused', note: `${r.status}: ${r.message}` });
      break;
    case 'outcome':
      Object.assign(round, { status: 'crediting', outcome: r.outcome, win: r.win, creditTxnId: r.creditTxnId });
      break;
    case 'credited':
      Object.assign(round, { status: 'settled', balance: r.balance });
      round.references[round.creditTxnId!] = r.referenceId;
      break;
    case 'credit-refused':
      // Refused because a cancellation's rollback won the race: the round stays rolled back.
      if (round.status !== 'rolled-back')
        Object.assign(round, { status: 'attention', note: `credit refused: ${r.status}: ${r.message}` });
      break;
    case 'rollback':
      Object.assign(round, { status: 'rolling-back', rollbackTxnId: r.rollbackTxnId, note: r.reason });
      break;
    case 'rolled-back':
      Object.assign(round, { status: 'rolled-back', balance: r.balance });
      round.references[round.rollbackTxnId!] = r.referenceId;
      break;
    case 'rollback-refused':
      // Refused because the round's CREDIT won the race: it stays settled. Otherwise the operator
      // never took the stake (its DEBIT never arrived): the round is void.
      if (round.status !== 'settled')
        Object.assign(round, { status: 'void', note: `rollback refused: ${r.status}: ${r.message}` });
      break;
  }
  return round;
}

export class RoundLog {
  readonly rounds: Map<string, Round>;
  private readonly file: JsonlFile<RoundRecord> | null;

  /** `path` null: a log in memory only (demo play, whose rounds move no money). */
  constructor(path: string | null) {
    this.rounds = path === null ? new Map() : readRounds(path);
    this.file = path === null ? null : new JsonlFile<RoundRecord>(path);
  }

  /** Durable first, then folded: a round is never seen in a state its file does not hold. */
  write(record: RoundRecord): Round {
    this.file?.append(record);
    return foldRound(this.rounds, record)!;
  }

  open(): Round[] {
    return [...this.rounds.values()].filter((r) => OPEN_STATUSES.has(r.status));
  }

  close(): void {
    this.file?.close();
  }
}

/** Reads a round log without writing to it (reconciliation). */
export function readRounds(path: string): Map<string, Round> {
  const rounds = new Map<string, Round>();
  for (const r of JsonlFile.read<RoundRecord>(path)) foldRound(rounds, r);
  return rounds;
}

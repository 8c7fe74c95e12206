import { randomBytes } from 'node:crypto';
import type { OperatorWallet } from '@exch/contracts';
import type { Logger } from 'pino';
import { OPEN_STATUSES, type RoundLog, type Round } from './round-log.js';
import { WalletRefused } from './wallet-client.js';

/** A player's round refused or failed: the message is for the player. */
export class PlayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface PlayOutcome<O> {
  round: Round;
  outcome: O;
  win: number;
  /** The balance the wallet last answered (paise). */
  balance: number | null;
  /** The win is decided but the wallet has not confirmed it yet: it is paid when it answers. */
  winPending: boolean;
}

const now = () => new Date().toISOString();
const newRoundId = (gameId: string) =>
  `${gameId.slice(0, 3)}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;

/**
 * Plays rounds against the operator's wallet and drives every open round to a close. The order is
 * what makes it safe: each step is written to the round log before its wallet call, so after any
 * crash the log says which call may have reached the operator.
 *
 * - DEBIT refused: the round is refused, nothing was taken.
 * - DEBIT unanswered (every retry timed out): the stake is rolled back (the wallet answers "not found"
 *   if the DEBIT never arrived, and refuses that DEBIT if it arrives late); the player sees no result.
 * - CREDIT unanswered: retried with the same txnId until the wallet answers; the player sees the
 *   result with the win marked pending.
 * - On restart (recover): a round that was debiting or had its stake but no outcome is rolled back
 *   (no result was ever shown); one whose outcome was decided is credited; a rollback is resent.
 */
export class RoundRunner {
  /** Rounds a play() call is driving right now: recovery leaves them alone. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly log: RoundLog,
    private readonly wallet: OperatorWallet,
    private readonly logger: Logger,
  ) {}

  async play<B, O>(p: {
    gameId: string;
    playerId: string;
    walletSessionId: string;
    stake: number;
    bet: B;
    decide: () => { outcome: O; win: number };
  }): Promise<PlayOutcome<O>> {
    const roundId = newRoundId(p.gameId);
    this.inFlight.add(roundId);
    try {
      let round = this.log.write({
        kind: 'open',
        roundId,
        at: now(),
        gameId: p.gameId,
        playerId: p.playerId,
        walletSessionId: p.walletSessionId,
        stake: p.stake,
        bet: p.bet,
        debitTxnId: `${roundId}-D`,
      });
      try {
        const r = await this.wallet.transaction({
          txnType: 'DEBIT',
          txnId: round.debitTxnId,
          playerId: p.playerId,
          roundId,
          gameId: p.gameId,
          amount: p.stake,
          currency: 'INR',
          walletSessionId: p.walletSessionId,
        });
        round = this.log.write({ kind: 'debited', roundId, at: now(), referenceId: r.referenceId, balance: r.balance });
      } catch (err) {
        if (err instanceof WalletRefused) {
          this.log.write({ kind: 'debit-refused', roundId, at: now(), status: err.status, message: err.message });
          throw new PlayError(
            err.status === 'ACCOUNT_BLOCKED' ? 403 : 400,
            err.status === 'INSUFFICIENT_FUNDS' ? 'Insufficient balance' : err.message,
            err.status,
          );
        }
        const back = await this.rollback(round, 'the DEBIT was not answered');
        throw new PlayError(
          503,
          back
            ? 'The wallet did not answer in time: the round was cancelled and nothing was taken'
            : 'The wallet did not answer in time: the round was cancelled and any stake will be returned',
          'WALLET_UNAVAILABLE',
        );
      }
      const { outcome, win } = p.decide();
      round = this.log.write({ kind: 'outcome', roundId, at: now(), outcome, win, creditTxnId: `${roundId}-C` });
      const paid = await this.credit(round);
      return { round, outcome, win, balance: this.log.rounds.get(roundId)!.balance, winPending: !paid };
    } finally {
      this.inFlight.delete(roundId);
    }
  }

  /** Drives every open round that no play() is driving to a close; true when none is left open. */
  async recover(): Promise<boolean> {
    for (const round of this.log.open()) {
      if (this.inFlight.has(round.roundId)) continue;
      this.inFlight.add(round.roundId);
      try {
        if (round.status === 'crediting') await this.credit(round);
        else
          await this.rollback(
            round,
            round.status === 'rolling-back'
              ? (round.note ?? 'resent')
              : `recovered while ${round.status}: no result was shown`,
          );
      } finally {
        this.inFlight.delete(round.roundId);
      }
    }
    return this.log.open().length === 0;
  }

  /**
   * A person at the provider cancels a round that is stuck (its CREDIT unanswered, say): its stake is
   * rolled back, whatever else is in flight. If the round's CREDIT reaches the wallet first, the
   * wallet refuses the rollback and the round stays settled; if the rollback is first, the CREDIT is
   * refused. Exactly one of them moves money.
   */
  async cancel(roundId: string): Promise<Round | null> {
    const round = this.log.rounds.get(roundId);
    if (!round || !OPEN_STATUSES.has(round.status)) return null;
    await this.rollback(round, 'cancelled by the provider');
    return round;
  }

  /** CREDIT the round's decided win (0 closes a lost round); true once the wallet confirmed it. */
  private async credit(round: Round): Promise<boolean> {
    try {
      const r = await this.wallet.transaction({
        txnType: 'CREDIT',
        txnId: round.creditTxnId!,
        playerId: round.playerId,
        roundId: round.roundId,
        gameId: round.gameId,
        amount: round.win!,
        currency: 'INR',
      });
      this.log.write({
        kind: 'credited',
        roundId: round.roundId,
        at: now(),
        referenceId: r.referenceId,
        balance: r.balance,
      });
      return true;
    } catch (err) {
      if (err instanceof WalletRefused) {
        this.logger.error(
          { roundId: round.roundId, status: err.status, message: err.message },
          'CREDIT refused: the round needs a person',
        );
        this.log.write({
          kind: 'credit-refused',
          roundId: round.roundId,
          at: now(),
          status: err.status,
          message: err.message,
        });
        return false;
      }
      this.logger.warn({ roundId: round.roundId }, 'CREDIT unanswered; it is resent until the wallet answers');
      return false;
    }
  }

  /** Gives the round's stake back (once announced, always with the same txnId); true once the wallet answered. */
  private async rollback(round: Round, reason: string): Promise<boolean> {
    if (round.rollbackTxnId === null)
      round = this.log.write({
        kind: 'rollback',
        roundId: round.roundId,
        at: now(),
        rollbackTxnId: `${round.roundId}-R`,
        reason,
      });
    try {
      const r = await this.wallet.rollback({
        txnId: round.rollbackTxnId!,
        betId: round.debitTxnId,
        playerId: round.playerId,
        roundId: round.roundId,
        gameId: round.gameId,
        amount: round.stake,
        currency: 'INR',
      });
      this.log.write({
        kind: 'rolled-back',
        roundId: round.roundId,
        at: now(),
        referenceId: r.referenceId,
        balance: r.balance,
      });
      return true;
    } catch (err) {
      if (err instanceof WalletRefused) {
        this.log.write({
          kind: 'rollback-refused',
          roundId: round.roundId,
          at: now(),
          status: err.status,
          message: err.message,
        });
        return true;
      }
      this.logger.warn({ roundId: round.roundId }, 'rollback unanswered; it is resent until the wallet answers');
      return false;
    }
  }
}

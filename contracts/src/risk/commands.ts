import type { Paise } from '../money.js';

/** A back-office login: the stake from which its downline's bets count as big on the tape and the risk desk (0: none). */
export interface SetBigBetThreshold {
  type: 'SetBigBetThreshold';
  amount: Paise;
}

/** A back-office login watches an account of its downline (its bets marked, the watcher told), or stops. */
export interface SetWatch {
  type: 'SetWatch';
  userId: string;
  watched: boolean;
}

export type RiskCommand = SetBigBetThreshold | SetWatch;

import type { Paise } from '../money.js';

export interface BigBetThresholdSet {
  /** The back-office login whose threshold it is. */
  userId: string;
  amount: Paise;
}

export interface WatchSet {
  /** The back-office login watching. */
  watcherId: string;
  userId: string;
  watched: boolean;
}

export interface RiskEventData {
  BigBetThresholdSet: BigBetThresholdSet;
  WatchSet: WatchSet;
}

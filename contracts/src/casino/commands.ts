import type { Paise } from '../money.js';

/**
 * The casino's commands. All but the bet and the admin's status are the system's (actor null):
 * the dealer (services/server/src/casino/dealer.ts) sends them on its timer.
 */

/** Lists the engine's tables that are new or changed since they were last listed. */
export interface SyncCasinoTables {
  type: 'SyncCasinoTables';
}

export interface SetCasinoTableStatus {
  type: 'SetCasinoTableStatus';
  tableCode: string;
  suspended: boolean;
}

/** Opens a round: the round id comes from the envelope's time; the seed stays with the dealer, only its commitment is sent. */
export interface OpenCasinoRound {
  type: 'OpenCasinoRound';
  tableCode: string;
  commitment: string;
  bettingMs: number;
}

export interface PlaceCasinoBet {
  type: 'PlaceCasinoBet';
  betId: string;
  tableCode: string;
  mid: string;
  sid: number;
  /** The card ranks (1-13) the bet names, on a market that takes them (3 Cards Judgement); else absent. */
  ranks?: number[];
  /** Hundredths, as the player saw them: refused if the table's differ. */
  odds: number;
  stake: Paise;
  referenceId: string;
}

export interface CloseCasinoBetting {
  type: 'CloseCasinoBetting';
  tableCode: string;
  mid: string;
}

/** Deals the round from its server seed, which must match the commitment published when it opened. */
export interface DealCasinoRound {
  type: 'DealCasinoRound';
  tableCode: string;
  mid: string;
  serverSeed: string;
}

export interface RevealCasinoCard {
  type: 'RevealCasinoCard';
  tableCode: string;
  mid: string;
}

/** Declares the result once every card is face up, and settles every bet. */
export interface SettleCasinoRound {
  type: 'SettleCasinoRound';
  tableCode: string;
  mid: string;
}

export interface VoidCasinoRound {
  type: 'VoidCasinoRound';
  tableCode: string;
  mid: string;
  reason: string;
}

export type CasinoCommand =
  | SyncCasinoTables
  | SetCasinoTableStatus
  | OpenCasinoRound
  | PlaceCasinoBet
  | CloseCasinoBetting
  | DealCasinoRound
  | RevealCasinoCard
  | SettleCasinoRound
  | VoidCasinoRound;

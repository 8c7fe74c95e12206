import type { Posting, UserExposure } from '../ledger.js';
import type { Paise } from '../money.js';

/**
 * The live Indian tables' events (docs/casino.md "Rounds"). Everything of one table (its listing,
 * its status, its rounds and the bets on them) is one stream, `casino-{code}`: a table's events stay
 * in order wherever they are folded.
 */

/** A card as dealt: its code ("10H") and the hand or place it goes to ("Dragon", "A", "Bahar"). */
export interface CasinoCard {
  card: string;
  to: string;
}

export interface CasinoMarketInfo {
  sid: number;
  name: string;
  group: string;
  /** Decimal odds in hundredths, stake included (198 = 1.98). */
  odds: number;
  /** Markets that pay by hand: each hand's odds. */
  payTable?: { hand: string; odds: number }[];
  /** A bet on it names this many different card ranks (3 Cards Judgement's Yes and No). */
  picks?: number;
}

/** A table as the engine deals it; listed again when its definition changes. */
export interface CasinoTableListed {
  tableCode: string;
  name: string;
  category: number;
  midPrefix: string;
  minStake: Paise;
  maxStake: Paise;
  bettingSeconds: number;
  markets: CasinoMarketInfo[];
  /** The unshuffled shoe as card codes in order: what a round's fair shuffle permutes. */
  shoe: string[];
}

/** An admin suspends or activates a table: a suspended table takes no bets and opens no round. */
export interface CasinoTableStatusSet {
  tableCode: string;
  suspended: boolean;
}

/** Betting opens: the round id, the SHA-256 commitment of its server seed, the algorithm, and when betting closes. */
export interface CasinoRoundOpened {
  tableCode: string;
  mid: string;
  commitment: string;
  algorithm: string;
  closesAt: string;
}

export interface CasinoBetPlaced {
  betId: string;
  userId: string;
  tableCode: string;
  mid: string;
  sid: number;
  /** On a market with picks: the ranks (1-13) the bet names, ascending; it is settled on them. */
  ranks?: number[];
  /** The market's name, and on a market with picks its ranks ("Yes 2 cards: A K"). */
  selectionName: string;
  /** Hundredths, the table's price when the bet was taken. */
  odds: number;
  stake: Paise;
  /** The bettor's total exposure after the bet (its liability, the stake, reserved until the round settles). */
  totalExposure: Paise;
  balance: Paise;
  referenceId: string;
}

export interface CasinoBettingClosed {
  tableCode: string;
  mid: string;
  bets: number;
}

/**
 * The deal: the server seed (checked against the commitment) and every card it gives, in reveal
 * order. Betting is closed; read models keep the seed and cards hidden until they are revealed.
 */
export interface CasinoRoundDealt {
  tableCode: string;
  mid: string;
  serverSeed: string;
  cards: CasinoCard[];
}

/** One card turned face up, as a live table deals it. */
export interface CasinoCardRevealed {
  tableCode: string;
  mid: string;
  index: number;
  card: string;
  to: string;
}

export type CasinoOutcome = 'win' | 'lose' | 'push' | 'half-win' | 'half-lose';

/** The result, with the seed revealed: anyone can now check the commitment and re-derive the cards. */
export interface CasinoRoundResulted {
  tableCode: string;
  tableName: string;
  mid: string;
  serverSeed: string;
  commitment: string;
  algorithm: string;
  cards: CasinoCard[];
  code: number;
  winner: string;
  description: string;
  markets: { sid: number; outcome: CasinoOutcome; odds?: number }[];
}

/** Every bet of the round paid or taken, once: wallets against house:casino, exposure released. */
export interface CasinoRoundSettled {
  tableCode: string;
  tableName: string;
  mid: string;
  winner: string;
  /** userId and selectionName: absent in rounds settled before issue 23 (the statement then names no bets). */
  bets: { betId: string; userId?: string; selectionName?: string; outcome: CasinoOutcome; pnl: Paise }[];
  /** A posting per bettor, zero when their bets cancel out (since issue 23), and house:casino's. */
  postings: Posting[];
  exposures: UserExposure[];
}

/** A round that cannot finish (its seed was lost in a crash): every stake returned, no money moves. */
export interface CasinoRoundVoided {
  tableCode: string;
  mid: string;
  reason: string;
  betIds: string[];
  exposures: UserExposure[];
}

export interface CasinoEventData {
  CasinoTableListed: CasinoTableListed;
  CasinoTableStatusSet: CasinoTableStatusSet;
  CasinoRoundOpened: CasinoRoundOpened;
  CasinoBetPlaced: CasinoBetPlaced;
  CasinoBettingClosed: CasinoBettingClosed;
  CasinoRoundDealt: CasinoRoundDealt;
  CasinoCardRevealed: CasinoCardRevealed;
  CasinoRoundResulted: CasinoRoundResulted;
  CasinoRoundSettled: CasinoRoundSettled;
  CasinoRoundVoided: CasinoRoundVoided;
}

export const casinoStream = (tableCode: string): string => `casino-${tableCode}`;

/** The exchange's bet events: placed, matched, cancelled, deleted, voided and reduced; auto cash out; a player's stake buttons and the news line. */
import type { Paise } from '../money.js';
import type { MarketKind } from '../market/feed.js';

export type Side = 'back' | 'lay';
/**
 * What happens to a bet's unmatched stake when its market turns in play (Betfair's persistenceType):
 * LAPSE cancels it at the turn, PERSIST keeps it on the book in play. Only match odds rest unmatched.
 */
export type Persistence = 'LAPSE' | 'PERSIST';

/** One fill of an exchange bet: `price` in hundredths, `size` the backer's stake in paise. */
export interface BetFill {
  price: number;
  size: Paise;
  /** The other player's bet when two players matched each other; null for the feed's liquidity. */
  counterBetId: string | null;
}

export interface BetPlaced {
  betId: string;
  userId: string;
  marketId: string;
  matchId: string;
  kind: MarketKind;
  /** Null for a fancy (the line is the market). */
  selectionId: number | null;
  selectionName: string;
  /** back = Yes for a fancy, lay = No. */
  side: Side;
  /** Match odds: hundredths (1.85 -> 185); bookmaker: the rate (85); fancy: the run line. */
  odds: number;
  /** Fancy rate (profit = volume x stake / 100); null otherwise. */
  volume: number | null;
  stake: Paise;
  fills: BetFill[];
  /** Stake still waiting unmatched at `odds` (match odds only). */
  unmatched: Paise;
  /** Absent on bets placed before issue 24: LAPSE, as every bet then. */
  persistence?: Persistence;
  /**
   * Set on a cash out's hedge: the share of the position it closed and the whole position's value
   * then; `taken`, what the share cashed out pays whichever way the runner goes; `auto` when a rule fired it.
   */
  cashOut?: { percent: number; value: Paise; taken?: { ifWins: Paise; ifLoses: Paise }; auto?: true };
  /** The user's exposure in this market and in total after the bet, and the wallet balance then. */
  marketExposure: Paise;
  totalExposure: Paise;
  balance: Paise;
  referenceId: string;
  /** Arrival order: time priority among resting orders at one price. */
  seq: number;
}

/** A later fill of a resting (unmatched) stake. */
export interface BetMatched {
  betId: string;
  userId: string;
  marketId: string;
  fills: BetFill[];
  unmatched: Paise;
  marketExposure: Paise;
  totalExposure: Paise;
}

/** Unmatched remainder taken off the book: by the player, an admin, or because the market settled. */
export interface BetCancelled {
  betId: string;
  userId: string;
  marketId: string;
  size: Paise;
  by: 'player' | 'admin' | 'lapsed';
  marketExposure: Paise;
  totalExposure: Paise;
}

/** An unsettled bet deleted by an upline (SPEC.md section 5): void, as if never placed. */
export interface BetDeleted {
  betId: string;
  userId: string;
  marketId: string;
  marketExposure: Paise;
  totalExposure: Paise;
}

/** A bet on a removed runner: void whole, as if never placed; its exposure is released. */
export interface BetVoided {
  betId: string;
  userId: string;
  marketId: string;
  reason: 'non-runner';
  marketExposure: Paise;
  totalExposure: Paise;
}

/** A bet's matched prices reduced after non-runners (their factors applied in turn): its fills, each at its new price. */
export interface BetOddsReduced {
  betId: string;
  userId: string;
  marketId: string;
  /** The runners whose removal reduced it. */
  removed: number[];
  fills: { price: number; size: Paise }[];
  marketExposure: Paise;
  totalExposure: Paise;
}

export interface ButtonValue {
  label: string;
  value: number;
}

export interface ButtonValuesSet {
  userId: string;
  sportsButtons: ButtonValue[];
  casinoButtons: ButtonValue[];
  /** Absent when not changed (and on events before issue 24). */
  keepInPlay?: boolean;
}

export interface NewsMessageSet {
  text: string;
}

/**
 * A player's auto cash-out rule on one runner (docs/exchange.md "Cash out"): cash the whole position
 * out once its value reaches the profit target or falls to the loss limit (a loss, in paise).
 */
export interface AutoCashOutSet {
  userId: string;
  marketId: string;
  matchId: string;
  selectionId: number;
  profitTarget: Paise | null;
  lossLimit: Paise | null;
}

/** The rule is gone: the player cleared it, or it fired and cashed out with bet `betId`. */
export interface AutoCashOutCleared {
  userId: string;
  marketId: string;
  selectionId: number;
  reason: 'player' | 'fired';
  betId: string | null;
}

/** Bet events by type (contracts/src/events.ts joins every domain's). */
export interface BetEventData {
  BetPlaced: BetPlaced;
  BetMatched: BetMatched;
  BetCancelled: BetCancelled;
  BetDeleted: BetDeleted;
  BetVoided: BetVoided;
  BetOddsReduced: BetOddsReduced;
  ButtonValuesSet: ButtonValuesSet;
  NewsMessageSet: NewsMessageSet;
  AutoCashOutSet: AutoCashOutSet;
  AutoCashOutCleared: AutoCashOutCleared;
}

export const betStream = (betId: string): string => `bet-${betId}`;

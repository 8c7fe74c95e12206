import type { Paise } from '../money.js';
import type { BookmakerRunnerUpdate, Catalogue, FancyUpdate, MarketKind, MarketStateUpdate } from '../market/feed.js';
import type { MarketStatus } from '../market/feed.js';
import type { ButtonValue, Persistence, Side } from './events.js';
import type { MarketRemembered, MarketRestored, MatchRemembered } from './memory-events.js';

/** System only (actor null): lists the feed's new matches and markets, and in-play changes. */
export interface SyncCatalogue {
  type: 'SyncCatalogue';
  /** `sports` names the event types outside SPORTS; without it a match of one is listed as `Sport {id}`. */
  catalogue: Pick<Catalogue, 'series' | 'matches' | 'markets'> & Partial<Pick<Catalogue, 'sports'>>;
}

export interface PlaceBet {
  type: 'PlaceBet';
  betId: string;
  marketId: string;
  selectionId: number | null;
  side: Side;
  /** As the player saw it: match odds in hundredths, bookmaker rate, fancy line. */
  odds: number;
  /** Fancy rate as seen; null otherwise. */
  volume: number | null;
  stake: Paise;
  referenceId: string;
  /** At the turn in play: LAPSE (the default) or PERSIST; match odds only, other markets ignore it. */
  persistence?: Persistence;
  /** Set by the engine when it decides the bet again after the in-play delay. */
  delayed?: boolean;
}

/**
 * A player cashes out (a share of) its matched position on one runner of a match-odds market: the
 * engine places the hedge (contracts' cashOutOnLadder) on the ladder now, whole or not at all.
 */
export interface CashOut {
  type: 'CashOut';
  /** The hedge bet's id. */
  betId: string;
  marketId: string;
  selectionId: number;
  /** The share of the position to close, 1 to 100. */
  percent: number;
  /** The whole position's cash-out value the player was shown (paise): a value at least as good fills. */
  value: Paise;
  /** How much below `value` the player accepts if the price moves meanwhile (paise, 0 when absent). */
  tolerance?: Paise;
  referenceId: string;
  /** Set by the engine when it decides the cash out again after the in-play delay. */
  delayed?: boolean;
}

/** A player sets (or, both null, clears) its auto cash-out rule on a runner it holds a position on. */
export interface SetAutoCashOut {
  type: 'SetAutoCashOut';
  marketId: string;
  selectionId: number;
  /** Cash out once the value is at least this (paise, above zero), or null. */
  profitTarget: Paise | null;
  /** Cash out once the value is a loss of at least this (paise, above zero), or null. */
  lossLimit: Paise | null;
}

/**
 * System only: a runner's price moved; the first auto cash-out rule on it that the value now
 * crosses fires, its hedge under `betId` (one per decision, each against the book the one before left).
 */
export interface CheckAutoCashOut {
  type: 'CheckAutoCashOut';
  marketId: string;
  selectionId: number;
  betId: string;
}

/** System only: the feed moved a runner; resting orders its offers now reach are matched. */
export interface MatchResting {
  type: 'MatchResting';
  marketId: string;
  selectionId: number;
}

/**
 * System only: a feed's market definition, stamped at the edge (services/server/src/feed.ts) so what
 * it changes (status, delay, a runner removed, a proposed result) enters the log and replays alike.
 */
export interface ApplyFeedMarketState {
  type: 'ApplyFeedMarketState';
  update: MarketStateUpdate;
}

/** Settles a market on the result its feed proposed: the system after FEED_SETTLE_DELAY_MS, or an admin's click. */
export interface ConfirmFeedResult {
  type: 'ConfirmFeedResult';
  marketId: string;
}

export interface CancelBet {
  type: 'CancelBet';
  betId: string;
}

export interface DeleteBets {
  type: 'DeleteBets';
  betIds: string[];
}

export interface SetMarketSettings {
  type: 'SetMarketSettings';
  marketId: string;
  minStake: Paise;
  maxStake: Paise;
  betDelaySec: number;
  commissionBp: number;
}

export interface SetMarketStatus {
  type: 'SetMarketStatus';
  marketId: string;
  status: MarketStatus;
}

export interface SettleMarket {
  type: 'SettleMarket';
  marketId: string;
  /** Winner of a match odds or bookmaker market. */
  selectionId: number | null;
  /** Every placed runner of a market paying several winners (a place market), instead of `selectionId`. */
  selectionIds?: number[] | null;
  /** Runs of a fancy. */
  runs: number | null;
}

export interface VoidMarket {
  type: 'VoidMarket';
  marketId: string;
}

export interface RevokeResult {
  type: 'RevokeResult';
  marketId: string;
}

/**
 * The engine's own, once a minute: what keeps its state bounded by what can still change. Markets
 * whose result was declared before `settledBefore` (the revoke window) are archived; the third-party
 * casino's idempotency window turns when it last turned before `providerTurnBefore`, and the payments
 * window when it last turned before `paymentsTurnBefore`; a feed's result
 * waiting since before `confirmProposedBefore` is settled, so a restart during its delay loses nothing.
 */
export interface Housekeep {
  type: 'Housekeep';
  settledBefore: string;
  /** Archived markets whose result was declared before this leave the state, summaries and all (MarketForgotten). */
  forgetBefore: string;
  providerTurnBefore: string;
  paymentsTurnBefore: string;
  /** A feed's result proposed before this settles now (FEED_SETTLE_DELAY_MS); null: admins confirm them. */
  confirmProposedBefore: string | null;
}

/** The engine's own: an archived market's bets and settlement as read back from the log (MarketRestored). */
export interface RestoreMarket {
  type: 'RestoreMarket';
  restored: MarketRestored;
}

/** The engine's own: a forgotten market's summary as read back from the log (MarketRemembered). */
export interface RememberMarket {
  type: 'RememberMarket';
  remembered: MarketRemembered;
}

/** The engine's own: a forgotten match as read back from the log (MatchRemembered). */
export interface RememberMatch {
  type: 'RememberMatch';
  remembered: MatchRemembered;
}

export interface SetMarketLock {
  type: 'SetMarketLock';
  userId: string;
  matchId: string;
  marketKind: MarketKind | null;
  marketId: string | null;
  locked: boolean;
}

/** Admin: a bookmaker runner's rates or a fancy's No/Yes line by hand (the feed is then ignored for the market). */
export interface SetHousePrice {
  type: 'SetHousePrice';
  price: BookmakerRunnerUpdate | FancyUpdate;
}

export interface ClearHousePrice {
  type: 'ClearHousePrice';
  marketId: string;
}

export interface SetButtonValues {
  type: 'SetButtonValues';
  sportsButtons: ButtonValue[];
  casinoButtons: ButtonValue[];
  /** The slip's default persistence; left out, the saved one stays. */
  keepInPlay?: boolean;
}

export interface SetNewsMessage {
  type: 'SetNewsMessage';
  text: string;
}

export type BettingCommand =
  | SyncCatalogue
  | PlaceBet
  | CashOut
  | SetAutoCashOut
  | CheckAutoCashOut
  | MatchResting
  | ApplyFeedMarketState
  | ConfirmFeedResult
  | CancelBet
  | DeleteBets
  | SetMarketSettings
  | SetMarketStatus
  | SettleMarket
  | VoidMarket
  | RevokeResult
  | Housekeep
  | RestoreMarket
  | RememberMarket
  | RememberMatch
  | SetMarketLock
  | SetHousePrice
  | ClearHousePrice
  | SetButtonValues
  | SetNewsMessage;

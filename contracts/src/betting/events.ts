import type { Posting, UserExposure } from '../ledger.js';
import type { Paise } from '../money.js';
import type {
  BookmakerRunnerUpdate,
  FancyType,
  FancyUpdate,
  MarketKind,
  MarketStatus,
  SportId,
} from '../market/feed.js';

export type Side = 'back' | 'lay';
/** Admin-set market status; a runner's own ACTIVE / SUSPENDED / Ball Running comes from the feed. */

export interface MatchListed {
  matchId: string;
  sportId: SportId;
  sportName: string;
  seriesId: string;
  seriesName: string;
  name: string;
  startTime: string;
  inPlay: boolean;
}

/** The feed names a listed match anew: a later market definition or a catalogue names it (or its series) otherwise. */
export interface MatchRenamed {
  matchId: string;
  name: string;
  seriesName: string;
}

/** The feed names a listed market or its runners anew; the runners keep their selection ids and order. */
export interface MarketRenamed {
  marketId: string;
  name: string;
  runners: { selectionId: number; name: string }[];
}

export interface MatchInPlaySet {
  matchId: string;
  inPlay: boolean;
}

export interface MarketListed {
  marketId: string;
  matchId: string;
  sportId: SportId;
  kind: MarketKind;
  name: string;
  fancyType: FancyType | null;
  runners: { selectionId: number; name: string }[];
  minStake: Paise;
  maxStake: Paise;
  /** In-play delay before a bet is decided, seconds. */
  betDelaySec: number;
  /** Commission on a user's net winnings in the market, basis points. */
  commissionBp: number;
  /** The feed that listed it (absent in older logs and for the simulator's). */
  source?: MarketSource;
}

export interface MarketSettingsSet {
  marketId: string;
  minStake: Paise;
  maxStake: Paise;
  betDelaySec: number;
  commissionBp: number;
}

export interface MarketStatusSet {
  marketId: string;
  status: MarketStatus;
}

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

/**
 * A runner market's winner (`selectionIds` lists every winner of a market paying several, e.g. a
 * place market, `selectionId` being the first of them), or a fancy's runs.
 */
export type MarketResult =
  | { selectionId: number; selectionIds?: number[]; runs?: undefined }
  | { runs: number; selectionId?: undefined; selectionIds?: undefined };

export interface SettledUser {
  userId: string;
  /** Net P&L of the user's bets in the market before commission. */
  pnl: Paise;
  commission: Paise;
}

export interface MarketSettled {
  marketId: string;
  matchId: string;
  /** The settling command's id: a revoke names the settlement it reverses. */
  settlementId: string;
  result: MarketResult;
  /** Every unsettled bet of the market; `lapsed` is unmatched stake taken off the book. */
  bets: { betId: string; userId: string; outcome: 'won' | 'lost' | 'void'; pnl: Paise; lapsed: Paise }[];
  users: SettledUser[];
  /** wallet:{user} against house:pnl and house:commission; sums to zero. */
  postings: Posting[];
  /** Each bettor's total exposure once this market's is released. */
  exposures: UserExposure[];
  /** When the result was declared (the command's time): the revoke window runs from here. Absent in older logs. */
  settledAt?: string;
}

export interface MarketVoided {
  marketId: string;
  matchId: string;
  settlementId: string;
  betIds: string[];
  exposures: UserExposure[];
  /** As MarketSettled's. */
  settledAt?: string;
}

/**
 * A settled market's revoke window has passed: its bets leave the engine's state, which keeps a
 * summary of the market (docs/exchange.md "Archived markets"). The log still holds every event.
 */
export interface MarketArchived {
  marketId: string;
  matchId: string;
  /** The bets that leave the state. */
  betIds: string[];
}

/**
 * An archived market's summary has left the state too, its result older than the engine's memory
 * (MARKET_MEMORY_DAYS): the state no longer grows with the markets ever listed. A command that
 * names it later has it read back from the log first (MarketRemembered).
 */
export interface MarketForgotten {
  marketId: string;
  matchId: string;
}

/**
 * What the engine keeps of a market besides its bets and positions (services/engine's MarketState
 * adds them), and all it keeps once archived: what a late command is refused with, and what a
 * revoke's read-back needs. MarketRemembered carries it back from the log, so it lives here.
 */
export interface MarketSummary extends Omit<MarketListed, 'sportId' | 'source'> {
  /** ACTIVE / SUSPENDED / CLOSED as set by an admin; SETTLED or VOID once a result is declared. */
  status: 'ACTIVE' | 'SUSPENDED' | 'CLOSED' | 'SETTLED' | 'VOID';
  /** Bookmaker or fancy priced by hand: bets take the house's price, not the feed's. */
  manual?: boolean;
  /** What its feed's market definition last said; absent for a feed that sends none. */
  feed?: FeedMarketStateSet;
  /** Winners the feed proposed on closing the market, waiting for confirmation. */
  proposed?: number[];
  /** When its result was declared (null while none is, and for results declared before this was kept). */
  settledAt: string | null;
  /** An archived summary's settlement: which, and whether a void (its postings come back with a read-back). */
  settlement: { settlementId: string; void: boolean } | null;
}

/**
 * A forgotten market read back from the log for a command that names it: its summary again, as the
 * fold of its events gives it, and its own stream's last version, so the single writer goes on
 * after it. Journalled on MARKET_MEMORY_STREAM, whose version the engine always holds. Moves no money.
 */
export interface MarketRemembered {
  marketId: string;
  matchId: string;
  summary: MarketSummary;
  /** The last version of the market's own stream in the log. */
  version: number;
}

/** The match's markets have all been forgotten, so the match leaves the state too (MatchRemembered brings it back). */
export interface MatchForgotten {
  matchId: string;
}

/**
 * A forgotten match read back from the log for a command that names it or one of its markets: the
 * match as its events leave it, and its stream's last version. Journalled on MARKET_MEMORY_STREAM.
 */
export interface MatchRemembered {
  match: { matchId: string; sportId: SportId; name: string; seriesName?: string; inPlay: boolean };
  /** The last version of the match's stream in the log. */
  version: number;
}

/** A bet as the engine holds it, carried by MarketRestored. */
export interface RestoredBet {
  betId: string;
  userId: string;
  marketId: string;
  kind: MarketKind;
  selectionId: number | null;
  side: Side;
  odds: number;
  volume: number | null;
  stake: Paise;
  /** Matched parts: match odds at each fill's price; bookmaker and fancy one fill at the bet's own rate. */
  fills: { price: number; size: Paise }[];
  unmatched: Paise;
  persistence: Persistence;
  /** Arrival order: time priority among resting orders at one price. */
  seq: number;
  status: 'open' | 'settled' | 'deleted';
}

/**
 * An archived market read back from the log for a decision that needs its bets (a revoke after
 * the window): the market's bets and settlement as the log's fold gives them, so the decision and
 * a replay see the same state. Moves no money.
 */
export interface MarketRestored {
  marketId: string;
  matchId: string;
  bets: RestoredBet[];
  settlement: { settlementId: string; void: boolean; postings: Posting[]; betIds: string[] };
  /** The last version of each bet stream, so the single writer goes on writing after it. */
  streamVersions: Record<string, number>;
}

export interface ResultRevoked {
  marketId: string;
  matchId: string;
  settlementId: string;
  /** The exact reverse of the settlement's postings (none for a void). */
  postings: Posting[];
  /** The bets that return to pending (matched stake only; lapsed stake stays off the book). */
  betIds: string[];
  exposures: UserExposure[];
}

/** Where a market's prices and state come from, shown to operators. */
export type MarketSource = 'betfair' | 'simulator';

/** What a feed's market definition says that decides bets: its status, in-play delay and number of winners. */
export interface FeedMarketStateSet {
  marketId: string;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  /** Seconds; the delay a bet waits in play is the larger of this and the market's own setting. */
  betDelaySec: number;
  numberOfWinners: number;
  source: MarketSource;
}

/**
 * A runner withdrawn (a non-runner, docs/exchange.md): it leaves the market. Its bets are voided and
 * the matched prices of the others reduced by `adjustmentFactorBp` by the bet events that follow.
 */
export interface RunnerRemoved {
  marketId: string;
  matchId: string;
  selectionId: number;
  /** The runner's reduction factor in hundredths of a percent (23.5% -> 2350). */
  adjustmentFactorBp: number;
  /** As the feed gives it, ISO 8601 UTC; null when it gives none. */
  removedAt: string | null;
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

/** The feed closed the market with these winners: settled after FEED_SETTLE_DELAY_MS or an admin's confirmation. */
export interface ResultProposed {
  marketId: string;
  matchId: string;
  selectionIds: number[];
  /** The definition's command time: the settle delay runs from here (absent in older logs). */
  proposedAt?: string;
}

export interface MarketLockSet {
  userId: string;
  matchId: string;
  /** Null: every market of the match. */
  marketKind: MarketKind | null;
  /** Null: every market of the kind. */
  marketId: string | null;
  locked: boolean;
  /** A lock's owner, who set it (docs/risk.md "Locks have an owner"); absent when none is recorded. */
  setBy?: string;
}

/** An admin sets a bookmaker runner's rates or a fancy's line by hand: the market follows the house, not the feed. */
export interface HousePriceSet {
  marketId: string;
  price: BookmakerRunnerUpdate | FancyUpdate;
}

/** The market follows the feed again. */
export interface HousePriceCleared {
  marketId: string;
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

export interface BettingEventData {
  MatchListed: MatchListed;
  MatchRenamed: MatchRenamed;
  MatchInPlaySet: MatchInPlaySet;
  MarketListed: MarketListed;
  MarketRenamed: MarketRenamed;
  MarketSettingsSet: MarketSettingsSet;
  MarketStatusSet: MarketStatusSet;
  BetPlaced: BetPlaced;
  BetMatched: BetMatched;
  BetCancelled: BetCancelled;
  BetDeleted: BetDeleted;
  MarketSettled: MarketSettled;
  MarketVoided: MarketVoided;
  ResultRevoked: ResultRevoked;
  MarketArchived: MarketArchived;
  MarketRestored: MarketRestored;
  MarketForgotten: MarketForgotten;
  MarketRemembered: MarketRemembered;
  MatchForgotten: MatchForgotten;
  MatchRemembered: MatchRemembered;
  MarketLockSet: MarketLockSet;
  AutoCashOutSet: AutoCashOutSet;
  AutoCashOutCleared: AutoCashOutCleared;
  FeedMarketStateSet: FeedMarketStateSet;
  RunnerRemoved: RunnerRemoved;
  BetVoided: BetVoided;
  BetOddsReduced: BetOddsReduced;
  ResultProposed: ResultProposed;
  HousePriceSet: HousePriceSet;
  HousePriceCleared: HousePriceCleared;
  ButtonValuesSet: ButtonValuesSet;
  NewsMessageSet: NewsMessageSet;
}

export const HOUSE_PNL_ACCOUNT = 'house:pnl';
export const HOUSE_COMMISSION_ACCOUNT = 'house:commission';

export const matchStream = (matchId: string): string => `match-${matchId}`;
export const marketStream = (marketId: string): string => `market-${marketId}`;
export const betStream = (betId: string): string => `bet-${betId}`;
/** The engine's record of the markets and matches it read back after forgetting them (MarketRemembered, MatchRemembered). */
export const MARKET_MEMORY_STREAM = 'markets-remembered';

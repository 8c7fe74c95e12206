/** A market's and a match's life as the log records it: listed, renamed, set, locked, priced by hand, in play, settled, voided, revoked; what a real feed's definitions decide. */
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

/** Market and match events by type. */
export interface MarketEventData {
  MatchListed: MatchListed;
  MatchRenamed: MatchRenamed;
  MarketRenamed: MarketRenamed;
  MatchInPlaySet: MatchInPlaySet;
  MarketListed: MarketListed;
  MarketSettingsSet: MarketSettingsSet;
  MarketStatusSet: MarketStatusSet;
  MarketSettled: MarketSettled;
  MarketVoided: MarketVoided;
  ResultRevoked: ResultRevoked;
  FeedMarketStateSet: FeedMarketStateSet;
  RunnerRemoved: RunnerRemoved;
  ResultProposed: ResultProposed;
  MarketLockSet: MarketLockSet;
  HousePriceSet: HousePriceSet;
  HousePriceCleared: HousePriceCleared;
}

export const HOUSE_PNL_ACCOUNT = 'house:pnl';
export const HOUSE_COMMISSION_ACCOUNT = 'house:commission';

export const matchStream = (matchId: string): string => `match-${matchId}`;
export const marketStream = (marketId: string): string => `market-${marketId}`;

/** A market's and a match's way out of the engine's memory and back: archived, forgotten, remembered, restored (docs/exchange.md). */
import type { Posting } from '../ledger.js';
import type { Paise } from '../money.js';
import type { MarketKind, SportId } from '../market/feed.js';
import type { Persistence, Side } from './events.js';
import type { FeedMarketStateSet, MarketListed } from './market-events.js';

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

/** The engine's memory events by type. */
export interface MarketMemoryEventData {
  MarketArchived: MarketArchived;
  MarketForgotten: MarketForgotten;
  MarketRemembered: MarketRemembered;
  MatchForgotten: MatchForgotten;
  MatchRemembered: MatchRemembered;
  MarketRestored: MarketRestored;
}

/** The engine's record of the markets and matches it read back after forgetting them (MarketRemembered, MatchRemembered). */
export const MARKET_MEMORY_STREAM = 'markets-remembered';

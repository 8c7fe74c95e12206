import type {
  MarketSummary,
  BookmakerRunnerUpdate,
  FancyUpdate,
  Paise,
  Posting,
  RestoredBet,
  RoleSlug,
  SportId,
} from '@exch/contracts';
import { BetStore } from './betting/bet-store.js';
import type { Level } from './betting/matching.js';
import { Dict, Table } from './dict.js';
import { emptyCasino, type CasinoState } from './casino/state.js';
import { emptyPayments, type PaymentsState } from './payments/state.js';
import { emptyProviderState, type ProviderState } from './provider/state.js';

// The state's own table types, for whoever makes a state again (the snapshot).
export { BetStore };

export interface UserState {
  userId: string;
  username: string;
  role: RoleSlug;
  parentId: string | null;
  creditReference: Paise;
  exposureLimit: Paise;
  accountLocked: boolean;
  betLocked: boolean;
  /** Who set the account lock or the bet lock while it holds (absent: none, or no owner recorded). */
  accountLockedBy?: string;
  betLockedBy?: string;
  totpEnabled: boolean;
}

/** One account's market locks: lock key (betting/locks.ts) -> the account that set it (null: no owner recorded). */
export type MarketLocks = Record<string, string | null>;

export interface MatchState {
  matchId: string;
  sportId: SportId;
  name: string;
  /** Its series' (competition's, race meeting's) name as the catalogue last gave it; absent in a state or event written before it was kept. */
  seriesName?: string;
  inPlay: boolean;
}

export interface Settlement {
  settlementId: string;
  void: boolean;
  postings: Posting[];
  /** The bets it settled (they return to open on a revoke). */
  betIds: string[];
}

/** A market as the engine holds it: its summary (contracts' MarketSummary, what an archived one keeps), its bets and positions. */
export interface MarketState extends Omit<MarketSummary, 'settlement'> {
  settlement: Settlement | null;
  /** Past the revoke window: its bets left the state (betting/archive.ts); a revoke reads them back from the log. */
  archived: boolean;
  /** Every bet placed on it, in order, while it is not archived. */
  betIds: string[];
  /** Each bettor's position here, by user id: found without walking everyone else's bets. */
  positions: Dict<Position>;
}

/**
 * A user's bets in one market, the P&L book of the open ones and their exposure: what every bet,
 * fill and cancel there reads and writes, found with the user id alone (no key built per lookup).
 */
export interface Position {
  /** The user's bets in the market, in order. */
  betIds: string[];
  /** The P&L of the open ones for every outcome (betting/pnl-book.ts); null while none is open. */
  book: PnlBook | null;
  /** The worst outcome of the open ones, as a positive amount. */
  exposure: Paise;
}

/** Cash the position out once its value is at least `profitTarget`, or at most minus `lossLimit` (paise). */
export interface AutoCashOutRule {
  profitTarget: Paise | null;
  lossLimit: Paise | null;
}

/** A bet as the engine holds it: the shape MarketRestored carries back from the log, so it lives in contracts. */
export type BetState = RestoredBet;

/** Players' resting (unmatched) orders on one runner; the feed's liquidity is not state (docs/exchange.md). */
export interface RunnerBook {
  /** Resting backs, taken by layers: best (lowest) first. */
  backs: Level[];
  /** Resting lays, taken by backers: best (highest) first. */
  lays: Level[];
}

/**
 * Everything the engine decides against. Plain objects and Dicts (JSON as objects), so a snapshot is a
 * JSON copy; the tables that grow with the accounts are Tables, which a snapshot writes in slices.
 */
export interface EngineState {
  users: Table<UserState>;
  /** Lower-cased username -> userId, for uniqueness. */
  usernames: Record<string, string>;
  /** Ledger account -> balance in paise. */
  balances: Table<Paise>;
  matches: Record<string, MatchState>;
  markets: Dict<MarketState>;
  /**
   * Markets with a declared result whose bets are still here, by when it was declared (null: before
   * that was kept): what housekeeping looks through, so its work is bounded by the revoke window,
   * not by every market ever listed.
   */
  unarchived: Record<string, string | null>;
  /** Markets whose feed proposed a result not yet settled, by when it was proposed (null: before that was kept). */
  proposals: Record<string, string | null>;
  /** The bets still held (open markets', and settled ones' inside the revoke window), in columns. */
  bets: BetStore;
  /** Per user, the sum of its markets' exposures (MarketState.positions) and its casino stakes. */
  exposure: Table<Paise>;
  /** `${marketId}|${selectionId}` -> resting orders. */
  books: Dict<RunnerBook>;
  /** `${marketId}|${selectionId}` -> userId -> the player's auto cash-out rule there (betting/auto-cash-out.ts). */
  autoCashOut: Record<string, Record<string, AutoCashOutRule>>;
  /** userId -> its market locks, each with the account that set it (betting/locks.ts). */
  marketLocks: Table<MarketLocks>;
  /** Prices set by hand (updateKey -> price), for markets marked manual. */
  housePrices: Record<string, BookmakerRunnerUpdate | FancyUpdate>;
  /** Arrival counter of bets: time priority. */
  seq: number;
  /** Deposit and withdrawal requests, UTRs in use, saved payout accounts, uplines' payment methods. */
  payments: PaymentsState;
  /** Third-party casino wallet transactions and rounds. */
  provider: ProviderState;
  /** The live Indian tables and their rounds under way (casino/state.ts). */
  casino: CasinoState;
  /** Back-office accounts' partnership shares in basis points (accounts/partnership.ts); absent is none. */
  partnership: Record<string, number>;
}

export const emptyState = (): EngineState => ({
  users: new Table(),
  usernames: {},
  balances: new Table(),
  matches: {},
  markets: new Dict(),
  unarchived: {},
  proposals: {},
  bets: new BetStore(),
  exposure: new Table(),
  books: new Dict(),
  autoCashOut: {},
  marketLocks: new Table(),
  housePrices: {},
  seq: 0,
  payments: emptyPayments(),
  provider: emptyProviderState(),
  casino: emptyCasino(),
  partnership: {},
});

export const positionKey = (userId: string, marketId: string): string => `${userId}|${marketId}`;

/** The user's position in the market, made empty first when it has none. */
export function positionIn(market: MarketState, userId: string): Position {
  let position = market.positions.get(userId);
  if (!position) market.positions.set(userId, (position = { betIds: [], book: null, exposure: 0 }));
  return position;
}
export const bookKey = (marketId: string, selectionId: number): string => `${marketId}|${selectionId}`;
export const exposureOfUser = (state: EngineState, userId: string): Paise => state.exposure.get(userId) ?? 0;

export const balanceOf = (state: EngineState, account: string): Paise => state.balances.get(account) ?? 0;

/** True when `ancestorId` is strictly above `userId` in the hierarchy: an upline manages its whole downline. */
export function isAncestor(state: EngineState, ancestorId: string | null, userId: string): boolean {
  if (ancestorId === null) return false;
  for (let u = state.users.get(userId); u?.parentId; u = state.users.get(u.parentId)) {
    if (u.parentId === ancestorId) return true;
  }
  return false;
}

/**
 * A player's profit or loss in one market for every way it can end, kept up to date bet by bet so
 * that exposure never needs the player's open bets again: a fill, a cancel or a settlement changes
 * it in O(runners) (a fancy: O(1), and O(lines) to read), whatever the number of bets.
 *
 * - Runner markets (match odds, bookmaker): `pnl[i]` is the P&L if runner `ids[i]` wins. A back on r
 *   wins on r and loses on every other runner, a lay the mirror; an unmatched part counts only on
 *   its losing side.
 * - A fancy: the P&L as a step function of the runs, `base` below every line plus `steps[line]` from
 *   that line up: a Yes at L loses below L and wins from L, a No the mirror.
 */
export type PnlBook = { open: number } & (
  | {
      kind: 'runners';
      ids: number[];
      pnl: Paise[];
      /**
       * A market paying several winners (a place market): how many, and `none`, the P&L if none of
       * the runners wins. The P&L of a set W of winners is then the sum of pnl[i] over W less
       * (|W| - 1) x none, as each pnl[i] counts `none` once.
       */
      winners?: number;
      none?: Paise;
    }
  | { kind: 'fancy'; base: Paise; steps: Record<string, Paise> }
);

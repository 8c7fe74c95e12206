import type { Paise } from '@exch/contracts';
import { Dict, type Table } from '../dict.js';
import { emptyGeneration, type ProviderGeneration } from '../provider/state.js';
import {
  positionIn,
  positionKey,
  type BetState,
  type EngineState,
  type MarketState,
  type PnlBook,
  type Position,
  type UserState,
} from '../state.js';
import type { Remembered } from './command-window.js';
import type { StreamVersions } from './stream-versions.js';
import type { SummaryTable } from './summaries.js';

/**
 * What every snapshot writes whole: the state without the settled markets still inside the revoke
 * window (each its own part), the live streams' versions and the command ids of the segment still
 * filling. Its size follows what is open, not the history.
 */
export interface SnapshotCore<S = StateJson> {
  /** As written (StateJson); once loaded, the state itself. */
  state: S;
  /** The live streams' versions; empty in a core whose tables are parts of their own (TablePart). */
  versions: Record<string, number>;
  /** The open segment of the command window (every remembered id in a snapshot from before parts). */
  processed: Remembered[];
  /** The open segment's number (absent before parts). */
  commandSegment?: number;
  /** Keys of the parts it is made of (absent before parts). */
  parts?: string[];
}

/**
 * What the snapshot row itself holds: the keys of the core's chunks, in order. The core holds the
 * open markets' bets, megabytes on a busy day: written whole as one row, the embedded database
 * held the event loop for half a second and more (docs/performance.md, "Snapshots in parts"). In
 * chunks, each written in a turn of its own, commands are decided between them.
 */
export interface SnapshotIndex {
  chunks: string[];
}

/** Characters of the core's JSON per chunk; each is saved as a JSON string (a part's body is JSON). */
export const CORE_CHUNK = 128 * 1024;

/**
 * The same position is the same state, and `parts` (a digest of the keys of its parts) the same
 * parts named, so a key is never saved again with other content.
 */
export const coreChunkKey = (position: number, parts: string, chunk: number): string =>
  `core@${position}.${parts}#${chunk}`;

/**
 * The state as a snapshot's core holds it, in the format every version has written: each market
 * with its bets by user, and the positions' P&L books and exposures beside the markets, keyed
 * `user|market`. Only open markets have books and exposures, so these follow what is open.
 */
export type StateJson = Omit<EngineState, 'markets' | 'bets' | AccountTable | 'usernames'> &
  /** Absent from a core whose tables are parts of their own (TablePart); usernames are then made again from the users. */
  Partial<Pick<EngineState, AccountTable | 'usernames'>> & {
    markets: Record<string, MarketJson>;
    /** The open markets' bets; absent from a core whose open bets are parts of their own (OpenPart). */
    bets?: Dict<BetState>;
    pnl: Record<string, PnlBook>;
    marketExposure: Record<string, Paise>;
  };

/** The state's tables that grow with the accounts ever opened (Tables). */
export const ACCOUNT_TABLES = ['users', 'balances', 'exposure', 'marketLocks'] as const;
type AccountTable = (typeof ACCOUNT_TABLES)[number];
/** What a snapshot writes in slices: the account tables and the live streams' versions. */
export type TableName = AccountTable | 'versions';

/** A market with its bets by user; a core whose open bets are parts holds neither list (the parts give both back). */
export type MarketJson = Omit<MarketState, 'positions' | 'betIds'> & {
  betIds?: string[];
  betsByUser?: Record<string, string[]>;
};

/** A settled market's record without its bet lists (rebuilt from the slices' bets, in order). */
export type MarketRecord = Omit<MarketState, 'betIds' | 'positions'>;

/** One slice of a settled market's bets; the first slice also carries the market and its bets' stream versions. */
export interface MarketPart {
  kind: 'market';
  marketId: string;
  /** The last event that changed the market: the part's content is the market as of it. */
  position: number;
  slice: number;
  market: MarketRecord | null;
  versions: Record<string, number> | null;
  bets: BetState[];
}

/**
 * One slice of an open market's bets as of the snapshot's position, with their streams' versions:
 * written a slice per event-loop turn, so a core never holds the open book. A snapshot writes a
 * slice again only when its content differs from the last snapshot's (`digest`); bets a command
 * changes before their slice is written are kept as they were then (Snapshots.changing).
 */
export interface OpenPart {
  kind: 'open';
  marketId: string;
  position: number;
  slice: number;
  /** Of `versions` and `bets` as written (absent before 2026-12-02). */
  digest?: string;
  versions: Record<string, number>;
  bets: BetState[];
}

/** Archived markets' summaries, grouped by where in the log they were archived, with their own streams' versions. */
export interface ArchivedPart {
  kind: 'archived';
  group: number;
  /** The last event that changed one of them. */
  position: number;
  /** As rows (snapshot/summaries.ts); a part written before them holds `markets`, whole. */
  summaries?: SummaryTable;
  markets?: MarketState[];
  versions: Record<string, number>;
}

/**
 * Forgotten casino rounds' stream versions, which snapshots kept before a forgotten round's id
 * started a stream of its own: an older snapshot lists them, and they are skipped.
 */
export interface RoundsPart {
  kind: 'rounds';
}

/** The provider window's previous generation: read by late repeats, changed only by a late rollback or round. */
export interface PreviousPart {
  kind: 'previous';
  turnedAt: string | null;
  changes: number;
  previous: ProviderGeneration;
}

export interface CommandsPart {
  kind: 'commands';
  no: number;
  entries: Remembered[];
}

/**
 * One slice of a table as of the snapshot's position, in the table's order: written a slice per
 * event-loop turn, so the core holds nothing that grows with the accounts. A key changed before
 * its slice is written is written as it was then (Table's watcher).
 */
export interface TablePart {
  kind: 'table';
  table: TableName;
  position: number;
  slice: number;
  entries: [string, unknown][];
}

export type SnapshotPart = MarketPart | OpenPart | TablePart | ArchivedPart | RoundsPart | PreviousPart | CommandsPart;

/** A part a save plans to write, in turn (Snapshots.save). */
export interface PlannedPart {
  key: string;
  /** The part as of the snapshot's position (a core chunk: its JSON), or null once it has changed since (the snapshot is given up). */
  build: () => SnapshotPart | string | null;
  /** A table's or an open market's slice: the key it is saved under, the last snapshot's part when the slice is the same, else `key`. */
  settle?: () => string;
}

/** Bets per market part: a market of a hundred thousand bets is written a slice per event-loop turn. */
export const BETS_PER_PART = 500;

/**
 * Bets per slice of an open market, about 57 kB of JSON: each snapshot writes them again, and on
 * PGlite a part's insert holds the engine's thread about 25 µs a kB (ENTRIES_PER_PART). (A settled
 * market's slices keep BETS_PER_PART: their keys are the parts a later snapshot finds saved, so
 * their size cannot change.)
 */
export const OPEN_BETS_PER_PART = 200;

export const marketPartKey = (marketId: string, position: number, slice: number): string =>
  `market:${marketId}@${position}#${slice}`;
export const openPartKey = (marketId: string, position: number, slice: number): string =>
  `open:${marketId}@${position}#${slice}`;
/**
 * Entries per table part, about 60 kB of JSON each: a user is about 230 bytes, a balance, an
 * exposure, a lock list or a version under 70. On PGlite a part's insert holds the engine's thread
 * for about 25 µs a kB, so a slice of 1,000 users (230 kB) held it 5 ms and more.
 */
export const ENTRIES_PER_PART: Record<TableName, number> = {
  users: 250,
  balances: 1_000,
  exposure: 1_000,
  marketLocks: 1_000,
  versions: 1_000,
};
export const tablePartKey = (table: TableName, position: number, slice: number): string =>
  `table:${table}@${position}#${slice}`;
export const commandsPartKey = (no: number): string => `commands#${no}`;
export const previousPartKey = (turnedAt: string | null, changes: number): string =>
  `provider-previous#${turnedAt}@${changes}`;
// Named apart from the parts of whole summaries (`archived#`), so a snapshot rewrites those as rows once.
export const archivedPartKey = (group: number, position: number): string => `summaries#${group}@${position}`;

/** Archived markets are grouped by the stretch of the log (this many positions) their archiving falls in. */
export const ARCHIVED_GROUP_SPAN = 100_000;

/** The slices of a settled market's part (at least one: a market settled with no bets still has its record). */
export const sliceCount = (market: MarketState): number => Math.max(1, Math.ceil(market.betIds.length / BETS_PER_PART));

export function marketSlice(
  state: Readonly<EngineState>,
  versions: StreamVersions,
  marketId: string,
  position: number,
  slice: number,
): MarketPart {
  const { betIds, positions: _positions, ...market } = state.markets.get(marketId)!;
  return {
    kind: 'market',
    marketId,
    position,
    slice,
    market: slice === 0 ? market : null,
    versions: slice === 0 ? (versions.settled[marketId] ?? {}) : null,
    bets: betIds.slice(slice * BETS_PER_PART, (slice + 1) * BETS_PER_PART).map((id) => state.bets.get(id)!),
  };
}

/**
 * The state as every snapshot writes it: only the markets neither settled nor archived (`open`),
 * and without the provider window's previous generation when that is a part. With `apart` the
 * open markets' bets and the account tables are left to their own parts (OpenPart, TablePart), so
 * the core holds no bet, no list of them and nothing per account; without, it holds them as every
 * snapshot before 2026-12-01 did. Its cost follows what is open, never the settled or archived
 * history nor the accounts ever opened.
 */
export function coreState(
  state: Readonly<EngineState>,
  open: Iterable<string>,
  previousApart: boolean,
  apart = false,
): StateJson {
  const markets: Record<string, MarketJson> = {};
  const bets = new Dict<BetState>();
  const pnl: Record<string, PnlBook> = {};
  const marketExposure: Record<string, Paise> = {};
  for (const marketId of open) {
    const { positions, betIds, ...market } = state.markets.get(marketId)!;
    for (const [userId, position] of positions) {
      const key = positionKey(userId, marketId);
      if (position.book) pnl[key] = position.book;
      if (position.exposure !== 0) marketExposure[key] = position.exposure;
    }
    if (apart) {
      markets[marketId] = market;
      continue;
    }
    const betsByUser: Record<string, string[]> = {};
    for (const [userId, position] of positions) betsByUser[userId] = position.betIds;
    markets[marketId] = { ...market, betIds, betsByUser };
    for (const id of betIds) bets.set(id, state.bets.get(id)!);
  }
  const provider = previousApart ? { ...state.provider, previous: emptyGeneration() } : state.provider;
  if (!apart) return { ...state, markets, bets, pnl, marketExposure, provider };
  const { bets: _bets, users: _u, usernames: _n, balances: _b, exposure: _e, marketLocks: _l, ...rest } = state;
  return { ...rest, markets, pnl, marketExposure, provider };
}

/** The markets of a state read back from JSON, with their positions whole again. */
export function marketsFromJson(json: StateJson): Dict<MarketState> {
  const markets = new Dict<MarketState>();
  for (const [marketId, { betsByUser, betIds, ...market }] of Object.entries(json.markets)) {
    const positions = new Dict<Position>();
    for (const [userId, ids] of Object.entries(betsByUser ?? {}))
      positions.set(userId, { betIds: ids, book: null, exposure: 0 });
    markets.set(marketId, { ...market, betIds: betIds ?? [], positions });
  }
  // A user id has no '|' (ids are generated), so the key splits at the first one.
  const at = (key: string): Position | undefined => {
    const bar = key.indexOf('|');
    const market = markets.get(key.slice(bar + 1));
    return market && positionIn(market, key.slice(0, bar));
  };
  // Books and exposures belong to open markets, which the core holds.
  for (const [key, book] of Object.entries(json.pnl ?? {})) {
    const position = at(key);
    if (position) position.book = book;
  }
  for (const [key, exposure] of Object.entries(json.marketExposure ?? {})) {
    const position = at(key);
    if (position) position.exposure = exposure;
  }
  return markets;
}

/** Bets into the state and into their market's lists, in order: a user's position is made at his first bet, as evolve makes it. */
function addBets(state: EngineState, market: MarketState, bets: readonly BetState[]): void {
  for (const bet of bets) {
    state.bets.put(bet);
    market.betIds.push(bet.betId);
    positionIn(market, bet.userId).betIds.push(bet.betId);
  }
}

/** A table's entries put back from its slices (first slice first), in the order it held them. */
export function joinTable(table: Table<unknown>, slices: readonly TablePart[]): void {
  for (const slice of slices) for (const [key, value] of slice.entries) table.set(key, value);
}

/** Lower-cased username -> userId, as UserCreated makes it. */
export function usernamesOf(users: ReadonlyMap<string, UserState>): Record<string, string> {
  const usernames: Record<string, string> = {};
  for (const [userId, user] of users) usernames[user.username.toLowerCase()] = userId;
  return usernames;
}

/** A settled market put back from its slices (first slice first). */
export function joinMarket(state: EngineState, versions: StreamVersions, slices: MarketPart[]): void {
  const first = slices[0]!;
  const market: MarketState = { ...first.market!, betIds: [], positions: new Dict() };
  for (const slice of slices) addBets(state, market, slice.bets);
  state.markets.set(first.marketId, market);
  versions.settled[first.marketId] = first.versions ?? {};
}

/**
 * An open market's bets put back from its slices (first slice first), into the market the core
 * gave back. Its positions are made again in the order of their first bets, then given the books
 * and exposures the core held, so the state iterates them as the live engine does.
 */
export function joinOpen(state: EngineState, versions: StreamVersions, slices: OpenPart[]): void {
  const market = state.markets.get(slices[0]!.marketId)!;
  const held = market.positions;
  market.positions = new Dict();
  const streams = (versions.open[market.marketId] ??= {});
  for (const slice of slices) {
    addBets(state, market, slice.bets);
    Object.assign(streams, slice.versions);
  }
  for (const [userId, { book, exposure }] of held) Object.assign(positionIn(market, userId), { book, exposure });
}

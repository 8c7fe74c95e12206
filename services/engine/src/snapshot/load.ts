import type { EventStore } from '@exch/contracts';
import { Dict, Table } from '../dict.js';
import { pendingRequestStreams } from '../payments/state.js';
import { rememberedRoundStreams } from '../provider/state.js';
import { BetStore, emptyState, type EngineState } from '../state.js';
import { CommandWindow, type Remembered } from './command-window.js';
import { ownedLocks } from './locks.js';
import { type OpenLayout, openLayoutOf } from './open-slices.js';
import {
  ARCHIVED_GROUP_SPAN,
  type ArchivedPart,
  type CommandsPart,
  joinMarket,
  joinOpen,
  joinTable,
  type MarketPart,
  marketsFromJson,
  type OpenPart,
  type SnapshotCore,
  type SnapshotIndex,
  type SnapshotPart,
  type StateJson,
  type TableName,
  type TablePart,
  usernamesOf,
} from './parts.js';
import { StreamVersions } from './stream-versions.js';
import { fromSummaries, summaryOf } from './summaries.js';
import { layoutOf, type TableLayout } from './table-slices.js';

export interface Restored {
  position: number;
  state: EngineState;
  versions: StreamVersions;
  commands: CommandWindow;
}

/**
 * A snapshot put back together, and what the next save starts from: where it left each market (in
 * the order it met them), and how it laid out its tables and its open markets' bets.
 */
export interface Loaded {
  restored: Restored;
  /** Markets neither settled nor archived. */
  open: string[];
  /** Settled markets still in the state, with the position their part is named by. */
  touched: [marketId: string, position: number][];
  /** Archived markets, with their group and the position it was written at. */
  archived: [marketId: string, group: number, position: number][];
  /** Late changes to the provider window's previous generation its part holds. */
  previousChanges: number;
  layouts: Map<TableName, TableLayout>;
  openLayouts: Map<string, OpenLayout>;
  /** The parts it names: the store holds them. */
  parts: string[];
}

/** The last snapshot, or null when there is none (or a part of it is missing: the log is replayed). */
export async function loadSnapshot(
  store: EventStore,
  name: string,
  commandLimit: number,
  commandSegment: number,
): Promise<Loaded | null> {
  const snap = await loadSnapshotCore(store, name);
  if (!snap) return null;
  const { core, chunks } = snap;
  const state = core.state;
  const versions = new StreamVersions(Table.from(core.versions));
  if (core.parts === undefined) return loadWhole(snap.position, core, state, versions, commandLimit, commandSegment);
  const parts = await store.loadSnapshotParts<SnapshotPart>(name, core.parts);
  if (parts.size !== core.parts.length) return null;
  // The core's markets are the open ones: the archived and settled are joined from their parts.
  const loaded: Omit<Loaded, 'restored'> = {
    open: [...core.state.markets.keys()],
    touched: [],
    archived: [],
    previousChanges: 0,
    layouts: new Map(),
    openLayouts: new Map(),
    parts: [...core.parts, ...chunks],
  };
  const markets = new Map<string, MarketPart[]>();
  const open = new Map<string, [string, OpenPart][]>();
  const tables = new Map<TableName, [string, TablePart][]>();
  const segments: CommandsPart[] = [];
  for (const [key, part] of parts) {
    if (part.kind === 'commands') segments.push(part);
    else if (part.kind === 'open') addSlice(open, part.marketId, [key, part]);
    else if (part.kind === 'table') addSlice(tables, part.table, [key, part]);
    else if (part.kind === 'archived') joinArchived(state, versions, loaded.archived, part);
    else if (part.kind === 'previous') {
      state.provider = { ...state.provider, previous: part.previous };
      loaded.previousChanges = part.changes;
    } else if (part.kind === 'rounds') continue;
    else addSlice(markets, part.marketId, part);
  }
  for (const [name, slices] of tables) {
    slices.sort(([, a], [, b]) => a.slice - b.slice);
    joinTable(
      name === 'versions' ? versions.live : (state[name] as Table<unknown>),
      slices.map(([, s]) => s),
    );
    const layout = layoutOf(name, slices);
    if (layout) loaded.layouts.set(name, layout);
  }
  if (tables.has('marketLocks')) ownedLocks(state.marketLocks);
  // A core whose users are parts holds no usernames: they are the users' own, lower-cased.
  if (tables.has('users')) state.usernames = usernamesOf(state.users);
  for (const [marketId, slices] of markets) {
    joinMarket(
      state,
      versions,
      slices.sort((a, b) => a.slice - b.slice),
    );
    loaded.touched.push([marketId, slices[0]!.position]);
  }
  for (const [marketId, slices] of open) {
    slices.sort(([, a], [, b]) => a.slice - b.slice);
    joinOpen(
      state,
      versions,
      slices.map(([, s]) => s),
    );
    const layout = openLayoutOf(slices);
    if (layout) loaded.openLayouts.set(marketId, layout);
  }
  // A core from before open bets had parts of their own held the open bets' streams live.
  versions.adoptOpenBets((betId) => state.bets.marketOf(betId));
  segments.sort((a, b) => a.no - b.no);
  const commands = CommandWindow.restore(commandLimit, commandSegment, segments, {
    no: core.commandSegment ?? 0,
    entries: core.processed,
  });
  return { ...loaded, restored: { position: snap.position, state, versions, commands } };
}

function joinArchived(
  state: EngineState,
  versions: StreamVersions,
  archived: Loaded['archived'],
  part: ArchivedPart,
): void {
  for (const market of part.summaries ? fromSummaries(part.summaries) : (part.markets ?? []).map(summaryOf)) {
    state.markets.set(market.marketId, market);
    archived.push([market.marketId, part.group, part.position]);
  }
  Object.assign(versions.archived, part.versions);
}

/**
 * A snapshot written whole, before parts: its settled markets' bet streams and its archived
 * markets' own streams are moved apart as they would have been, once.
 */
function loadWhole(
  position: number,
  core: SnapshotCore<EngineState>,
  state: EngineState,
  versions: StreamVersions,
  commandLimit: number,
  commandSegment: number,
): Loaded {
  const open: string[] = [];
  const touched: Loaded['touched'] = [];
  const archived: Loaded['archived'] = [];
  versions.adoptOpenBets((betId) => state.bets.marketOf(betId));
  for (const [marketId, market] of state.markets) {
    if (market.archived) {
      versions.archive(marketId);
      archived.push([marketId, Math.floor(position / ARCHIVED_GROUP_SPAN), position]);
    } else if (marketId in state.unarchived) {
      versions.settle(marketId);
      touched.push([marketId, position]);
    } else open.push(marketId);
  }
  versions.forgetRounds(rememberedRoundStreams(state.provider));
  versions.forgetRequests(pendingRequestStreams(state.payments));
  const commands = new CommandWindow(commandLimit, commandSegment);
  for (const [id, positions] of core.processed as Remembered[]) commands.remember(id, positions);
  return {
    restored: { position, state, versions, commands },
    open,
    touched,
    archived,
    previousChanges: 0,
    layouts: new Map(),
    openLayouts: new Map(),
    parts: [],
  };
}

/**
 * The last snapshot's core, from its chunks (or from the row itself, as snapshots before chunks
 * wrote it), with its position and the chunks' keys; null when there is none or a chunk is missing.
 */
export async function loadSnapshotCore(
  store: EventStore,
  name: string,
): Promise<{ position: number; core: SnapshotCore<EngineState>; chunks: string[] } | null> {
  const snap = await store.loadSnapshot<SnapshotCore | SnapshotIndex>(name);
  if (!snap) return null;
  if (!('chunks' in snap.state))
    return { position: snap.position, core: { ...snap.state, state: revived(snap.state.state) }, chunks: [] };
  const keys = snap.state.chunks;
  const chunks = await store.loadSnapshotParts<string>(name, keys);
  if (chunks.size !== keys.length) return null;
  const core = JSON.parse(keys.map((key) => chunks.get(key)!).join('')) as SnapshotCore;
  return { position: snap.position, core: { ...core, state: revived(core.state) }, chunks: keys };
}

/**
 * The state as JSON gave it back, whole again: over an empty state, so a snapshot taken before a
 * part of the state existed still loads, with its Dicts made Dicts again and its markets' positions
 * put back together (parts.ts, StateJson).
 */
function revived(json: StateJson): EngineState {
  const empty = emptyState();
  const { pnl: _pnl, marketExposure: _exposure, ...rest } = json;
  return {
    ...empty,
    ...rest,
    markets: marketsFromJson(json),
    users: Table.from(json.users),
    balances: Table.from(json.balances),
    marketLocks: ownedLocks(Table.from(json.marketLocks)),
    bets: BetStore.from(json.bets),
    exposure: Table.from(json.exposure),
    books: Dict.from(json.books),
    payments: { ...empty.payments, ...json.payments },
  };
}

/** A slice with the others of its market or table (they are put in order once all are read). */
function addSlice<K, P>(byKey: Map<K, P[]>, key: K, part: P): void {
  const slices = byKey.get(key);
  if (slices) slices.push(part);
  else byKey.set(key, [part]);
}

import { createHash } from 'node:crypto';
import { betStream, type DomainEvent, type EventStore } from '@exch/contracts';
import { Dict, Table } from '../dict.js';
import { pendingRequestStreams } from '../payments/state.js';
import { providerKey, rememberedRoundStreams, type ProviderGeneration } from '../provider/state.js';
import { BetStore, emptyState, type EngineState } from '../state.js';
import { CommandWindow, type Remembered } from './command-window.js';
import { ownedLocks } from './locks.js';
import {
  ACCOUNT_TABLES,
  ARCHIVED_GROUP_SPAN,
  archivedPartKey,
  CORE_CHUNK,
  coreChunkKey,
  commandsPartKey,
  previousPartKey,
  coreState,
  ENTRIES_PER_PART,
  joinMarket,
  joinOpen,
  joinTable,
  marketPartKey,
  marketSlice,
  sliceCount,
  type ArchivedPart,
  type CommandsPart,
  type MarketPart,
  marketsFromJson,
  type OpenPart,
  openPartKey,
  type SnapshotCore,
  type StateJson,
  type SnapshotIndex,
  type SnapshotPart,
  OPEN_BETS_PER_PART,
  tablePartKey,
  type TableName,
  type TablePart,
  usernamesOf,
} from './parts.js';
import { StreamVersions } from './stream-versions.js';
import { fromSummaries, summaryOf, toSummaries } from './summaries.js';

export interface Restored {
  position: number;
  state: EngineState;
  versions: StreamVersions;
  commands: CommandWindow;
}

/** An open market's bets a snapshot writes: its list as of the snapshot (only ever appended to while open), and how far its slices got. */
interface Captured {
  ids: readonly string[];
  length: number;
  written: number;
}

/**
 * A table a snapshot writes: how many keys it held at the snapshot, each key's value before its
 * first change since, and, slice by slice as they are reached, its keys and values as of the
 * snapshot and the part each slice is in (written now, or the last snapshot's). The keys are taken
 * from a live iteration of the table as each slice needs them, not copied at the start: copying
 * 100,000 keys of an engine's heap held the loop 2.5 ms a table (docs/performance.md).
 */
interface CapturedTable {
  name: TableName;
  table: Table<unknown>;
  size: number;
  keys: string[];
  /** The table's keys in its order, live: a key added since comes after those it held. Null once all are taken. */
  pending: Iterator<string> | null;
  before: Map<string, unknown>;
  values: unknown[];
  parts: string[];
}

/** Where an open market's bets were last saved: how many, each slice's part, and the digest of its content. */
interface OpenLayout {
  length: number;
  parts: string[];
  digests: string[];
}

/**
 * What events changed in open markets since a snapshot's position, by market: the bets they named,
 * or null once an event named the market and no bet (a settlement, a void, a revoke, an archive or
 * a restore may change every bet of it, so any such event counts as changing them all). Only open
 * markets are held, so it is bounded by the open bets.
 */
type Changes = Map<string, Set<string> | null>;

/**
 * Where a table's entries were last saved: its keys and values as of that snapshot, and the part
 * of each slice. A slice whose keys and values are all the same (the same objects: a Table's
 * values are replaced, never changed in place) is that part again, not written a second time.
 */
interface TableLayout {
  keys: readonly string[];
  values: readonly unknown[];
  parts: readonly string[];
}

/**
 * A snapshot being saved: the open markets it writes the bets of, bets changed since as they were
 * (JSON, stream version), and the tables it writes in slices.
 */
interface Saving {
  seq: number;
  markets: Map<string, Captured>;
  before: Map<string, { bet: string; version: number | undefined }>;
  tables: CapturedTable[];
}

interface PlannedPart {
  key: string;
  /** The part as of the snapshot's position (a core chunk: its JSON), or null once it has changed since (the snapshot is given up). */
  build: () => SnapshotPart | string | null;
  /** A table's slice: the key it is saved under, the last snapshot's part when the slice is the same, else `key`. */
  settle?: () => string;
}

/**
 * The engine's snapshots, written incrementally (docs/performance.md "Snapshots in parts"): every
 * snapshot writes its core whole (what is open, without the open bets) and the open markets' bets
 * in slices; and, once each, as parts named by their content: each settled market inside the
 * revoke window, each group of archived markets' summaries, the provider window's previous
 * generation, and each full segment of command ids. A part is written one per event-loop turn, so
 * commands are decided between them (a bet they change is kept as it was for its slice, see
 * changing()); the core is written last and names them all.
 */
export class Snapshots {
  /** Settled markets whose bets are still in the state -> position of the last event that changed them. */
  private readonly touched = new Map<string, number>();
  /** Markets neither settled nor archived: the core's. */
  private readonly open = new Set<string>();
  /** Archived markets' groups: the markets in each and the last event that changed one of them. */
  private readonly groups = new Map<number, { position: number; markets: Set<string> }>();
  private readonly groupOf = new Map<string, number>();
  /** Changes to the provider window's previous generation since it turned (a late rollback or round naming it). */
  private previousChanges = 0;
  /** Part keys the store holds for this name. */
  private saved = new Set<string>();
  /** How the last snapshot saved (or loaded) laid out each table, and each open market's bets. */
  private layouts = new Map<TableName, TableLayout>();
  private openLayouts = new Map<string, OpenLayout>();
  /** Since the position of the last snapshot saved (or loaded): an open slice none of them touch is that snapshot's part again. */
  private changes: Changes = new Map();
  /** Bumped by every load: a snapshot begun before it is given up (its state object is gone). */
  private generation = 0;
  private saving: Saving | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly name: string,
    private readonly commandLimit: number,
    private readonly commandSegment: number,
  ) {}

  /** After an event naming `marketId` is folded at `position`: where the market is saved, and which part it changed. */
  folded(state: Readonly<EngineState>, marketId: string | undefined, position: number): void {
    if (marketId === undefined) return;
    const market = state.markets.get(marketId);
    if (market) {
      const settled = marketId in state.unarchived;
      if (settled) this.touched.set(marketId, position);
      else this.touched.delete(marketId);
      if (market.archived || settled) {
        this.open.delete(marketId);
        this.changes.delete(marketId);
      } else this.open.add(marketId);
    } else this.changes.delete(marketId);
    // An archived market's group is written again when it changes; read back or forgotten, the
    // market leaves it, and an empty group is written no more.
    const was = this.groupOf.get(marketId);
    if (was !== undefined) {
      const group = this.groups.get(was)!;
      group.position = position;
      if (!market?.archived) {
        group.markets.delete(marketId);
        this.groupOf.delete(marketId);
        if (group.markets.size === 0) this.groups.delete(was);
      }
    } else if (market?.archived) this.archive(marketId, Math.floor(position / ARCHIVED_GROUP_SPAN), position);
  }

  /**
   * Before an event is folded (and its stream version taken), the one way an open market's bet
   * changes: the event is counted in the changes since the last snapshot; and while a snapshot is
   * being saved, a bet of its open markets the event changes is kept as it was, for its slice
   * still to be written. A bet event names its bet (and is the only one to move its stream
   * version); a settlement or a void changes every bet of its market.
   */
  changing(state: Readonly<EngineState>, versions: StreamVersions, event: Pick<DomainEvent, 'type' | 'data'>): void {
    const d = event.data as { betId?: unknown; marketId?: unknown };
    if (typeof d.marketId === 'string') {
      const changed = this.changes.get(d.marketId);
      if (typeof d.betId !== 'string') this.changes.set(d.marketId, null);
      else if (changed === undefined) this.changes.set(d.marketId, new Set([d.betId]));
      else changed?.add(d.betId);
    }
    const saving = this.saving;
    if (!saving) return;
    if (typeof d.betId === 'string') keep(saving, state, versions, d.betId);
    else if ((event.type === 'MarketSettled' || event.type === 'MarketVoided') && typeof d.marketId === 'string') {
      const captured = saving.markets.get(d.marketId);
      if (captured)
        for (let i = captured.written; i < captured.length; i++) keep(saving, state, versions, captured.ids[i]!);
    }
  }

  /** After a third-party casino event: the previous generation's part changed if the event named one of its ids. */
  providerFolded(state: Readonly<EngineState>, event: { type: string; data: unknown }): void {
    if (event.type === 'ProviderWindowTurned') {
      this.previousChanges = 0;
      return;
    }
    const d = event.data as { provider?: unknown; txnId?: unknown; roundId?: unknown; betId?: unknown };
    if (typeof d.provider !== 'string') return;
    const { txns, rounds } = state.provider.previous;
    for (const id of [d.txnId, d.roundId, d.betId])
      if (typeof id === 'string' && (providerKey(d.provider, id) in txns || providerKey(d.provider, id) in rounds)) {
        this.previousChanges++;
        return;
      }
  }

  private archive(marketId: string, no: number, position: number): void {
    const group = this.groups.get(no) ?? { position, markets: new Set<string>() };
    group.position = Math.max(group.position, position);
    group.markets.add(marketId);
    this.groups.set(no, group);
    this.groupOf.set(marketId, no);
  }

  /**
   * Saves the state as of `position` (no turn may be in flight when it is called). Returns false
   * when a part changed before it was written; the next snapshot takes it.
   */
  async save(
    position: number,
    state: EngineState,
    versions: StreamVersions,
    commands: CommandWindow,
  ): Promise<boolean> {
    const generation = this.generation;
    const since = this.changes;
    this.changes = new Map();
    let saved = false;
    const plan: PlannedPart[] = [];
    const saving: Saving = {
      seq: state.seq,
      markets: new Map(),
      before: new Map(),
      tables: captureTables(state, versions),
    };
    for (const captured of saving.tables) {
      const layout = this.layouts.get(captured.name);
      for (let slice = 0; slice * ENTRIES_PER_PART[captured.name] < captured.size; slice++) {
        const key = tablePartKey(captured.name, position, slice);
        plan.push({
          key,
          settle: () => {
            const last = sliceAsOf(captured, layout, slice) ? layout!.parts[slice]! : undefined;
            return (captured.parts[slice] = last !== undefined && this.saved.has(last) ? last : key);
          },
          build: () => tableSlice(captured, position, slice),
        });
      }
    }
    const openLayouts = new Map<string, OpenLayout>();
    for (const marketId of this.open) {
      const ids = state.markets.get(marketId)!.betIds;
      if (ids.length === 0) continue;
      const captured: Captured = { ids, length: ids.length, written: 0 };
      saving.markets.set(marketId, captured);
      const last = this.openLayouts.get(marketId);
      const next: OpenLayout = { length: captured.length, parts: [], digests: [] };
      openLayouts.set(marketId, next);
      const changed = since.get(marketId);
      for (let slice = 0; slice * OPEN_BETS_PER_PART < captured.length; slice++) {
        const key = openPartKey(marketId, position, slice);
        let body = '';
        plan.push({
          key,
          settle: () => {
            const unchanged = last && sameSlice(last, captured, slice, changed) ? last.parts[slice]! : undefined;
            if (unchanged !== undefined && this.saved.has(unchanged)) {
              next.digests[slice] = last!.digests[slice]!;
              return (next.parts[slice] = unchanged);
            }
            const { json, digest } = openSlice(saving, state, versions, marketId, position, slice);
            body = json;
            next.digests[slice] = digest;
            const same = last?.digests[slice] === digest ? last.parts[slice] : undefined;
            return (next.parts[slice] = same !== undefined && this.saved.has(same) ? same : key);
          },
          build: () => body,
        });
      }
    }
    for (const marketId of Object.keys(state.unarchived)) {
      const at = this.touched.get(marketId) ?? position;
      this.touched.set(marketId, at);
      for (let slice = 0; slice < sliceCount(state.markets.get(marketId)!); slice++)
        plan.push({
          key: marketPartKey(marketId, at, slice),
          build: () => (this.touched.get(marketId) === at ? marketSlice(state, versions, marketId, at, slice) : null),
        });
    }
    for (const [no, group] of this.groups) {
      const at = group.position;
      plan.push({
        key: archivedPartKey(no, at),
        build: () => {
          if (this.groups.get(no) !== group || group.position !== at) return null;
          const markets = [...group.markets];
          const held: Record<string, number> = {};
          for (const id of markets) if (id in versions.archived) held[id] = versions.archived[id]!;
          return {
            kind: 'archived',
            group: no,
            position: at,
            summaries: toSummaries(markets.map((id) => state.markets.get(id)!)),
            versions: held,
          };
        },
      });
    }
    const previous = state.provider.previous;
    const withPrevious = !isEmpty(previous);
    if (withPrevious) {
      const { turnedAt } = state.provider;
      const at = this.previousChanges;
      plan.push({
        key: previousPartKey(turnedAt, at),
        build: () =>
          state.provider.previous === previous && this.previousChanges === at
            ? { kind: 'previous', turnedAt, changes: at, previous }
            : null,
      });
    }
    for (const no of commands.fullSegments)
      plan.push({
        key: commandsPartKey(no),
        build: () => {
          const entries = commands.segmentEntries(no);
          return entries && { kind: 'commands', no, entries };
        },
      });
    const open = commands.openSegment;
    // Serialised now, before any await: the core as of `position`, but for the keys of its parts,
    // which are known once each table slice is found the same as before or written.
    const head = JSON.stringify({
      state: coreState(state, this.open, withPrevious, true),
      versions: {},
      processed: open.entries,
      commandSegment: open.no,
    } satisfies Omit<SnapshotCore, 'parts'>);
    this.saving = saving;
    for (const captured of saving.tables) watch(captured);
    // A turn of the event loop before each part, so queued commands are decided meanwhile.
    const turn = async () => {
      await new Promise((r) => setImmediate(r));
      return generation === this.generation;
    };
    const write = async (key: string, part: SnapshotPart | string) => {
      await this.store.saveSnapshotPart(this.name, key, typeof part === 'string' ? part : JSON.stringify(part));
      this.saved.add(key);
    };
    try {
      const parts: string[] = [];
      for (const p of plan) {
        if (!p.settle && this.saved.has(p.key)) {
          parts.push(p.key);
          continue;
        }
        if (!(await turn())) return false;
        const key = p.settle ? p.settle() : p.key;
        parts.push(key);
        if (this.saved.has(key)) continue;
        const part = p.build();
        if (!part) return false;
        await write(key, part);
      }
      const json = `${head.slice(0, -1)},"parts":${JSON.stringify(parts)}}`;
      // Named by the parts too: two saves at one position can name different parts (a table slice
      // written again, or the last snapshot's), and a chunk is never saved again with other content.
      const named = createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);
      const chunks = Array.from({ length: Math.max(1, Math.ceil(json.length / CORE_CHUNK)) }, (_, i) =>
        coreChunkKey(position, named, i),
      );
      for (const [i, key] of chunks.entries()) {
        if (this.saved.has(key)) continue;
        if (!(await turn())) return false;
        await write(key, JSON.stringify(json.slice(i * CORE_CHUNK, (i + 1) * CORE_CHUNK)));
      }
      if (generation !== this.generation) return false;
      const index: SnapshotIndex = { chunks };
      await this.store.saveSnapshot(this.name, position, JSON.stringify(index), [...parts, ...chunks]);
      this.saved = new Set([...parts, ...chunks]);
      for (const { name, keys, values, parts: slices } of saving.tables)
        this.layouts.set(name, { keys, values, parts: slices });
      this.openLayouts = openLayouts;
      saved = true;
      return true;
    } finally {
      for (const { table } of saving.tables) table.watcher = null;
      if (this.saving === saving) this.saving = null;
      // Given up: the next snapshot compares with the same last layouts, so with every change since them.
      if (!saved && generation === this.generation)
        for (const [marketId, changed] of since) {
          const now = this.changes.get(marketId);
          if (!this.open.has(marketId)) continue;
          if (changed === null || now === null) this.changes.set(marketId, null);
          else if (now === undefined) this.changes.set(marketId, changed);
          else for (const id of changed) now.add(id);
        }
    }
  }

  /**
   * Before the first snapshot of an engine that stood by: the leader it takes over from kept
   * saving snapshots meanwhile, and deleted the parts its newer ones did not name, so only the
   * parts still stored count as saved.
   */
  async takeOver(): Promise<void> {
    const stored = new Set(await this.store.snapshotPartKeys(this.name));
    this.saved = new Set([...this.saved].filter((key) => stored.has(key)));
  }

  /** The last snapshot put back together, or null when there is none (or a part of it is missing: the log is replayed). */
  async load(): Promise<Restored | null> {
    this.generation++;
    this.touched.clear();
    this.open.clear();
    this.groups.clear();
    this.groupOf.clear();
    this.previousChanges = 0;
    this.saved = new Set();
    this.layouts.clear();
    this.openLayouts.clear();
    this.changes.clear();
    this.saving = null;
    const snap = await loadSnapshotCore(this.store, this.name);
    if (!snap) return null;
    const { core, chunks } = snap;
    const state = core.state;
    const versions = new StreamVersions(Table.from(core.versions));
    if (core.parts === undefined) return this.loadWhole(snap.position, core, state, versions);
    const parts = await this.store.loadSnapshotParts<SnapshotPart>(this.name, core.parts);
    if (parts.size !== core.parts.length) return null;
    for (const marketId of core.state.markets.keys()) this.open.add(marketId);
    const markets = new Map<string, MarketPart[]>();
    const open = new Map<string, [string, OpenPart][]>();
    const tables = new Map<TableName, [string, TablePart][]>();
    const segments: CommandsPart[] = [];
    for (const [key, part] of parts) {
      if (part.kind === 'commands') segments.push(part);
      else if (part.kind === 'open') addSlice(open, part.marketId, [key, part]);
      else if (part.kind === 'table') addSlice(tables, part.table, [key, part]);
      else if (part.kind === 'archived') this.joinArchived(state, versions, part);
      else if (part.kind === 'previous') {
        state.provider = { ...state.provider, previous: part.previous };
        this.previousChanges = part.changes;
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
      if (layout) this.layouts.set(name, layout);
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
      this.touched.set(marketId, slices[0]!.position);
    }
    for (const [marketId, slices] of open) {
      slices.sort(([, a], [, b]) => a.slice - b.slice);
      joinOpen(
        state,
        versions,
        slices.map(([, s]) => s),
      );
      const layout = openLayoutOf(slices);
      if (layout) this.openLayouts.set(marketId, layout);
    }
    // A core from before open bets had parts of their own held the open bets' streams live.
    versions.adoptOpenBets((betId) => state.bets.marketOf(betId));
    segments.sort((a, b) => a.no - b.no);
    const commands = CommandWindow.restore(this.commandLimit, this.commandSegment, segments, {
      no: core.commandSegment ?? 0,
      entries: core.processed,
    });
    this.saved = new Set([...core.parts, ...chunks]);
    return { position: snap.position, state, versions, commands };
  }

  private joinArchived(state: EngineState, versions: StreamVersions, part: ArchivedPart): void {
    for (const market of part.summaries ? fromSummaries(part.summaries) : (part.markets ?? []).map(summaryOf)) {
      state.markets.set(market.marketId, market);
      this.archive(market.marketId, part.group, part.position);
    }
    Object.assign(versions.archived, part.versions);
  }

  /**
   * A snapshot written whole, before parts: its settled markets' bet streams and its archived
   * markets' own streams are moved apart as they would have been, once.
   */
  private loadWhole(
    position: number,
    core: SnapshotCore<EngineState>,
    state: EngineState,
    versions: StreamVersions,
  ): Restored {
    versions.adoptOpenBets((betId) => state.bets.marketOf(betId));
    for (const [marketId, market] of state.markets) {
      if (market.archived) {
        versions.archive(marketId);
        this.archive(marketId, Math.floor(position / ARCHIVED_GROUP_SPAN), position);
      } else if (marketId in state.unarchived) {
        versions.settle(marketId);
        this.touched.set(marketId, position);
      } else this.open.add(marketId);
    }
    versions.forgetRounds(rememberedRoundStreams(state.provider));
    versions.forgetRequests(pendingRequestStreams(state.payments));
    const commands = new CommandWindow(this.commandLimit, this.commandSegment);
    for (const [id, positions] of core.processed as Remembered[]) commands.remember(id, positions);
    return { position, state, versions, commands };
  }
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

/** The tables a snapshot writes in slices, as of now: the account tables and the live streams' versions. */
function captureTables(state: EngineState, versions: StreamVersions): CapturedTable[] {
  const tables: [TableName, Table<unknown>][] = [
    ...ACCOUNT_TABLES.map((name): [TableName, Table<unknown>] => [name, state[name] as Table<unknown>]),
    ['versions', versions.live],
  ];
  return tables.map(([name, table]) => ({
    name,
    table,
    size: table.size,
    keys: [],
    pending: table.keys(),
    before: new Map(),
    values: [],
    parts: [],
  }));
}

/**
 * Takes the table's keys as of the snapshot, in its order, until `end` of them are taken. A Map's
 * live iteration visits once each key it still holds, in order, and the keys added since after
 * them all, so while no key has been deleted the first `size` it visits are the snapshot's; a
 * delete first takes every key left (watch).
 */
function takeKeys(captured: CapturedTable, end: number): void {
  const { keys } = captured;
  while (keys.length < end && captured.pending) {
    const next = captured.pending.next();
    if (next.done) captured.pending = null;
    else keys.push(next.value);
  }
  if (keys.length === captured.size) captured.pending = null;
}

/**
 * A loaded table's slices as the layout a save compares with: only when each slice but the last is
 * full, as a save with today's slice size writes them (a snapshot with other sizes is written anew).
 */
function layoutOf(name: TableName, slices: readonly [string, TablePart][]): TableLayout | null {
  const per = ENTRIES_PER_PART[name];
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const [i, [, slice]] of slices.entries()) {
    if (slice.slice !== i || (i < slices.length - 1 && slice.entries.length !== per)) return null;
    for (const [key, value] of slice.entries) {
      keys.push(key);
      values.push(value);
    }
  }
  return { keys, values, parts: slices.map(([key]) => key) };
}

/**
 * Takes a slice's values as of the snapshot into `captured`, and says whether the slice is the one
 * `layout` saved: the same keys in the same places, and the same values.
 */
function sliceAsOf(captured: CapturedTable, layout: TableLayout | undefined, slice: number): boolean {
  const { table, keys, before, values } = captured;
  const per = ENTRIES_PER_PART[captured.name];
  const start = slice * per;
  const end = Math.min(captured.size, start + per);
  takeKeys(captured, end);
  let same = layout !== undefined && slice < layout.parts.length && Math.min(layout.keys.length, start + per) === end;
  for (let i = start; i < end; i++) {
    const key = keys[i]!;
    const value = before.has(key) ? before.get(key) : table.get(key);
    values[i] = value;
    if (same && (layout!.keys[i] !== key || layout!.values[i] !== value)) same = false;
  }
  return same;
}

/**
 * Until the save ends, a key's value before its first change is kept (a key added since is kept
 * as undefined, and never written). Keys are seldom deleted (a live stream archived or forgotten
 * by a window): the first delete takes the keys not yet taken while it is still there.
 */
function watch(captured: CapturedTable): void {
  const { table, before } = captured;
  table.watcher = (key, deleting) => {
    if (deleting && captured.pending) takeKeys(captured, captured.size);
    if (!before.has(key)) before.set(key, table.get(key));
  };
}

/** One slice of a table as of the snapshot (its values taken by sliceAsOf), as the JSON of a TablePart. */
function tableSlice(captured: CapturedTable, position: number, slice: number): string {
  const { name, keys, values } = captured;
  const per = ENTRIES_PER_PART[name];
  const end = Math.min(captured.size, (slice + 1) * per);
  const entries: [string, unknown][] = [];
  for (let i = slice * per; i < end; i++) entries.push([keys[i]!, values[i]]);
  return JSON.stringify({ kind: 'table', table: name, position, slice, entries } satisfies TablePart);
}

/**
 * A loaded market's open slices as the layout a save compares with: only when each has a digest
 * and each but the last is full, as a save with today's slice size writes them.
 */
function openLayoutOf(slices: readonly [string, OpenPart][]): OpenLayout | null {
  let length = 0;
  for (const [i, [, s]] of slices.entries()) {
    if (s.digest === undefined || s.slice !== i || (i < slices.length - 1 && s.bets.length !== OPEN_BETS_PER_PART))
      return null;
    length += s.bets.length;
  }
  return { length, parts: slices.map(([key]) => key), digests: slices.map(([, s]) => s.digest!) };
}

/**
 * Whether an open slice as of the snapshot is the one `last` saved, without serialising it: the
 * same bets (a market's list is only appended to while it is open, so the same count in the slice),
 * none of them changed since (`changed`: Changes' entry for the market). Its bets count as written either way.
 */
function sameSlice(
  last: OpenLayout,
  captured: Captured,
  slice: number,
  changed: ReadonlySet<string> | null | undefined,
): boolean {
  const start = slice * OPEN_BETS_PER_PART;
  const end = Math.min(captured.length, start + OPEN_BETS_PER_PART);
  captured.written = end;
  if (changed === null || slice >= last.parts.length || Math.min(last.length, start + OPEN_BETS_PER_PART) !== end)
    return false;
  if (changed) for (let i = start; i < end; i++) if (changed.has(captured.ids[i]!)) return false;
  return true;
}

/** A bet of an open market the snapshot writes, kept as it was before its first change since (placed since: not the snapshot's). */
function keep(saving: Saving, state: Readonly<EngineState>, versions: StreamVersions, betId: string): void {
  if (saving.before.has(betId)) return;
  const bet = state.bets.get(betId);
  if (!bet || bet.seq > saving.seq || !saving.markets.has(bet.marketId)) return;
  saving.before.set(betId, { bet: JSON.stringify(bet), version: versions.open[bet.marketId]?.[betStream(betId)] });
}

/** One slice of an open market's bets as of the snapshot, as the JSON of an OpenPart, and the digest of its content. */
function openSlice(
  saving: Saving,
  state: Readonly<EngineState>,
  versions: StreamVersions,
  marketId: string,
  position: number,
  slice: number,
): { json: string; digest: string } {
  const captured = saving.markets.get(marketId)!;
  const end = Math.min(captured.length, (slice + 1) * OPEN_BETS_PER_PART);
  const streams = versions.open[marketId];
  const bets: string[] = [];
  const held: Record<string, number> = {};
  for (let i = slice * OPEN_BETS_PER_PART; i < end; i++) {
    const betId = captured.ids[i]!;
    const stream = betStream(betId);
    const was = saving.before.get(betId);
    bets.push(was ? was.bet : JSON.stringify(state.bets.get(betId)));
    const version = was ? was.version : streams?.[stream];
    if (version !== undefined) held[stream] = version;
  }
  captured.written = end;
  const content = `"versions":${JSON.stringify(held)},"bets":[${bets.join(',')}]`;
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 24);
  const head = { kind: 'open', marketId, position, slice, digest } satisfies Omit<OpenPart, 'bets' | 'versions'>;
  return { json: `${JSON.stringify(head).slice(0, -1)},${content}}`, digest };
}

const isEmpty = (g: ProviderGeneration): boolean => {
  for (const _ in g.txns) return false;
  for (const _ in g.rounds) return false;
  return true;
};

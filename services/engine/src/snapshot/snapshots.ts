import type { DomainEvent, EventStore } from '@exch/contracts';
import { providerKey } from '../provider/state.js';
import type { EngineState } from '../state.js';
import type { CommandWindow } from './command-window.js';
import { loadSnapshot, type Restored } from './load.js';
import { type ArchivedGroup, planArchived, planCommands, planPrevious, planSettled } from './once-parts.js';
import { type Changes, keep, type OpenLayout, type OpenSaving, planOpenMarket } from './open-slices.js';
import {
  ARCHIVED_GROUP_SPAN,
  coreState,
  type PlannedPart,
  type SnapshotCore,
  type SnapshotIndex,
  type TableName,
} from './parts.js';
import type { StreamVersions } from './stream-versions.js';
import { type CapturedTable, captureTables, planTableSlices, type TableLayout, watch } from './table-slices.js';
import { SnapshotWriter } from './writer.js';

/** A snapshot being saved: its open markets' bets (open-slices.ts) and the tables it writes in slices (table-slices.ts). */
interface Saving extends OpenSaving {
  tables: CapturedTable[];
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
  private readonly groups = new Map<number, ArchivedGroup>();
  private readonly groupOf = new Map<string, number>();
  /** Changes to the provider window's previous generation since it turned (a late rollback or round naming it). */
  private previousChanges = 0;
  /** How the last snapshot saved (or loaded) laid out each table, and each open market's bets. */
  private layouts = new Map<TableName, TableLayout>();
  private openLayouts = new Map<string, OpenLayout>();
  /** Since the position of the last snapshot saved (or loaded): an open slice none of them touch is that snapshot's part again. */
  private changes: Changes = new Map();
  /** Bumped by every load: a snapshot begun before it is given up (its state object is gone). */
  private generation = 0;
  private saving: Saving | null = null;
  /** Writes the parts and the core, and knows which parts the store holds. */
  private readonly writer: SnapshotWriter;

  constructor(
    private readonly store: EventStore,
    private readonly name: string,
    private readonly commandLimit: number,
    private readonly commandSegment: number,
  ) {
    this.writer = new SnapshotWriter(store, name);
  }

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
    const saving: Saving = {
      seq: state.seq,
      markets: new Map(),
      before: new Map(),
      tables: captureTables(state, versions),
    };
    const plan = this.plan(position, state, versions, commands, saving, since);
    const open = commands.openSegment;
    // Serialised now, before any await: the core as of `position`, but for the keys of its parts,
    // which are known once each table slice is found the same as before or written.
    const head = JSON.stringify({
      state: coreState(state, this.open, plan.withPrevious, true),
      versions: {},
      processed: open.entries,
      commandSegment: open.no,
    } satisfies Omit<SnapshotCore, 'parts'>);
    this.saving = saving;
    for (const captured of saving.tables) watch(captured);
    const current = () => generation === this.generation;
    try {
      const parts = await this.writer.parts(plan.parts, current);
      if (!parts) return false;
      const chunks = await this.writer.core(head, parts, position, current);
      if (!chunks || !current()) return false;
      const index: SnapshotIndex = { chunks };
      await this.store.saveSnapshot(this.name, position, JSON.stringify(index), [...parts, ...chunks]);
      this.writer.reset([...parts, ...chunks]);
      for (const { name, keys, values, parts: slices } of saving.tables)
        this.layouts.set(name, { keys, values, parts: slices });
      this.openLayouts = plan.openLayouts;
      saved = true;
      return true;
    } finally {
      for (const { table } of saving.tables) table.watcher = null;
      if (this.saving === saving) this.saving = null;
      // Given up: the next snapshot compares with the same last layouts, so with every change since them.
      if (!saved && current()) this.putBack(since);
    }
  }

  /**
   * The parts a save writes, in order: the tables' slices and the open markets' (each the last
   * snapshot's part again when it is the same), then the parts written once each (once-parts.ts).
   * With them, where each open market's slices go, filled in as they settle, and whether the
   * provider window's previous generation is a part of its own, which the core then leaves out.
   */
  private plan(
    position: number,
    state: EngineState,
    versions: StreamVersions,
    commands: CommandWindow,
    saving: Saving,
    since: Changes,
  ): { parts: PlannedPart[]; openLayouts: Map<string, OpenLayout>; withPrevious: boolean } {
    const parts: PlannedPart[] = [];
    const openLayouts = new Map<string, OpenLayout>();
    const saved = (key: string) => this.writer.has(key);
    for (const captured of saving.tables)
      planTableSlices(parts, captured, this.layouts.get(captured.name), position, saved);
    for (const marketId of this.open) {
      const last = this.openLayouts.get(marketId);
      const next = planOpenMarket(parts, saving, state, versions, marketId, position, last, since.get(marketId), saved);
      if (next) openLayouts.set(marketId, next);
    }
    planSettled(parts, state, versions, this.touched, position);
    planArchived(parts, state, versions, this.groups);
    const withPrevious = planPrevious(parts, state, () => this.previousChanges);
    planCommands(parts, commands);
    return { parts, openLayouts, withPrevious };
  }

  /** A save given up puts back the changes it took, merged with those since, for the open markets still open. */
  private putBack(since: Changes): void {
    for (const [marketId, changed] of since) {
      const now = this.changes.get(marketId);
      if (!this.open.has(marketId)) continue;
      if (changed === null || now === null) this.changes.set(marketId, null);
      else if (now === undefined) this.changes.set(marketId, changed);
      else for (const id of changed) now.add(id);
    }
  }

  /** Before the first snapshot of an engine that stood by: only the parts still stored count as saved (SnapshotWriter.takeOver). */
  takeOver(): Promise<void> {
    return this.writer.takeOver();
  }

  /** The last snapshot put back together, or null when there is none (or a part of it is missing: the log is replayed). */
  async load(): Promise<Restored | null> {
    this.generation++;
    this.touched.clear();
    this.open.clear();
    this.groups.clear();
    this.groupOf.clear();
    this.previousChanges = 0;
    this.writer.reset([]);
    this.layouts.clear();
    this.openLayouts.clear();
    this.changes.clear();
    this.saving = null;
    const loaded = await loadSnapshot(this.store, this.name, this.commandLimit, this.commandSegment);
    if (!loaded) return null;
    for (const marketId of loaded.open) this.open.add(marketId);
    for (const [marketId, at] of loaded.touched) this.touched.set(marketId, at);
    for (const [marketId, no, at] of loaded.archived) this.archive(marketId, no, at);
    this.previousChanges = loaded.previousChanges;
    this.layouts = loaded.layouts;
    this.openLayouts = loaded.openLayouts;
    this.writer.reset(loaded.parts);
    return loaded.restored;
  }
}

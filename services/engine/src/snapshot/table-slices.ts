import type { Table } from '../dict.js';
import type { EngineState } from '../state.js';
import {
  ACCOUNT_TABLES,
  ENTRIES_PER_PART,
  type PlannedPart,
  tablePartKey,
  type TableName,
  type TablePart,
} from './parts.js';
import type { StreamVersions } from './stream-versions.js';

/**
 * A table a snapshot writes: how many keys it held at the snapshot, each key's value before its
 * first change since, and, slice by slice as they are reached, its keys and values as of the
 * snapshot and the part each slice is in (written now, or the last snapshot's). The keys are taken
 * from a live iteration of the table as each slice needs them, not copied at the start: copying
 * 100,000 keys of an engine's heap held the loop 2.5 ms a table (docs/performance.md, "Accounts out of the
 * core").
 */
export interface CapturedTable {
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

/**
 * Where a table's entries were last saved: its keys and values as of that snapshot, and the part
 * of each slice. A slice whose keys and values are all the same (the same objects: a Table's
 * values are replaced, never changed in place) is that part again, not written a second time.
 */
export interface TableLayout {
  keys: readonly string[];
  values: readonly unknown[];
  parts: readonly string[];
}

/** The tables a snapshot writes in slices, as of now: the account tables and the live streams' versions. */
export function captureTables(state: EngineState, versions: StreamVersions): CapturedTable[] {
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
 * Plans a table's slices as of `position`. Each settles in its own turn: the last snapshot's part
 * again when sliceAsOf finds it the same and the store still holds it, else the part written now.
 */
export function planTableSlices(
  plan: PlannedPart[],
  captured: CapturedTable,
  layout: TableLayout | undefined,
  position: number,
  saved: (key: string) => boolean,
): void {
  for (let slice = 0; slice * ENTRIES_PER_PART[captured.name] < captured.size; slice++) {
    const key = tablePartKey(captured.name, position, slice);
    plan.push({
      key,
      settle: () => {
        const last = sliceAsOf(captured, layout, slice) ? layout!.parts[slice]! : undefined;
        return (captured.parts[slice] = last !== undefined && saved(last) ? last : key);
      },
      build: () => tableSlice(captured, position, slice),
    });
  }
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
export function layoutOf(name: TableName, slices: readonly [string, TablePart][]): TableLayout | null {
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
export function watch(captured: CapturedTable): void {
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

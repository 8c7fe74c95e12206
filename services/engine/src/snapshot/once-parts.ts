import type { ProviderGeneration } from '../provider/state.js';
import type { EngineState } from '../state.js';
import type { CommandWindow } from './command-window.js';
import {
  archivedPartKey,
  commandsPartKey,
  marketPartKey,
  marketSlice,
  type PlannedPart,
  previousPartKey,
  sliceCount,
} from './parts.js';
import type { StreamVersions } from './stream-versions.js';
import { toSummaries } from './summaries.js';

/** Archived markets grouped by the stretch of the log they were archived in, and the last event that changed one of them. */
export interface ArchivedGroup {
  position: number;
  markets: Set<string>;
}

/**
 * Plans each settled market inside the revoke window, in slices, as of the last event that changed
 * it (`touched`, given `position` for a market it holds none for). Its key names that position, so
 * a part once saved is never written again; a market changed again before its slice is written
 * gives the snapshot up.
 */
export function planSettled(
  plan: PlannedPart[],
  state: EngineState,
  versions: StreamVersions,
  touched: Map<string, number>,
  position: number,
): void {
  for (const marketId of Object.keys(state.unarchived)) {
    const at = touched.get(marketId) ?? position;
    touched.set(marketId, at);
    for (let slice = 0; slice < sliceCount(state.markets.get(marketId)!); slice++)
      plan.push({
        key: marketPartKey(marketId, at, slice),
        build: () => (touched.get(marketId) === at ? marketSlice(state, versions, marketId, at, slice) : null),
      });
  }
}

/** Plans each group of archived markets' summaries, as of the last event that changed one; changed again before it is written, it gives the snapshot up. */
export function planArchived(
  plan: PlannedPart[],
  state: EngineState,
  versions: StreamVersions,
  groups: ReadonlyMap<number, ArchivedGroup>,
): void {
  for (const [no, group] of groups) {
    const at = group.position;
    plan.push({
      key: archivedPartKey(no, at),
      build: () => {
        if (groups.get(no) !== group || group.position !== at) return null;
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
}

/**
 * Plans the provider window's previous generation, named by how many late calls changed it
 * (`changes`, read again when it is written: one more gives the snapshot up). Returns whether it
 * was planned, a part of its own the core leaves out; an empty one is not.
 */
export function planPrevious(plan: PlannedPart[], state: EngineState, changes: () => number): boolean {
  const previous = state.provider.previous;
  if (isEmpty(previous)) return false;
  const { turnedAt } = state.provider;
  const at = changes();
  plan.push({
    key: previousPartKey(turnedAt, at),
    build: () =>
      state.provider.previous === previous && changes() === at
        ? { kind: 'previous', turnedAt, changes: at, previous }
        : null,
  });
  return true;
}

/** Plans each full segment of the command window: its number names it, so each is written once. */
export function planCommands(plan: PlannedPart[], commands: CommandWindow): void {
  for (const no of commands.fullSegments)
    plan.push({
      key: commandsPartKey(no),
      build: () => {
        const entries = commands.segmentEntries(no);
        return entries && { kind: 'commands', no, entries };
      },
    });
}

const isEmpty = (g: ProviderGeneration): boolean => {
  for (const _ in g.txns) return false;
  for (const _ in g.rounds) return false;
  return true;
};

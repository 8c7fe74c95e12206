/**
 * For the tests of a snapshot saved while commands go on (snapshot-open-bets, snapshot-accounts):
 * a save with commands run between its parts, and the snapshot it left read back beside the log.
 */
import type { EventStore, StoredEvent } from '@exch/contracts';
import { type Engine, emptyState, type EngineState, fold, loadSnapshotCore, SNAPSHOT_NAME } from '@exch/engine';
import { Snapshots } from '../../services/engine/src/snapshot/snapshots.js';

/**
 * Saves a snapshot and runs `change` once, after the first part whose key starts with `prefix` is
 * written: the keys written in order, and how many had been when the change ran.
 */
export async function snapshotWhile(
  engine: Engine,
  store: EventStore,
  prefix: string,
  change: () => Promise<void>,
): Promise<{ keys: string[]; changedAfter: number }> {
  const keys: string[] = [];
  let changedAfter = -1;
  const saveSnapshotPart = store.saveSnapshotPart.bind(store);
  store.saveSnapshotPart = async (name, key, json) => {
    await saveSnapshotPart(name, key, json);
    keys.push(key);
    if (changedAfter >= 0 || !key.startsWith(prefix)) return;
    changedAfter = keys.length;
    await change();
  };
  try {
    await engine.saveSnapshot();
  } finally {
    store.saveSnapshotPart = saveSnapshotPart;
  }
  return { keys, changedAfter };
}

/** The stored snapshot put back, the state a fold of the log up to its position gives, and the whole log. */
export async function snapshotAndFold(store: EventStore): Promise<{
  position: number;
  restored: EngineState;
  atPosition: EngineState;
  log: StoredEvent[];
}> {
  const { position } = (await loadSnapshotCore(store, SNAPSHOT_NAME))!;
  const log = await store.readAll(0, 1_000_000);
  const restored = (await new Snapshots(store, SNAPSHOT_NAME, 1_000_000, 10_000).load())!;
  if (restored.position !== position)
    throw new Error(`the snapshot loaded is at ${restored.position}, not ${position}`);
  const atPosition = fold(emptyState(), log.filter((e) => e.position <= position) as never);
  return { position, restored: restored.state, atPosition, log };
}

/**
 * The next snapshot, saved with `change` run after its first part under `prefix` is written, read
 * back beside the log: the parts under `prefix` it named without writing them (the last
 * snapshot's), whether it wrote any under `prefix`, and the state it holds with a fold of the log
 * up to its position.
 */
export async function nextSnapshot(
  engine: Engine,
  store: EventStore,
  prefix: string,
  change: () => Promise<void>,
): Promise<{ kept: string[]; wrote: boolean; restored: EngineState; atPosition: EngineState }> {
  const { keys } = await snapshotWhile(engine, store, prefix, change);
  const { core } = (await loadSnapshotCore(store, SNAPSHOT_NAME))!;
  const kept = core.parts!.filter((k) => k.startsWith(prefix) && !keys.includes(k));
  const { restored, atPosition } = await snapshotAndFold(store);
  return { kept, wrote: keys.some((k) => k.startsWith(prefix)), restored, atPosition };
}

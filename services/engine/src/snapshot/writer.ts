import { createHash } from 'node:crypto';
import type { EventStore } from '@exch/contracts';
import { CORE_CHUNK, coreChunkKey, type PlannedPart, type SnapshotPart } from './parts.js';

/**
 * A snapshot's parts and core written to the store, and the part keys the store holds under the
 * snapshot's name. A part is written one per event-loop turn, so queued commands are decided
 * between them; `current` says whether the save still stands (no load began since it did).
 */
export class SnapshotWriter {
  /** Part keys the store holds for this name. */
  private saved = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly name: string,
  ) {}

  has(key: string): boolean {
    return this.saved.has(key);
  }

  /** The parts a snapshot saved or loaded names: the store holds them (and deleted the rest when its row was saved). */
  reset(keys: Iterable<string>): void {
    this.saved = new Set(keys);
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

  /** Writes the planned parts the store does not hold; returns the keys the core names, or null once the save is given up. */
  async parts(plan: readonly PlannedPart[], current: () => boolean): Promise<string[] | null> {
    const parts: string[] = [];
    for (const p of plan) {
      if (!p.settle && this.saved.has(p.key)) {
        parts.push(p.key);
        continue;
      }
      if (!(await this.turn(current))) return null;
      const key = p.settle ? p.settle() : p.key;
      parts.push(key);
      if (this.saved.has(key)) continue;
      const part = p.build();
      if (!part) return null;
      await this.write(key, part);
    }
    return parts;
  }

  /**
   * Writes the core (`head`, serialised at the snapshot's position) naming `parts`, in chunks;
   * returns their keys, or null once the save is given up.
   */
  async core(
    head: string,
    parts: readonly string[],
    position: number,
    current: () => boolean,
  ): Promise<string[] | null> {
    const json = `${head.slice(0, -1)},"parts":${JSON.stringify(parts)}}`;
    // Named by the parts too: two saves at one position can name different parts (a table slice
    // written again, or the last snapshot's), and a chunk is never saved again with other content.
    const named = createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);
    const chunks = Array.from({ length: Math.max(1, Math.ceil(json.length / CORE_CHUNK)) }, (_, i) =>
      coreChunkKey(position, named, i),
    );
    for (const [i, key] of chunks.entries()) {
      if (this.saved.has(key)) continue;
      if (!(await this.turn(current))) return null;
      await this.write(key, JSON.stringify(json.slice(i * CORE_CHUNK, (i + 1) * CORE_CHUNK)));
    }
    return chunks;
  }

  /** A turn of the event loop before each part, so queued commands are decided meanwhile. */
  private async turn(current: () => boolean): Promise<boolean> {
    await new Promise((r) => setImmediate(r));
    return current();
  }

  private async write(key: string, part: SnapshotPart | string): Promise<void> {
    await this.store.saveSnapshotPart(this.name, key, typeof part === 'string' ? part : JSON.stringify(part));
    this.saved.add(key);
  }
}

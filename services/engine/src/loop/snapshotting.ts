import type { Log } from '../log.js';
import type { Memory } from './memory.js';

/**
 * When the engine saves a snapshot of what it holds: every `every` events the log gains (0: only
 * when asked), one save at a time.
 */
export class Snapshotting {
  /** Events the log holds past the last snapshot. */
  private since = 0;
  /** A snapshot being saved (its core serialised before the first await, its parts between turns). */
  private saving: Promise<void> | null = null;

  constructor(
    private readonly memory: Memory,
    private readonly every: number,
    private readonly log: Log,
  ) {}

  /** A save begun and not ended yet. */
  get inFlight(): Promise<void> | null {
    return this.saving;
  }

  /** Whether enough events passed since the last snapshot, and none is being saved. */
  get due(): boolean {
    return this.every > 0 && this.since >= this.every && !this.saving;
  }

  /** Events the log gained. */
  count(events: number): void {
    this.since += events;
  }

  /** The state was loaded and the log after it folded: counted from the snapshot, so an engine restarted often still snapshots on schedule. */
  caughtUp(): void {
    this.since = this.memory.position - this.memory.loadedFrom;
  }

  /** The snapshot in flight, until it ends: Engine.stop() and saveSnapshot() wait for it. */
  begin(): Promise<void> {
    this.saving = this.snapshot().finally(() => (this.saving = null));
    return this.saving;
  }

  /** Saves the state as of now (no turn in flight); a save given up leaves its events counted for the next. */
  private async snapshot(): Promise<void> {
    const { position, state, versions, processed, snapshots } = this.memory;
    const since = this.since;
    this.since = 0;
    try {
      if (!(await snapshots.save(position, state, versions, processed))) this.since += since;
    } catch (err) {
      this.log.warn({ err, position }, 'snapshot failed; the log still holds everything');
    }
  }
}

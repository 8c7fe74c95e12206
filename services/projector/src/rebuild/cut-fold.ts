import { partitionOf, type SqlClient, type StoredEvent } from '@exch/contracts';
import { commitWithoutFlush } from '../checkpoints.js';
import { applyEvents, inSchema, type FoldTarget } from './schema.js';

export interface CutFoldOptions {
  /** Events per read and per transaction. */
  batchSize: number;
  /** 1 folds the whole log in order; more follows the events topic's partitions (distributed mode). */
  parts: number;
  /** Checked between batches. */
  signal?: AbortSignal;
  /** The first event the fold must not take: it stops there for good (a replay as of a moment). */
  stopAt?: (e: StoredEvent) => boolean;
  /** Inside each batch's own transaction, after the fold: a rebuild stores where it stands with its rows. */
  afterBatch?: (tx: SqlClient, folded: readonly number[], events: number) => Promise<void>;
  /** After each batch: the last position read and the events folded so far. */
  onProgress?: (read: number, events: number) => void;
}

/**
 * Folds the log into a schema up to a cut: one position for the whole log, or one per partition of
 * the events topic. A read model folded in distributed mode holds, per partition, every event up to
 * that partition's checkpoint (partitionOf(streamId, partitions)); folding exactly those, in log
 * order, gives the same tables (the read models do not depend on the order of streams).
 */
export class CutFold {
  /** Per partition (one: the whole log), the last position folded. */
  readonly folded: number[];
  events = 0;
  stopped = false;
  private readonly reported = new Set<string>();

  constructor(
    private readonly target: FoldTarget,
    private readonly opts: CutFoldOptions,
    from?: readonly number[],
  ) {
    this.folded = from && from.length === opts.parts ? [...from] : Array<number>(opts.parts).fill(0);
  }

  partOf(e: StoredEvent): number {
    return this.opts.parts === 1 ? 0 : partitionOf(e.streamId, this.opts.parts);
  }

  /** How many positions of the log lie between what is folded and `cut` (an upper bound of the events left). */
  behind(cut: readonly number[]): number {
    return cut.reduce((s, c, p) => s + Math.max(0, c - this.folded[p]!), 0);
  }

  /**
   * Folds, in log order, every event up to `cut` not folded yet. `tx` folds inside that transaction
   * (its search_path already set), else each batch commits on its own.
   */
  async foldTo(cut: readonly number[], tx?: SqlClient): Promise<void> {
    const { store } = this.target;
    let after = Math.min(...this.folded);
    const end = Math.max(...cut.map((c, p) => Math.max(c, this.folded[p]!)));
    while (!this.stopped && after < end) {
      this.opts.signal?.throwIfAborted();
      // Positions are gap-free (DESIGN.md rule 3), so this never reads past `end`.
      const batch = await store.readAll(after, Math.min(this.opts.batchSize, end - after));
      if (batch.length === 0) break;
      after = batch.at(-1)!.position;
      let take = batch.filter((e) => e.position > this.folded[this.partOf(e)]! && e.position <= cut[this.partOf(e)]!);
      const { stopAt } = this.opts;
      if (stopAt) {
        const late = take.findIndex(stopAt);
        if (late >= 0) {
          take = take.slice(0, late);
          this.stopped = true;
        }
      }
      if (take.length > 0) await this.apply(take, tx);
      this.opts.onProgress?.(after, this.events);
    }
    // Up to the cut, whether or not a partition had events there.
    if (!this.stopped) for (const [p, c] of cut.entries()) this.folded[p] = Math.max(this.folded[p]!, c);
  }

  private async apply(take: StoredEvent[], tx: SqlClient | undefined): Promise<void> {
    const next = [...this.folded];
    // A partition's events come in log order, so a later batch's are past these.
    for (const e of take) next[this.partOf(e)] = e.position;
    const fold = async (t: SqlClient) => {
      await commitWithoutFlush(t);
      await applyEvents(t, this.target, take, this.reported);
      await this.opts.afterBatch?.(t, next, this.events + take.length);
    };
    if (tx) await fold(tx);
    else await inSchema(this.target.store.sql, this.target.schema, fold);
    this.folded.splice(0, next.length, ...next);
    this.events += take.length;
  }
}

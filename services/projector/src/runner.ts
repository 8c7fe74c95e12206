import type { EventStore, StoredEvent, Subscription } from '@exch/contracts';
import { ensureCheckpointTables } from './checkpoint-tables.js';
import { commitWithoutFlush, readCheckpoint, readCheckpoints, writeCheckpoints } from './checkpoints.js';
import { prepareProjection } from './prepare.js';
import type { Projection } from './projection.js';
import { requestBuild } from './rebuild/builds.js';
import { runnerCut } from './rebuild/live-cut.js';
import { Rebuilds, type RebuildsOptions } from './rebuild/rebuilds.js';

export interface RunnerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectionLag {
  name: string;
  checkpoint: number;
  head: number;
  lag: number;
}

/** Events per build batch on PGlite: a few tens of milliseconds of folding, what a read may wait behind. */
const PGLITE_BUILD_BATCH = 1_000;

type AppliedListener = (name: string, events: StoredEvent[]) => void;

interface Running {
  projection: Projection;
  checkpoint: number;
  waiters: { position: number; resolve: () => void }[];
}

/**
 * Runs projections from their checkpoints over the in-process tail of the log. Each read model and
 * its checkpoint commit in one transaction, and events at or below the stored checkpoint are
 * skipped there, so a redelivered batch changes nothing (DESIGN.md rule 6).
 *
 * One pass serves every projection: the log is read once per batch and all read models fold it in
 * one transaction, each past its own checkpoint. On the embedded database, where every statement
 * queues on one connection, that is one read and one commit per batch instead of one per read
 * model. The price: a projection that keeps failing holds the others back until it is fixed.
 */
export class ProjectionRunner {
  private readonly running = new Map<string, Running>();
  private readonly listeners: AppliedListener[] = [];
  private subscription: Subscription | null = null;
  /** New versions folding beside the live tables (rebuild/). */
  readonly rebuilds: Rebuilds;

  constructor(
    private readonly store: EventStore,
    projections: Projection[],
    private readonly log: RunnerLog,
    private readonly batchSize = 500,
    /** A rebuild's batch size and how often builds are looked for (rebuild/rebuilds.ts). */
    rebuild: Pick<RebuildsOptions, 'batchSize' | 'pollMs'> = {},
  ) {
    for (const projection of projections) this.running.set(projection.name, { projection, checkpoint: 0, waiters: [] });
    this.rebuilds = new Rebuilds({
      store,
      projections,
      cutOf: (p) => runnerCut(p.name),
      // One embedded server per database: a build left by its last run is resumed at once.
      owner: 'embedded',
      log,
      // PGlite runs one transaction at a time: the screens' reads wait for a build's batch, so it is kept small there.
      ...(store.driver === 'pglite' ? { batchSize: PGLITE_BUILD_BATCH } : {}),
      ...rebuild,
    });
  }

  async start(): Promise<void> {
    await ensureCheckpointTables(this.store.sql);
    for (const r of this.running.values()) await this.prepare(r);
    this.follow();
    this.rebuilds.start();
  }

  /** Called after each committed batch: the websocket hub pushes from here. */
  onApplied(listener: AppliedListener): void {
    this.listeners.push(listener);
  }

  /** Resolves when every projection has folded the log up to `position` (read-your-writes). */
  async waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    const waits = [...this.running.values()].map((r) => this.waitOne(r, position));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`projections did not reach position ${position} in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([Promise.all(waits), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async lag(): Promise<ProjectionLag[]> {
    const head = await this.store.head();
    return [...this.running.values()].map((r) => ({
      name: r.projection.name,
      checkpoint: r.checkpoint,
      head,
      lag: head - r.checkpoint,
    }));
  }

  /**
   * Folds the projection again from the first event beside its live tables, which serve meanwhile,
   * and resolves once the new tables have taken their place. Refused while a build of it runs.
   */
  async rebuild(name: string, requestedBy: string | null = null): Promise<void> {
    const r = this.running.get(name);
    if (!r) throw new Error(`unknown projection ${name}`);
    const { version } = r.projection;
    if (!(await requestBuild(this.store.sql, { name, version, reason: 'request', requestedBy })))
      throw new Error(`a rebuild of ${name} is already running`);
    await this.rebuilds.finished(name);
  }

  async stop(): Promise<void> {
    await this.rebuilds.stop();
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Rebuilds on a version change, creates the tables and reads where the projection stands. */
  private async prepare(r: Running): Promise<void> {
    const { projection } = r;
    await prepareProjection(this.store.sql, projection, this.log);
    r.checkpoint = await readCheckpoint(this.store.sql, projection.name);
  }

  /** One subscription from the furthest-behind checkpoint feeds every projection. */
  private follow(): void {
    const from = Math.min(...[...this.running.values()].map((r) => r.checkpoint));
    this.subscription = this.store.subscribe(from, (batch) => this.applyBatch(batch), {
      batchSize: this.batchSize,
      onError: (err) => this.log.error({ err }, 'projection batch failed; retrying'),
    });
  }

  private async applyBatch(batch: StoredEvent[]): Promise<void> {
    const last = batch[batch.length - 1]!.position;
    const due = [...this.running.values()].filter((r) => r.checkpoint < last);
    if (due.length === 0) return;
    const applied = await this.store.sql.transaction(async (tx) => {
      await commitWithoutFlush(tx);
      const stored = await readCheckpoints(
        tx,
        due.map((r) => r.projection.name),
      );
      const folded: [Running, StoredEvent[]][] = [];
      for (const r of due) {
        const unseen = batch.filter((e) => e.position > (stored.get(r.projection.name) ?? 0));
        if (unseen.length === 0) continue;
        await r.projection.apply(tx, unseen);
        folded.push([r, unseen]);
        // On PGlite every statement runs on this thread, and a batch's read models held it for tens
        // of ms: a turn between them lets waiting requests in (the batch stays one transaction).
        if (this.store.driver === 'pglite') await new Promise((resolve) => setImmediate(resolve));
      }
      await writeCheckpoints(
        tx,
        folded.map(([r]) => r.projection.name),
        last,
      );
      return folded;
    });
    for (const r of due) r.checkpoint = Math.max(r.checkpoint, last);
    for (const [r, events] of applied) this.notify(r.projection.name, events);
    for (const r of due)
      r.waiters = r.waiters.filter((w) => (w.position <= r.checkpoint ? (w.resolve(), false) : true));
  }

  private notify(name: string, events: StoredEvent[]): void {
    for (const l of this.listeners) {
      try {
        l(name, events);
      } catch (err) {
        this.log.error({ err, projection: name }, 'applied-listener failed');
      }
    }
  }

  private waitOne(r: Running, position: number): Promise<void> {
    if (r.checkpoint >= position) return Promise.resolve();
    return new Promise((resolve) => r.waiters.push({ position, resolve }));
  }
}

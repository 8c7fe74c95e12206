import type { EventStore } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { runBuild, type BuildLog } from './build.js';
import { claimBuild, readBuilds } from './builds.js';
import type { LiveCut } from './live-cut.js';

export interface RebuildsLog extends BuildLog {
  error(obj: object, msg?: string): void;
}

export interface RebuildsOptions {
  store: EventStore;
  projections: readonly Projection[];
  /** Where each projection's live version stands (the runner's checkpoint, or a group's partitions). */
  cutOf(projection: Projection): LiveCut;
  /** This process, as projection_builds.owner. */
  owner: string;
  log: RebuildsLog;
  /** Events per read and per transaction (default 10,000). */
  batchSize?: number;
  /** How often the table of builds is read (default 1 s). */
  pollMs?: number;
  /** A build whose folder has not been heard of for this long is taken over (default 15 s). */
  staleMs?: number;
}

const RETRY_MS = 5_000;

/**
 * Runs the builds asked of this process's projections (projection_builds: an upgrade found at
 * start, or an operator's request through the API), each beside its live tables, several at once.
 * Any number of processes may poll the same table: a build is folded by the one that claimed it,
 * and taken over when that one stops being heard of.
 */
export class Rebuilds {
  private readonly running = new Map<string, Promise<void>>();
  private readonly failedAt = new Map<string, number>();
  private readonly abort = new AbortController();
  private readonly idle: { name: string; since: number; resolve: () => void }[] = [];
  /** Polls started: a waiter is answered by a poll that began after it asked. */
  private polls = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(private readonly o: RebuildsOptions) {}

  start(): void {
    const tick = () => {
      this.polling = this.poll()
        .catch((err: unknown) => this.o.log.error({ err }, 'reading the projection builds failed'))
        .finally(() => {
          if (!this.abort.signal.aborted) this.timer = setTimeout(tick, this.o.pollMs ?? 1_000);
        });
    };
    tick();
  }

  /** Resolves once `name` has no build waiting or running (the new version serves). */
  finished(name: string): Promise<void> {
    return new Promise((resolve) => this.idle.push({ name, since: this.polls, resolve }));
  }

  /** Stops between two batches; a build stopped mid-way resumes at the next start. */
  async stop(): Promise<void> {
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
    await Promise.allSettled(this.running.values());
  }

  private async poll(): Promise<void> {
    const seq = ++this.polls;
    const builds = await readBuilds(this.o.store.sql);
    const asked = new Set(builds.map((b) => b.name));
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const w = this.idle[i]!;
      if (seq > w.since && !asked.has(w.name) && !this.running.has(w.name)) {
        this.idle.splice(i, 1);
        w.resolve();
      }
    }
    for (const b of builds) {
      const projection = this.o.projections.find((p) => p.name === b.name);
      if (!projection || this.running.has(b.name) || this.abort.signal.aborted) continue;
      if (Date.now() - (this.failedAt.get(b.name) ?? 0) < RETRY_MS) continue;
      if (b.version !== projection.version) continue;
      const claimed = await claimBuild(this.o.store.sql, b.name, this.o.owner, this.o.staleMs ?? 15_000);
      if (!claimed) continue;
      const run = runBuild(claimed, {
        store: this.o.store,
        projection,
        cut: this.o.cutOf(projection),
        batchSize: this.o.batchSize ?? 10_000,
        signal: this.abort.signal,
        log: this.o.log,
      })
        .catch((err: unknown) => {
          if (this.abort.signal.aborted) return;
          this.failedAt.set(b.name, Date.now());
          this.o.log.error({ err, projection: b.name }, 'rebuild failed; trying again');
        })
        .finally(() => this.running.delete(b.name));
      this.running.set(b.name, run);
    }
  }
}

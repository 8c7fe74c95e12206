import {
  EngineUnavailableError,
  StaleEpochError,
  type CommandBus,
  type CommandEnvelope,
  type ExchangeRunnerUpdate,
  type ExecuteResult,
  type FeedUpdate,
  type Leadership,
  type StoredEvent,
} from '@exch/contracts';
import { tradedLadder } from '../betting/ladder.js';
import { Quotes } from '../betting/quotes.js';
import type { EngineState } from '../state.js';
import { DelayTimers } from './delays.js';
import { housekeepEvery, housekeeping } from './housekeeping.js';
import { Memory } from './memory.js';
import type { EngineOptions } from './options.js';
import { CommitPipeline } from './pipeline.js';
import type { Pending, Queued } from './queue.js';
import { reloadUntilDone, replayLog, standBy } from './recovery.js';
import { Snapshotting } from './snapshotting.js';
import { Turns } from './turn.js';

/**
 * The single writer (DESIGN.md rules 3 and 4): commands queue, each turn decides them one at a
 * time against the in-memory state, journals the turn's events in one transaction and only then
 * answers (turn.ts). A journal failure fails the turn's callers and rebuilds the state from
 * snapshot + log.
 */
export class Engine implements CommandBus {
  private readonly quotes = new Quotes();
  private readonly memory: Memory;
  private queue: Queued[] = [];
  private readonly delays = new DelayTimers();
  /** Read-backs waiting for the log to hold every event up to a position (ForgottenMarkets). */
  private committing: { position: number; resolve: () => void }[] = [];
  private readonly pipeline: CommitPipeline;
  private readonly turns: Turns;
  private readonly snapshotting: Snapshotting;
  /** A turn is deciding (synchronously) right now. */
  private deciding = false;
  /** The first journal failure of the turns in flight: the state is rebuilt once they have all settled. */
  private failure: unknown = null;
  private status: 'running' | 'recovering' | 'stopped' = 'recovering';
  private readonly maxBatch: number;
  private housekeepTimer: NodeJS.Timeout | null = null;
  /** Latency of the last journal commit, ms; for operators. */
  lastCommitMs = 0;
  private haltedWith!: (reason: string) => void;
  /** Resolves with the reason when the engine stops serving (stopped, or leadership lost). */
  readonly halted = new Promise<string>((resolve) => (this.haltedWith = resolve));

  /** Held from the moment it leads (Engine.start resolves only then). */
  private leadership!: Leadership;

  private constructor(private readonly opts: EngineOptions) {
    this.maxBatch = opts.maxBatch ?? 1_000;
    this.memory = new Memory(opts.store, this.quotes);
    this.pipeline = new CommitPipeline(opts.store, (ms, events) => {
      this.lastCommitMs = ms;
      opts.onCommit?.(ms, events);
    });
    this.snapshotting = new Snapshotting(this.memory, opts.snapshotEvery ?? 10_000, opts.log);
    this.turns = new Turns(opts, this.memory, this.quotes, this.delays, this.pipeline, {
      committedTo: (position) => this.committedTo(position),
      requeue: (p) => this.requeue(p),
      delayed: (due) => {
        if (this.status !== 'running') return due.reject(new EngineUnavailableError());
        this.queue.push(due);
        this.schedule();
      },
      committed: (stored) => this.committed(stored),
      failed: (err) => this.fail(err),
    });
  }

  /** Waits for leadership (a standby waits here), loads snapshot + log, then serves. */
  static async start(opts: EngineOptions): Promise<Engine> {
    const engine = new Engine(opts);
    // A standby loads the snapshot and follows the log while it waits for the lock, so a failover
    // costs the lock and the events of its last moments, not a snapshot load (docs/distributed.md).
    await engine.load();
    const leadership = await standBy(opts.store.acquireLeadership(), () =>
      engine.catchUp().catch((err: unknown) => opts.log.warn({ err }, 'standby could not follow the log')),
    );
    engine.leadership = leadership;
    await engine.catchUp();
    await engine.memory.snapshots.takeOver();
    engine.status = 'running';
    opts.log.info({ epoch: leadership.epoch, position: engine.memory.position }, 'engine leading');
    engine.housekeepTimer = housekeepEvery(opts, () => engine.housekeep());
    void leadership.lost.then(() => engine.halt('leadership lost'));
    return engine;
  }

  get epoch(): number {
    return this.leadership.epoch;
  }
  get headPosition(): number {
    return this.memory.position;
  }
  get queueDepth(): number {
    return this.queue.length;
  }
  get running(): boolean {
    return this.status === 'running';
  }
  /** Read-only view for tests and diagnostics; never mutate. */
  get view(): Readonly<EngineState> {
    return this.memory.state;
  }

  execute(envelope: CommandEnvelope): Promise<ExecuteResult> {
    if (this.status !== 'running') return Promise.reject(new EngineUnavailableError());
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, resolve, reject });
      this.schedule();
    });
  }

  /** Keeps the state bounded by what can still change (housekeeping.ts), as of `now`. */
  housekeep(now: Date = new Date()): Promise<ExecuteResult> {
    return this.execute(housekeeping(this.opts, now));
  }

  /** Resolves once the log holds every event up to `position` (at once if it does). */
  private committedTo(position: number): Promise<void> {
    if (this.memory.position >= position) return Promise.resolve();
    return new Promise((resolve) => this.committing.push({ position, resolve }));
  }

  /** Wakes the read-backs the log now holds enough for; all of them after a rebuild or a stop (the log is then all there is). */
  private wake(all: boolean): void {
    if (this.committing.length === 0) return;
    const { position } = this.memory;
    const due = this.committing.filter((w) => all || w.position <= position);
    this.committing = all ? [] : this.committing.filter((w) => w.position > position);
    for (const w of due) w.resolve();
  }

  /** Puts commands back at the head of the queue once the log was read for them (none if the engine stopped meanwhile). */
  private requeue(p: Pending): (items: Pending[]) => void {
    return (items) => {
      if (this.status !== 'running') return p.reject(new EngineUnavailableError());
      this.queue.unshift(...items);
      this.schedule();
    };
  }

  /** A live price from the feed; not journalled (docs/exchange.md). Ignored unless running. */
  quote(update: FeedUpdate): void {
    if (this.status !== 'running') return;
    this.queue.push({ quote: update });
    this.schedule();
  }

  /**
   * Saves a snapshot once the turns in flight have committed: a tool that wrote a long history
   * (scripts/history.ts) leaves no tail for the next start to replay.
   */
  async saveSnapshot(): Promise<void> {
    await this.pipeline.drain(() => this.deciding || this.queue.length > 0);
    // One save at a time: a save keeps what commands change meanwhile only for itself (Snapshots.changing, Table).
    while (this.snapshotting.inFlight) await this.snapshotting.inFlight;
    await this.snapshotting.begin();
  }

  async stop(): Promise<void> {
    this.halt('stopped');
    await this.pipeline.drain(() => this.deciding);
    await this.snapshotting.inFlight;
    await this.leadership.release();
  }

  private halt(reason: string): void {
    if (this.status === 'stopped') return;
    this.status = 'stopped';
    if (this.housekeepTimer) clearInterval(this.housekeepTimer);
    this.opts.log.warn({ reason, epoch: this.epoch }, 'engine stopped');
    this.haltedWith(reason);
    this.wake(true);
    for (const p of this.queue.splice(0)) if ('envelope' in p) p.reject(new EngineUnavailableError());
    this.delays.rejectAll();
  }

  /**
   * Starts a turn when there is work, none is deciding, and fewer than two are committing: the next
   * turn decides and writes while the previous one's commit (its fsync) is in flight.
   */
  private schedule(): void {
    if (this.deciding || this.status !== 'running' || this.queue.length === 0 || this.pipeline.full) return;
    this.deciding = true;
    setImmediate(() => {
      let commit: Promise<void>;
      try {
        commit = this.turns.run(this.queue.splice(0, this.maxBatch), this.epoch);
      } finally {
        this.deciding = false;
      }
      this.pipeline.track(commit, () => {
        this.settled();
        this.schedule();
      });
      this.schedule();
    });
  }

  /** A turn's events are in the log: read-backs waiting for them wake, and they count toward the next snapshot. */
  private committed(stored: StoredEvent[]): void {
    this.memory.position = Math.max(this.memory.position, ...stored.map((e) => e.position));
    this.wake(false);
    this.snapshotting.count(stored.length);
  }

  /** A runner's ladder as bets match against it now (betting/ladder.ts). */
  tradedPrices(marketId: string, selectionId: number): ExchangeRunnerUpdate | undefined {
    return tradedLadder(this.memory.state, this.quotes, marketId, selectionId);
  }

  /** A journal failure: no new turn starts, and once every append in flight has settled the state is rebuilt. */
  private fail(err: unknown): void {
    this.failure ??= err;
    if (this.status === 'running') this.status = 'recovering';
  }

  /** After each append settles: rebuild once none is in flight after a failure; snapshot when the pipeline is idle. */
  private settled(): void {
    if (!this.pipeline.idle) return;
    if (this.failure !== null) {
      const err = this.failure;
      this.failure = null;
      void this.recover(err);
      return;
    }
    if (this.status !== 'recovering' && this.snapshotting.due && !this.deciding) void this.snapshotting.begin();
  }

  private async recover(err: unknown): Promise<void> {
    if (err instanceof StaleEpochError) {
      this.halt('deposed by a newer leader');
      return;
    }
    this.opts.log.error({ err }, 'journal append failed; rebuilding state from the log');
    this.status = 'recovering';
    await reloadUntilDone(
      async () => {
        await this.load();
        this.wake(true);
        this.status = 'running';
        this.opts.log.info({ position: this.memory.position }, 'engine recovered');
      },
      this.opts.log,
      () => this.status === 'recovering',
    );
  }

  /** Snapshot + the log after it: where a start and a rebuild begin. */
  private async load(): Promise<void> {
    await this.memory.load();
    await this.catchUp();
  }

  /** Folds what the log holds after the state's position. */
  private async catchUp(): Promise<void> {
    await replayLog(this.opts.store, this.memory.position, (e) => this.memory.apply(e));
    this.snapshotting.caughtUp();
    this.memory.assigned = this.memory.position;
    this.pipeline.reset();
    this.opts.onLoaded?.(this.memory.position);
  }
}

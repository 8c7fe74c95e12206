import {
  EngineUnavailableError,
  StaleEpochError,
  type CommandBus,
  type CommandEnvelope,
  type CommittedEvent,
  type DomainEvent,
  type ExchangeRunnerUpdate,
  type ExecuteResult,
  type FeedUpdate,
  type Leadership,
  type PositionedEvent,
  type StoredEvent,
  unstorable,
} from '@exch/contracts';
import { tradedLadder } from '../betting/ladder.js';
import { betDelayMs } from '../betting/place.js';
import { Quotes } from '../betting/quotes.js';
import { decide } from '../decide.js';
import { CommandWindow } from '../snapshot/command-window.js';
import { Snapshots } from '../snapshot/snapshots.js';
import { StreamVersions } from '../snapshot/stream-versions.js';
import { emptyState, type EngineState } from '../state.js';
import { ArchivedMarkets } from './archived.js';
import { ForgottenMarkets } from './forgotten.js';
import { PaymentRecall } from './recall.js';
import { DelayTimers } from './delays.js';
import { applyQuote, autoCashOutAfter, type JournalOwn } from './feed.js';
import { foldJournalled, marketOf, positioned, recall } from './journal.js';
import { movedLadders, runnerKey } from './ladders.js';
import {
  DEFAULT_PAYMENTS_WINDOW_MS,
  DEFAULT_PROVIDER_IDEMPOTENCY_MS,
  DEFAULT_MARKET_MEMORY_MS,
  DEFAULT_REVOKE_WINDOW_MS,
  type EngineOptions,
} from './options.js';
import { CommitPipeline } from './pipeline.js';
import { delayable, HOUSEKEEP_PREFIX, isOwn, ownEnvelope, type Pending, type Queued } from './queue.js';
import { reloadUntilDone, replayLog } from './recovery.js';

/**
 * Named for the state's shape: a snapshot of an older shape is not loaded, the log is replayed
 * instead. A whole snapshot of this shape, from before snapshots had parts, still loads.
 */
export const SNAPSHOT_NAME = 'engine-v10';
const REMEMBERED_COMMANDS = 100_000;
/** Command ids per segment of the window: a full one is written to snapshots once. */
const COMMAND_SEGMENT = 2_500;

/**
 * The single writer (DESIGN.md rules 3 and 4): commands queue, each turn decides them one at a
 * time against the in-memory state, journals the turn's events in one transaction and only then
 * answers. A journal failure fails the turn's callers and rebuilds the state from snapshot + log.
 */
/** How often a standby folds the leader's new events while it waits for the lock. */
const STANDBY_FOLLOW_MS = 500;

export class Engine implements CommandBus {
  private state: EngineState = emptyState();
  private versions = new StreamVersions();
  private processed = new CommandWindow(REMEMBERED_COMMANDS, COMMAND_SEGMENT);
  private readonly snapshots: Snapshots;
  private position = 0;
  private sinceSnapshot = 0;
  private queue: Queued[] = [];
  private readonly quotes = new Quotes();
  private readonly delays = new DelayTimers();
  private readonly archived: ArchivedMarkets;
  private readonly forgotten: ForgottenMarkets;
  /** Read-backs waiting for the log to hold every event up to a position (ForgottenMarkets). */
  private committing: { position: number; resolve: () => void }[] = [];
  private readonly recall: PaymentRecall;
  private readonly pipeline: CommitPipeline;
  /** A turn is deciding (synchronously) right now. */
  private deciding = false;
  /** Commands of turns still committing: a retry meanwhile waits for the same answer. */
  private readonly uncommitted = new Map<string, CommittedEvent[]>();
  /** The last position given to an event, committed or in flight. */
  private assigned = 0;
  /** The first journal failure of the turns in flight: the state is rebuilt once they have all settled. */
  private failure: unknown = null;
  /** A snapshot being saved (its core serialised before the first await, its parts between turns). */
  private snapshotting: Promise<void> | null = null;
  private status: 'running' | 'recovering' | 'stopped' = 'recovering';
  private readonly snapshotEvery: number;
  private readonly maxBatch: number;
  private housekeepTimer: NodeJS.Timeout | null = null;
  /** Latency of the last journal commit, ms; for operators. */
  lastCommitMs = 0;
  private haltedWith!: (reason: string) => void;
  /** Resolves with the reason when the engine stops serving (stopped, or leadership lost). */
  readonly halted = new Promise<string>((resolve) => (this.haltedWith = resolve));

  /** Held from the moment it leads (Engine.start resolves only then). */
  private leadership!: Leadership;
  /** The position of the snapshot the state was loaded from. */
  private loadedFrom = 0;

  private constructor(private readonly opts: EngineOptions) {
    this.snapshotEvery = opts.snapshotEvery ?? 10_000;
    this.maxBatch = opts.maxBatch ?? 1_000;
    this.snapshots = new Snapshots(opts.store, SNAPSHOT_NAME, REMEMBERED_COMMANDS, COMMAND_SEGMENT);
    this.archived = new ArchivedMarkets(opts.store, opts.log);
    this.forgotten = new ForgottenMarkets(opts.store, opts.log, () => this.state);
    this.recall = new PaymentRecall(opts.store, opts.log);
    this.pipeline = new CommitPipeline(opts.store, (ms, events) => {
      this.lastCommitMs = ms;
      opts.onCommit?.(ms, events);
    });
  }

  /** Waits for leadership (a standby waits here), loads snapshot + log, then serves. */
  static async start(opts: EngineOptions): Promise<Engine> {
    const engine = new Engine(opts);
    // A standby loads the snapshot and follows the log while it waits for the lock, so a failover
    // costs the lock and the events of its last moments, not a snapshot load (docs/distributed.md).
    await engine.load();
    const leadership = await engine.standBy(opts.store.acquireLeadership());
    engine.leadership = leadership;
    await engine.catchUp();
    await engine.snapshots.takeOver();
    engine.status = 'running';
    opts.log.info({ epoch: leadership.epoch, position: engine.position }, 'engine leading');
    const every = opts.housekeepEveryMs ?? 60_000;
    if (every > 0)
      engine.housekeepTimer = setInterval(
        () => void engine.housekeep().catch((err) => opts.log.warn({ err }, 'housekeeping failed')),
        every,
      ).unref();
    void leadership.lost.then(() => engine.halt('leadership lost'));
    return engine;
  }

  get epoch(): number {
    return this.leadership.epoch;
  }
  get headPosition(): number {
    return this.position;
  }
  get queueDepth(): number {
    return this.queue.length;
  }
  get running(): boolean {
    return this.status === 'running';
  }
  /** Read-only view for tests and diagnostics; never mutate. */
  get view(): Readonly<EngineState> {
    return this.state;
  }

  execute(envelope: CommandEnvelope): Promise<ExecuteResult> {
    if (this.status !== 'running') return Promise.reject(new EngineUnavailableError());
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, resolve, reject });
      this.schedule();
    });
  }

  /**
   * What keeps the state bounded by what can still change: markets whose result was declared more
   * than the revoke window before `now` leave it with their bets (betting/archive.ts), and the
   * provider's idempotency and payments windows turn once a period (provider/window.ts, payments/window.ts).
   */
  housekeep(now: Date = new Date()): Promise<ExecuteResult> {
    const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
    return this.execute(
      ownEnvelope(HOUSEKEEP_PREFIX, now.toISOString(), {
        type: 'Housekeep',
        settledBefore: before(this.opts.revokeWindowMs ?? DEFAULT_REVOKE_WINDOW_MS),
        forgetBefore: before(this.opts.marketMemoryMs ?? DEFAULT_MARKET_MEMORY_MS),
        providerTurnBefore: before(this.opts.providerIdempotencyMs ?? DEFAULT_PROVIDER_IDEMPOTENCY_MS),
        paymentsTurnBefore: before(this.opts.paymentsWindowMs ?? DEFAULT_PAYMENTS_WINDOW_MS),
        confirmProposedBefore: this.opts.feedSettleDelayMs == null ? null : before(this.opts.feedSettleDelayMs),
      }),
    );
  }

  /** Resolves once the log holds every event up to `position` (at once if it does). */
  private committedTo(position: number): Promise<void> {
    if (this.position >= position) return Promise.resolve();
    return new Promise((resolve) => this.committing.push({ position, resolve }));
  }

  /** Wakes the read-backs the log now holds enough for; all of them after a rebuild or a stop (the log is then all there is). */
  private wake(all: boolean): void {
    if (this.committing.length === 0) return;
    const due = this.committing.filter((w) => all || w.position <= this.position);
    this.committing = all ? [] : this.committing.filter((w) => w.position > this.position);
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
    while (this.snapshotting) await this.snapshotting;
    await this.beginSnapshot();
  }

  async stop(): Promise<void> {
    this.halt('stopped');
    await this.pipeline.drain(() => this.deciding);
    await this.snapshotting;
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
        commit = this.turn();
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

  /**
   * Decides a batch against the in-memory state (synchronously), starts its journal append and
   * returns the promise of its end: its callers are answered once it committed, in turn order.
   */
  private turn(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    const events: PositionedEvent[] = [];
    /** The committed event each journalled event will be, aligned with `events`. */
    const slots: CommittedEvent[] = [];
    const answers: (() => void)[] = [];
    const inTurn = new Map<string, CommittedEvent[]>();
    /** Match-odds runners whose ladder this turn changes (ladders.ts). */
    const moved = new Set<string>();

    /** The engine's own decisions (rematches, auto cash outs) journalled in this turn. */
    const own: JournalOwn = (envelope, decided) =>
      inTurn.set(envelope.commandId, this.journal(envelope, decided, events, slots));

    const waiting: Pending[] = [];
    for (const item of batch) {
      if (!('envelope' in item)) {
        if (item.quote.type === 'exchange') moved.add(runnerKey(item.quote.marketId, item.quote.selectionId));
        applyQuote(this.state, this.quotes, item.quote, own);
        continue;
      }
      const p = item;
      waiting.push(p);
      const { commandId } = p.envelope;
      // A retry of a command still committing (this turn or the one before): the same answer, once it commits.
      const inFlight = inTurn.get(commandId) ?? this.uncommitted.get(commandId);
      if (inFlight) {
        answers.push(() =>
          p.resolve({ ok: true, positions: inFlight.map((e) => e.position), events: inFlight, duplicate: true }),
        );
        continue;
      }
      const earlier = this.processed.get(commandId);
      if (earlier) {
        answers.push(
          () =>
            void recall(this.opts.store, earlier).then(
              (events) => p.resolve({ ok: true, positions: earlier, events, duplicate: true }),
              p.reject,
            ),
        );
        continue;
      }
      if (!(delayable(p.envelope.command) && p.envelope.command.delayed) && this.delays.join(p)) {
        waiting.pop();
        continue;
      }
      const unknown = this.forgotten.unknownTo(this.state, p);
      if (unknown) {
        waiting.pop();
        this.forgotten.readBack(unknown, p, this.committedTo(this.assigned), this.requeue(p));
        continue;
      }
      const archived = this.archived.marketOf(this.state, p);
      if (archived) {
        waiting.pop();
        this.archived.readBack(archived, p, this.requeue(p));
        continue;
      }
      const need = this.recall.needs(this.state, p);
      if (need) {
        waiting.pop();
        this.recall.readBack(need, p, this.requeue(p));
        continue;
      }
      const decision = decide(this.state, p.envelope, this.quotes, this.recall.take(p));
      const delay = delayable(p.envelope.command) ? betDelayMs(this.state, p.envelope.command) : 0;
      if (decision.ok && delay > 0) {
        // In play: the bet waits out the market's delay, then is decided again against the prices of then.
        this.delays.start(p, delay, (due) => {
          if (this.status !== 'running') return due.reject(new EngineUnavailableError());
          this.queue.push(due);
          this.schedule();
        });
        waiting.pop();
        continue;
      }
      const settle = (r: ExecuteResult) => {
        p.resolve(r);
        this.delays.resolve(commandId, r);
      };
      // Defence in depth behind the gateway's text rule: a command whose events the journal would
      // refuse (NUL, a lone surrogate) is refused alone, never failing the whole turn's append.
      const unsafe = decision.ok
        ? unstorable({
            events: decision.events,
            metadata: [
              p.envelope.commandId,
              p.envelope.correlationId,
              p.envelope.actor,
              p.envelope.ip,
              p.envelope.device,
              p.envelope.at,
            ],
          })
        : null;
      if (!decision.ok || unsafe) {
        const refusal = decision.ok
          ? { code: 'UNSTORABLE', message: `The request holds characters that cannot be stored (${unsafe})` }
          : decision.refusal;
        answers.push(() => settle({ ok: false, refusal }));
        continue;
      }
      const committed = this.journal(p.envelope, decision.events, events, slots);
      inTurn.set(commandId, committed);
      autoCashOutAfter(this.state, this.quotes, decision.events, own);
      answers.push(() =>
        settle({ ok: true, positions: committed.map((e) => e.position), events: committed, duplicate: false }),
      );
    }
    for (const [commandId, committed] of inTurn) this.uncommitted.set(commandId, committed);
    return this.pipeline.commit(events, this.epoch).then(
      (stored) => {
        for (const commandId of inTurn.keys()) this.uncommitted.delete(commandId);
        this.position = Math.max(this.position, ...stored.map((e) => e.position));
        this.wake(false);
        this.sinceSnapshot += stored.length;
        if (stored.length > 0) {
          try {
            this.opts.onCommitted?.(stored);
          } catch (err) {
            // The events are durable; a listener's failure is its own (the read side catches up from the log).
            this.opts.log.error({ err }, 'a listener of committed events failed');
          }
        }
        // Commands that changed nothing are remembered too, so their retries answer `duplicate` alike.
        for (const [commandId, committed] of inTurn)
          if (committed.length > 0 || !isOwn(commandId))
            this.processed.remember(
              commandId,
              committed.map((e) => e.position),
            );
        for (const answer of answers) answer();
        try {
          if (this.opts.onPrices) {
            const ladders = movedLadders(this.state, this.quotes, moved, events);
            if (ladders.length > 0) this.opts.onPrices(ladders);
          }
        } catch (err) {
          this.opts.log.error({ err }, 'a listener of prices failed');
        }
      },
      (err: unknown) => {
        for (const commandId of inTurn.keys()) this.uncommitted.delete(commandId);
        const failed = new EngineUnavailableError('The bet engine could not save this request, please try again');
        for (const p of waiting) {
          p.reject(failed);
          this.delays.reject(p.envelope.commandId, failed);
        }
        this.fail(err);
      },
    );
  }

  /** A runner's ladder as bets match against it now (betting/ladder.ts). */
  tradedPrices(marketId: string, selectionId: number): ExchangeRunnerUpdate | undefined {
    return tradedLadder(this.state, this.quotes, marketId, selectionId);
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
    if (
      this.status !== 'recovering' &&
      this.snapshotEvery > 0 &&
      this.sinceSnapshot >= this.snapshotEvery &&
      !this.deciding &&
      !this.snapshotting
    ) {
      void this.beginSnapshot();
    }
  }

  /** The snapshot in flight, until it ends: stop() and saveSnapshot() wait for it. */
  private beginSnapshot(): Promise<void> {
    this.snapshotting = this.snapshot().finally(() => (this.snapshotting = null));
    return this.snapshotting;
  }

  /**
   * Evolves the state by a decision's events and queues them for this turn's journal transaction,
   * with the positions and stream versions the single writer assigns; returns them as the caller
   * will get them.
   */
  private journal(
    envelope: CommandEnvelope,
    decided: DomainEvent[],
    events: PositionedEvent[],
    slots: CommittedEvent[],
  ): CommittedEvent[] {
    return decided.map((event, i) => {
      this.snapshots.changing(this.state, this.versions, event);
      const version = this.versions.next(event.streamId, marketOf(event));
      const journalled = positioned(envelope, event, i, ++this.assigned, version);
      events.push(journalled);
      foldJournalled(this.state, this.versions, this.snapshots, event, journalled.position);
      this.quotes.absorb(event, this.state);
      const slot = { ...event, position: journalled.position, at: envelope.at } as CommittedEvent;
      slots.push(slot);
      return slot;
    });
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
        this.opts.log.info({ position: this.position }, 'engine recovered');
      },
      this.opts.log,
      () => this.status === 'recovering',
    );
  }

  /** Snapshot + the log after it: where a start and a rebuild begin. */
  private async load(): Promise<void> {
    const snap = await this.snapshots.load();
    this.state = snap?.state ?? emptyState();
    this.versions = snap?.versions ?? new StreamVersions();
    this.processed = snap?.commands ?? new CommandWindow(REMEMBERED_COMMANDS, COMMAND_SEGMENT);
    this.position = snap?.position ?? 0;
    this.loadedFrom = this.position;
    await this.catchUp();
  }

  /** Folds what the log holds after the state's position. */
  private async catchUp(): Promise<void> {
    await replayLog(this.opts.store, this.position, (e) => this.apply(e));
    // Counted from the snapshot, so an engine restarted often still snapshots on schedule.
    this.sinceSnapshot = this.position - this.loadedFrom;
    this.assigned = this.position;
    this.pipeline.reset();
  }

  /** Until the lock is won (at once on PGlite), the log's new events folded every STANDBY_FOLLOW_MS. */
  private async standBy(leading: Promise<Leadership>): Promise<Leadership> {
    let waiting = true;
    const settled = leading.then(
      () => void (waiting = false),
      () => void (waiting = false),
    );
    while (waiting) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([settled, new Promise((r) => (timer = setTimeout(r, STANDBY_FOLLOW_MS)))]);
      clearTimeout(timer);
      if (waiting)
        await this.catchUp().catch((err: unknown) => this.opts.log.warn({ err }, 'standby could not follow the log'));
    }
    return leading;
  }

  private apply(e: StoredEvent): void {
    const event = e as unknown as DomainEvent;
    this.snapshots.changing(this.state, this.versions, event);
    this.versions.record(e.streamId, e.streamVersion, marketOf(event));
    foldJournalled(this.state, this.versions, this.snapshots, event, e.position);
    const known = this.processed.get(e.metadata.commandId);
    if (known) known.push(e.position);
    else this.processed.remember(e.metadata.commandId, [e.position]);
    this.position = e.position;
  }

  private async snapshot(): Promise<void> {
    const position = this.position;
    const since = this.sinceSnapshot;
    this.sinceSnapshot = 0;
    try {
      if (!(await this.snapshots.save(position, this.state, this.versions, this.processed)))
        this.sinceSnapshot += since;
    } catch (err) {
      this.opts.log.warn({ err, position }, 'snapshot failed; the log still holds everything');
    }
  }
}

import {
  EngineUnavailableError,
  EVENT_SCHEMA_VERSION,
  StaleEpochError,
  type CommandEnvelope,
  type DomainEvent,
  type EventStore,
  type ExecuteResult,
  type CommandBus,
  type Leadership,
  type PositionedAppend,
  type PositionedEvent,
  type StoredEvent,
  unstorable,
} from '@exch/contracts';
import { randomUUID } from 'node:crypto';
import type { CashOut, CommittedEvent, ExchangeRunnerUpdate, FeedUpdate, PlaceBet } from '@exch/contracts';
import { tradedLadder } from './betting/ladder.js';
import { betDelayMs } from './betting/place.js';
import { readBack } from './betting/read-back.js';
import { Quotes } from './betting/quotes.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import type { Log } from './log.js';
import { roundStreamOf } from './provider/state.js';
import { CommandWindow } from './snapshot/command-window.js';
import { Snapshots } from './snapshot/snapshots.js';
import { StreamVersions } from './snapshot/stream-versions.js';
import { bookKey, emptyState, type EngineState } from './state.js';

export interface EngineOptions {
  store: EventStore;
  log: Log;
  /** Save a snapshot after this many events (0 = never). */
  snapshotEvery?: number;
  /** Most commands decided in one turn (one journal transaction). */
  maxBatch?: number;
  /** After each journal commit: its latency and event count (metrics). */
  onCommit?: (ms: number, events: number) => void;
  /**
   * After each journal commit and before its callers are answered, the committed events in log
   * order: the embedded server folds them into the read models and the gateway's directory
   * without reading the log back.
   */
  onCommitted?: (events: StoredEvent[]) => void;
  /**
   * After each turn, the traded ladders of the match-odds runners it changed (a feed move, a fill,
   * an order resting or leaving): what the screens show as available, the same book bets match.
   */
  onPrices?: (ladders: ExchangeRunnerUpdate[]) => void;
  /** How long a declared result can be revoked from the state alone; then the market's bets leave it (default 7 days). */
  revokeWindowMs?: number;
  /**
   * How long, at least, a closed third-party casino round's transaction ids keep their answers
   * (default a week; at most twice that): the idempotency window for the providers' retries.
   */
  providerIdempotencyMs?: number;
  /**
   * How long a feed's proposed result waits before it settles by itself (FEED_SETTLE_DELAY_MS); absent
   * or null, an admin confirms each. The edge confirms on time; housekeeping settles any it missed
   * (a restart during the delay).
   */
  feedSettleDelayMs?: number | null;
  /** How often the engine keeps its house (archives, the provider window; default every minute; 0 = only when asked). */
  housekeepEveryMs?: number;
}

interface Pending {
  envelope: CommandEnvelope;
  resolve: (r: ExecuteResult) => void;
  reject: (e: Error) => void;
}

/** A feed price change: applied to the quotes in turn order, so decisions see prices in arrival order. */
interface QuoteItem {
  quote: FeedUpdate;
}

/**
 * Named for the state's shape: a snapshot of an older shape is not loaded, the log is replayed
 * instead. A whole snapshot of this shape, from before snapshots had parts, still loads.
 */
export const SNAPSHOT_NAME = 'engine-v10';
const REMEMBERED_COMMANDS = 100_000;
/** Command ids per segment of the window: a full one is written to snapshots once. */
const COMMAND_SEGMENT = 2_500;
const LOAD_BATCH = 5_000;
const REMATCH_PREFIX = 'rematch:';
const HOUSEKEEP_PREFIX = 'housekeep:';
const RESTORE_PREFIX = 'restore:';
const AUTO_CASH_OUT_PREFIX = 'autocashout:';
/** The engine's own commands: one that changed nothing is not remembered (it is never retried). */
const OWN_PREFIXES = [REMATCH_PREFIX, HOUSEKEEP_PREFIX, RESTORE_PREFIX, AUTO_CASH_OUT_PREFIX];
export const DEFAULT_REVOKE_WINDOW_MS = 7 * 24 * 3600_000;
export const DEFAULT_PROVIDER_IDEMPOTENCY_MS = 7 * 24 * 3600_000;
/** One turn's commit in flight while the next decides and writes: PostgreSQL then groups their fsyncs. */
const MAX_IN_FLIGHT = 2;

/** A bet and a cash out wait out a market's in-play delay and are decided again after it. */
const delayable = (c: CommandEnvelope['command']): c is PlaceBet | CashOut =>
  c.type === 'PlaceBet' || c.type === 'CashOut';

/**
 * The single writer (DESIGN.md rules 3 and 4): commands queue, each turn decides them one at a
 * time against the in-memory state, journals the turn's events in one transaction and only then
 * answers. A journal failure fails the turn's callers and rebuilds the state from snapshot + log.
 */
export class Engine implements CommandBus {
  private state: EngineState = emptyState();
  private versions = new StreamVersions();
  private processed = new CommandWindow(REMEMBERED_COMMANDS, COMMAND_SEGMENT);
  private readonly snapshots: Snapshots;
  private position = 0;
  private sinceSnapshot = 0;
  private queue: (Pending | QuoteItem)[] = [];
  private readonly quotes = new Quotes();
  /** Bets waiting out their in-play delay, by command id; a retry meanwhile joins the first. */
  private readonly delayed = new Map<string, Pending[]>();
  /** A turn is deciding (synchronously) right now. */
  private deciding = false;
  /** Turns whose append is in flight, oldest first: at most MAX_IN_FLIGHT. */
  private readonly committing: Promise<void>[] = [];
  /** Commands of turns still committing: a retry meanwhile waits for the same answer. */
  private readonly uncommitted = new Map<string, CommittedEvent[]>();
  /** The last position given to an event, committed or in flight. */
  private assigned = 0;
  /** The first journal failure of the turns in flight: the state is rebuilt once they have all settled. */
  private failure: unknown = null;
  /** The last turn's append: the next one writes after it has written and commits after it has committed. */
  private lastAppend: PositionedAppend | null = null;
  /** A snapshot being saved (its core serialised before the first await, its parts between turns). */
  private snapshotting: Promise<void> | null = null;
  private status: 'running' | 'recovering' | 'stopped' = 'recovering';
  private readonly snapshotEvery: number;
  private readonly maxBatch: number;
  private housekeepTimer: NodeJS.Timeout | null = null;
  /** Commands that waited for an archived market to be read back: decided as they are after one try. */
  private readonly restoredFor = new Set<string>();
  /** Latency of the last journal commit, ms; for operators. */
  lastCommitMs = 0;
  private haltedWith!: (reason: string) => void;
  /** Resolves with the reason when the engine stops serving (stopped, or leadership lost). */
  readonly halted = new Promise<string>((resolve) => (this.haltedWith = resolve));

  private constructor(
    private readonly opts: EngineOptions,
    private readonly leadership: Leadership,
  ) {
    this.snapshotEvery = opts.snapshotEvery ?? 10_000;
    this.maxBatch = opts.maxBatch ?? 1_000;
    this.snapshots = new Snapshots(opts.store, SNAPSHOT_NAME, REMEMBERED_COMMANDS, COMMAND_SEGMENT);
  }

  /** Waits for leadership (a standby waits here), loads snapshot + log, then serves. */
  static async start(opts: EngineOptions): Promise<Engine> {
    const leadership = await opts.store.acquireLeadership();
    const engine = new Engine(opts, leadership);
    await engine.load();
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
   * provider's idempotency window turns once a period (provider/window.ts).
   */
  housekeep(now: Date = new Date()): Promise<ExecuteResult> {
    const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
    return this.execute(
      this.own(HOUSEKEEP_PREFIX, now.toISOString(), {
        type: 'Housekeep',
        settledBefore: before(this.opts.revokeWindowMs ?? DEFAULT_REVOKE_WINDOW_MS),
        providerTurnBefore: before(this.opts.providerIdempotencyMs ?? DEFAULT_PROVIDER_IDEMPOTENCY_MS),
        confirmProposedBefore: this.opts.feedSettleDelayMs == null ? null : before(this.opts.feedSettleDelayMs),
      }),
    );
  }

  private own(prefix: string, at: string, command: CommandEnvelope['command']): CommandEnvelope {
    return {
      commandId: `${prefix}${randomUUID()}`,
      correlationId: randomUUID(),
      actor: null,
      ip: null,
      device: null,
      at,
      command,
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
    while (this.deciding || this.committing.length > 0 || this.queue.length > 0)
      await Promise.allSettled([...this.committing, new Promise((r) => setTimeout(r, 5))]);
    await this.snapshotting;
    await this.snapshot();
  }

  async stop(): Promise<void> {
    this.halt('stopped');
    while (this.deciding || this.committing.length > 0)
      await Promise.allSettled([...this.committing, new Promise((r) => setTimeout(r, 5))]);
    await this.snapshotting;
    await this.leadership.release();
  }

  private halt(reason: string): void {
    if (this.status === 'stopped') return;
    this.status = 'stopped';
    if (this.housekeepTimer) clearInterval(this.housekeepTimer);
    this.opts.log.warn({ reason, epoch: this.epoch }, 'engine stopped');
    this.haltedWith(reason);
    for (const p of this.queue.splice(0)) if ('envelope' in p) p.reject(new EngineUnavailableError());
    for (const waiters of this.delayed.values()) for (const p of waiters) p.reject(new EngineUnavailableError());
    this.delayed.clear();
  }

  /**
   * Starts a turn when there is work, none is deciding, and fewer than two are committing: the next
   * turn decides and writes while the previous one's commit (its fsync) is in flight.
   */
  private schedule(): void {
    if (
      this.deciding ||
      this.status !== 'running' ||
      this.queue.length === 0 ||
      this.committing.length >= MAX_IN_FLIGHT
    )
      return;
    this.deciding = true;
    setImmediate(() => {
      let commit: Promise<void>;
      try {
        commit = this.turn();
      } finally {
        this.deciding = false;
      }
      this.committing.push(commit);
      void commit.finally(() => {
        this.committing.splice(this.committing.indexOf(commit), 1);
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
    /** Match-odds runners whose ladder this turn changes, as `marketId|selectionId`. */
    const moved = new Set<string>();

    const waiting: Pending[] = [];
    for (const item of batch) {
      if (!('envelope' in item)) {
        if (item.quote.type === 'exchange') moved.add(`${item.quote.marketId}|${item.quote.selectionId}`);
        this.applyQuote(item.quote, events, slots, inTurn);
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
            void this.recall(earlier).then(
              (events) => p.resolve({ ok: true, positions: earlier, events, duplicate: true }),
              p.reject,
            ),
        );
        continue;
      }
      const joined = this.delayed.get(commandId);
      if (joined && !(delayable(p.envelope.command) && p.envelope.command.delayed)) {
        joined.push(p);
        waiting.pop();
        continue;
      }
      const archived = this.archivedMarketOf(p.envelope);
      if (archived) {
        waiting.pop();
        this.readBack(archived, p);
        continue;
      }
      const decision = decide(this.state, p.envelope, this.quotes);
      const delay = delayable(p.envelope.command) ? betDelayMs(this.state, p.envelope.command) : 0;
      if (decision.ok && delay > 0) {
        this.delay(p, delay);
        waiting.pop();
        continue;
      }
      const settle = (r: ExecuteResult) => {
        p.resolve(r);
        for (const w of this.delayed.get(commandId) ?? []) w.resolve(r.ok ? { ...r, duplicate: true } : r);
        this.delayed.delete(commandId);
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
      answers.push(() =>
        settle({ ok: true, positions: committed.map((e) => e.position), events: committed, duplicate: false }),
      );
    }
    for (const [commandId, committed] of inTurn) this.uncommitted.set(commandId, committed);
    return this.commit(events).then(
      (stored) => {
        for (const commandId of inTurn.keys()) this.uncommitted.delete(commandId);
        this.position = Math.max(this.position, ...stored.map((e) => e.position));
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
          if (committed.length > 0 || !OWN_PREFIXES.some((prefix) => commandId.startsWith(prefix)))
            this.remember(
              commandId,
              committed.map((e) => e.position),
            );
        for (const answer of answers) answer();
        try {
          this.publishLadders(moved, events);
        } catch (err) {
          this.opts.log.error({ err }, 'a listener of prices failed');
        }
      },
      (err: unknown) => {
        for (const commandId of inTurn.keys()) this.uncommitted.delete(commandId);
        const failed = new EngineUnavailableError('The bet engine could not save this request, please try again');
        for (const p of waiting) {
          p.reject(failed);
          for (const w of this.delayed.get(p.envelope.commandId) ?? []) w.reject(failed);
          this.delayed.delete(p.envelope.commandId);
        }
        this.fail(err);
      },
    );
  }

  /**
   * Journals a turn's events behind the previous turn's append (a turn without events still waits
   * for it: a retry answered there may name its events); resolves with them as stored.
   */
  private async commit(events: PositionedEvent[]): Promise<StoredEvent[]> {
    const started = performance.now();
    const append = this.opts.store.appendPositioned(events, { epoch: this.epoch, after: this.lastAppend });
    this.lastAppend = append;
    await append.committed;
    if (events.length === 0) return [];
    this.lastCommitMs = performance.now() - started;
    this.opts.onCommit?.(this.lastCommitMs, events.length);
    const recordedAt = new Date().toISOString();
    return events.map((e) => ({ ...e, recordedAt }));
  }

  /** The ladders of the runners a committed turn moved, to whoever shows prices. */
  private publishLadders(moved: Set<string>, events: PositionedEvent[]): void {
    if (!this.opts.onPrices) return;
    for (const e of events) {
      const data = e.data as { betId?: string; marketId?: string };
      const bet = data.betId ? this.state.bets[data.betId] : undefined;
      if (bet?.kind === 'match_odds' && bet.selectionId !== null) moved.add(`${bet.marketId}|${bet.selectionId}`);
      else if (!bet && data.marketId && this.state.markets[data.marketId]?.kind === 'match_odds') {
        for (const r of this.state.markets[data.marketId]!.runners) moved.add(`${data.marketId}|${r.selectionId}`);
      }
    }
    const ladders = [...moved].flatMap((key) => {
      const [marketId, selectionId] = key.split('|') as [string, string];
      return this.tradedPrices(marketId, Number(selectionId)) ?? [];
    });
    if (ladders.length > 0) this.opts.onPrices(ladders);
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
    if (this.committing.length > 0) return;
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
      this.snapshotting = this.snapshot().finally(() => (this.snapshotting = null));
    }
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
      const positioned = this.positioned(envelope, event, i);
      events.push(positioned);
      this.fold(event, positioned.position);
      this.quotes.absorb(event, this.state);
      const slot = { ...event, position: positioned.position, at: envelope.at } as CommittedEvent;
      slots.push(slot);
      return slot;
    });
  }

  /** A journalled command's events, read back from the log for a retry's answer (positions of one command are consecutive). */
  private async recall(positions: number[]): Promise<CommittedEvent[]> {
    if (positions.length === 0) return [];
    const events = await this.opts.store.readAll(Math.min(...positions) - 1, positions.length);
    return events.map(
      (e) =>
        ({
          type: e.type,
          streamId: e.streamId,
          data: e.data,
          position: e.position,
          at: e.metadata.at,
        }) as CommittedEvent,
    );
  }

  /** A feed update: new prices, then any resting orders on that runner they reach are matched (journalled), then auto cash outs. */
  private applyQuote(
    update: FeedUpdate,
    events: PositionedEvent[],
    slots: CommittedEvent[],
    inTurn: Map<string, CommittedEvent[]>,
  ): void {
    this.quotes.apply(update);
    // A house rate that moved can cross a bookmaker position's auto cash out; it matches no resting order.
    if (update.type === 'bookmaker')
      return this.autoCashOut(update.marketId, update.selectionId, events, slots, inTurn);
    if (update.type !== 'exchange') return;
    const envelope: CommandEnvelope = {
      commandId: `${REMATCH_PREFIX}${randomUUID()}`,
      correlationId: randomUUID(),
      actor: null,
      ip: null,
      device: null,
      at: new Date().toISOString(),
      command: { type: 'MatchResting', marketId: update.marketId, selectionId: update.selectionId },
    };
    const decision = decide(this.state, envelope, this.quotes);
    if (decision.ok && decision.events.length > 0)
      inTurn.set(envelope.commandId, this.journal(envelope, decision.events, events, slots));
    this.autoCashOut(update.marketId, update.selectionId, events, slots, inTurn);
  }

  /** The runner's auto cash-out rules the new price crosses fire, one decision each (each hedge takes from the book the last left). */
  private autoCashOut(
    marketId: string,
    selectionId: number,
    events: PositionedEvent[],
    slots: CommittedEvent[],
    inTurn: Map<string, CommittedEvent[]>,
  ): void {
    const rules = this.state.autoCashOut[bookKey(marketId, selectionId)];
    for (let left = rules ? Object.keys(rules).length : 0; left > 0; left--) {
      const envelope: CommandEnvelope = {
        commandId: `${AUTO_CASH_OUT_PREFIX}${randomUUID()}`,
        correlationId: randomUUID(),
        actor: null,
        ip: null,
        device: null,
        at: new Date().toISOString(),
        command: { type: 'CheckAutoCashOut', marketId, selectionId, betId: randomUUID() },
      };
      const decision = decide(this.state, envelope, this.quotes);
      if (!decision.ok || decision.events.length === 0) return;
      inTurn.set(envelope.commandId, this.journal(envelope, decision.events, events, slots));
    }
  }

  /** The archived market a command needs read back from the log before it is decided (a revoke after the window). */
  private archivedMarketOf(envelope: CommandEnvelope): string | null {
    const c = envelope.command;
    if (c.type !== 'RevokeResult' || this.restoredFor.delete(envelope.commandId)) return null;
    return this.state.markets[c.marketId]?.archived ? c.marketId : null;
  }

  /**
   * Reads an archived market's events back from the log (by index), journals them folded as one
   * MarketRestored, then decides the waiting command against the market as it was: the log stays
   * the only truth, and a replay sees the same restore.
   */
  private readBack(marketId: string, p: Pending): void {
    this.restoredFor.add(p.envelope.commandId);
    const requeue = (items: Pending[]) => {
      if (this.status !== 'running') return p.reject(new EngineUnavailableError());
      this.queue.unshift(...items);
      this.schedule();
    };
    this.opts.store.readMarket(marketId).then(
      (events) => {
        const restored = readBack(marketId, events);
        if (!restored) return requeue([p]);
        const envelope = this.own(RESTORE_PREFIX, p.envelope.at, { type: 'RestoreMarket', restored });
        // Its refusal (another command restored it first) leaves the waiting command to be decided as the state is.
        requeue([{ envelope, resolve: () => {}, reject: () => {} }, p]);
      },
      (err: unknown) => {
        this.restoredFor.delete(p.envelope.commandId);
        this.opts.log.error({ err, marketId }, 'reading an archived market back failed');
        p.reject(new EngineUnavailableError('The bet engine could not read this market back, please try again'));
      },
    );
  }

  /** In play: the bet waits out the market's delay, then is decided again against the prices of then. */
  private delay(p: Pending, ms: number): void {
    this.delayed.set(p.envelope.commandId, []);
    const command = { ...p.envelope.command, delayed: true } as CommandEnvelope['command'];
    setTimeout(() => {
      if (this.status !== 'running') {
        p.reject(new EngineUnavailableError());
        return;
      }
      this.queue.push({ ...p, envelope: { ...p.envelope, command } });
      this.schedule();
    }, ms).unref();
  }

  /** The event with the next position and its stream's next version (the single writer assigns both). */
  private positioned(envelope: CommandEnvelope, event: DomainEvent, index: number): PositionedEvent {
    const version = this.versions.next(event.streamId, marketOf(event));
    return {
      position: ++this.assigned,
      streamId: event.streamId,
      streamVersion: version,
      // Derived from the command id so a retried command can never be journalled twice.
      eventId: `${envelope.commandId}/${index}`,
      type: event.type,
      schemaVersion: EVENT_SCHEMA_VERSION[event.type],
      data: event.data,
      metadata: {
        commandId: envelope.commandId,
        correlationId: envelope.correlationId,
        causationId: envelope.commandId,
        actor: envelope.actor,
        ip: envelope.ip,
        device: envelope.device,
        at: envelope.at,
      },
    };
  }

  /**
   * Folds an event into the state. Stream versions are kept for streams that can still be written
   * (an archived market's bets' go, and come back with it); those that seldom change are held
   * apart (a settled market's bets', an archived market's own, forgotten provider rounds'), and
   * the snapshot learns which of its parts the event changed.
   */
  private fold(event: DomainEvent, position: number): void {
    // The rounds a turn of the provider window forgets are the previous generation's, before it turns.
    const forgotten = event.type === 'ProviderWindowTurned' ? Object.keys(this.state.provider.previous.rounds) : null;
    evolve(this.state, event);
    const marketId = marketOf(event);
    if (forgotten && event.type === 'ProviderWindowTurned')
      this.versions.forget(event.data.turnedAt, forgotten.map(roundStreamOf));
    else if (event.type === 'MarketSettled' || event.type === 'MarketVoided')
      this.versions.settle(event.data.marketId, this.state.markets[event.data.marketId]!.betIds);
    else if (event.type === 'ResultRevoked') this.versions.reopen(event.data.marketId);
    else if (event.type === 'MarketArchived') this.versions.archive(event.data.marketId, event.data.betIds);
    else if (event.type === 'MarketRestored') this.versions.restore(event.data.marketId, event.data.streamVersions);
    this.snapshots.folded(this.state, marketId, position);
    this.snapshots.providerFolded(this.state, event);
  }

  private remember(commandId: string, positions: number[]): void {
    this.processed.remember(commandId, positions);
  }

  private async recover(err: unknown): Promise<void> {
    if (err instanceof StaleEpochError) {
      this.halt('deposed by a newer leader');
      return;
    }
    this.opts.log.error({ err }, 'journal append failed; rebuilding state from the log');
    this.status = 'recovering';
    for (let attempt = 1; this.status === 'recovering'; attempt++) {
      try {
        await this.load();
        this.status = 'running';
        this.opts.log.info({ position: this.position }, 'engine recovered');
      } catch (loadErr) {
        this.opts.log.error({ err: loadErr, attempt }, 'engine reload failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * attempt)));
      }
    }
  }

  private async load(): Promise<void> {
    const snap = await this.snapshots.load();
    this.state = snap?.state ?? emptyState();
    this.versions = snap?.versions ?? new StreamVersions();
    this.processed = snap?.commands ?? new CommandWindow(REMEMBERED_COMMANDS, COMMAND_SEGMENT);
    this.position = snap?.position ?? 0;
    for (;;) {
      const events = await this.opts.store.readAll(this.position, LOAD_BATCH);
      if (events.length === 0) break;
      for (const e of events) this.apply(e);
    }
    // Counted from the snapshot, so an engine restarted often still snapshots on schedule.
    this.sinceSnapshot = this.position - (snap?.position ?? 0);
    this.assigned = this.position;
    this.lastAppend = null;
  }

  private apply(e: StoredEvent): void {
    const event = e as unknown as DomainEvent;
    this.versions.record(e.streamId, e.streamVersion, marketOf(event));
    this.fold(event, e.position);
    const known = this.processed.get(e.metadata.commandId);
    if (known) known.push(e.position);
    else this.remember(e.metadata.commandId, [e.position]);
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

/** The market an event names, if any (every bet event names its market). */
const marketOf = (event: Pick<DomainEvent, 'data'>): string | undefined => {
  const marketId = (event.data as { marketId?: unknown }).marketId;
  return typeof marketId === 'string' ? marketId : undefined;
};

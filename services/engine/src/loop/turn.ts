import {
  EngineUnavailableError,
  type CommittedEvent,
  type ExecuteResult,
  type PositionedEvent,
  type StoredEvent,
  unstorable,
} from '@exch/contracts';
import { betDelayMs } from '../betting/place.js';
import type { Quotes } from '../betting/quotes.js';
import { decide } from '../decide.js';
import { ArchivedMarkets } from './archived.js';
import type { DelayTimers } from './delays.js';
import { applyQuote, autoCashOutAfter, type JournalOwn } from './feed.js';
import { ForgottenMarkets } from './forgotten.js';
import { recall } from './journal.js';
import { movedLadders, runnerKey } from './ladders.js';
import type { Memory } from './memory.js';
import type { EngineOptions } from './options.js';
import type { CommitPipeline } from './pipeline.js';
import { delayable, isOwn, type Pending, type Queued } from './queue.js';
import { PaymentRecall } from './recall.js';

/** What a turn asks of the engine running it (engine.ts). */
export interface TurnLoop {
  /** Resolves once the log holds every event up to `position` (at once if it does). */
  committedTo(position: number): Promise<void>;
  /** Puts commands back at the head of the queue once the log was read for them. */
  requeue(p: Pending): (items: Pending[]) => void;
  /** Queues a bet again once it waited out its market's delay. */
  delayed(due: Pending): void;
  /** The log holds the turn's events; its callers are answered next. */
  committed(stored: StoredEvent[]): void;
  /** The turn's append failed; its callers were refused. */
  failed(err: unknown): void;
}

/** A turn under way: what it journals, and what it answers once that commits. */
interface Turn {
  events: PositionedEvent[];
  /** The committed event each journalled event will be, aligned with `events`. */
  slots: CommittedEvent[];
  answers: (() => void)[];
  inTurn: Map<string, CommittedEvent[]>;
  /** Match-odds runners whose ladder this turn changes (ladders.ts). */
  moved: Set<string>;
  /** Callers answered by the turn's commit, refused if it fails. */
  waiting: Pending[];
  /** The engine's own decisions (rematches, auto cash outs) journalled in this turn. */
  own: JournalOwn;
}

/**
 * The single writer's turns (DESIGN.md rules 3 and 4): each decides a batch one command at a time
 * against the in-memory state, journals the turn's events in one transaction and only then
 * answers. A command that needs the log read first (a forgotten or archived market, a payment
 * request the window forgot) waits for it out of turn and is queued again.
 */
export class Turns {
  /** Commands of turns still committing: a retry meanwhile waits for the same answer. */
  private readonly uncommitted = new Map<string, CommittedEvent[]>();
  private readonly archived: ArchivedMarkets;
  private readonly forgotten: ForgottenMarkets;
  private readonly recall: PaymentRecall;

  constructor(
    private readonly opts: EngineOptions,
    private readonly memory: Memory,
    private readonly quotes: Quotes,
    private readonly delays: DelayTimers,
    private readonly pipeline: CommitPipeline,
    private readonly loop: TurnLoop,
  ) {
    this.archived = new ArchivedMarkets(opts.store, opts.log);
    this.forgotten = new ForgottenMarkets(opts.store, opts.log, () => memory.state);
    this.recall = new PaymentRecall(opts.store, opts.log);
  }

  /**
   * Decides a batch against the in-memory state (synchronously), starts its journal append and
   * returns the promise of its end: its callers are answered once it committed, in turn order.
   */
  run(batch: Queued[], epoch: number): Promise<void> {
    const turn: Turn = {
      events: [],
      slots: [],
      answers: [],
      inTurn: new Map(),
      moved: new Set(),
      waiting: [],
      own: (envelope, decided) =>
        turn.inTurn.set(envelope.commandId, this.memory.journal(envelope, decided, turn.events, turn.slots)),
    };
    for (const item of batch) {
      if ('envelope' in item) this.decide(turn, item);
      else {
        if (item.quote.type === 'exchange') turn.moved.add(runnerKey(item.quote.marketId, item.quote.selectionId));
        applyQuote(this.memory.state, this.quotes, item.quote, turn.own);
      }
    }
    for (const [commandId, committed] of turn.inTurn) this.uncommitted.set(commandId, committed);
    return this.pipeline.commit(turn.events, epoch).then(
      (stored) => this.answer(turn, stored),
      (err: unknown) => this.refuse(turn, err),
    );
  }

  /** One command of the turn: answered as a retry, held for a read-back or a delay, or decided and journalled. */
  private decide(turn: Turn, p: Pending): void {
    const { waiting, answers, inTurn } = turn;
    const { state } = this.memory;
    waiting.push(p);
    const { commandId } = p.envelope;
    // A retry of a command still committing (this turn or the one before): the same answer, once it commits.
    const inFlight = inTurn.get(commandId) ?? this.uncommitted.get(commandId);
    if (inFlight) {
      answers.push(() =>
        p.resolve({ ok: true, positions: inFlight.map((e) => e.position), events: inFlight, duplicate: true }),
      );
      return;
    }
    const earlier = this.memory.processed.get(commandId);
    if (earlier) {
      answers.push(
        () =>
          void recall(this.opts.store, earlier).then(
            (events) => p.resolve({ ok: true, positions: earlier, events, duplicate: true }),
            p.reject,
          ),
      );
      return;
    }
    if (!(delayable(p.envelope.command) && p.envelope.command.delayed) && this.delays.join(p)) {
      waiting.pop();
      return;
    }
    const unknown = this.forgotten.unknownTo(state, p);
    if (unknown) {
      waiting.pop();
      this.forgotten.readBack(unknown, p, this.loop.committedTo(this.memory.assigned), this.loop.requeue(p));
      return;
    }
    const archived = this.archived.marketOf(state, p);
    if (archived) {
      waiting.pop();
      this.archived.readBack(archived, p, this.loop.requeue(p));
      return;
    }
    const need = this.recall.needs(state, p);
    if (need) {
      waiting.pop();
      this.recall.readBack(need, p, this.loop.requeue(p));
      return;
    }
    const decision = decide(state, p.envelope, this.quotes, this.recall.take(p));
    const delay = delayable(p.envelope.command) ? betDelayMs(state, p.envelope.command) : 0;
    if (decision.ok && delay > 0) {
      // In play: the bet waits out the market's delay, then is decided again against the prices of then.
      this.delays.start(p, delay, (due) => this.loop.delayed(due));
      waiting.pop();
      return;
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
      return;
    }
    const committed = this.memory.journal(p.envelope, decision.events, turn.events, turn.slots);
    inTurn.set(commandId, committed);
    autoCashOutAfter(state, this.quotes, decision.events, turn.own);
    answers.push(() =>
      settle({ ok: true, positions: committed.map((e) => e.position), events: committed, duplicate: false }),
    );
  }

  /** The turn committed: its events go to the listeners, its commands are remembered, its callers answered in order. */
  private answer(turn: Turn, stored: StoredEvent[]): void {
    for (const commandId of turn.inTurn.keys()) this.uncommitted.delete(commandId);
    this.loop.committed(stored);
    if (stored.length > 0) {
      try {
        this.opts.onCommitted?.(stored);
      } catch (err) {
        // The events are durable; a listener's failure is its own (the read side catches up from the log).
        this.opts.log.error({ err }, 'a listener of committed events failed');
      }
    }
    // Commands that changed nothing are remembered too, so their retries answer `duplicate` alike.
    for (const [commandId, committed] of turn.inTurn)
      if (committed.length > 0 || !isOwn(commandId))
        this.memory.processed.remember(
          commandId,
          committed.map((e) => e.position),
        );
    for (const answer of turn.answers) answer();
    try {
      if (this.opts.onPrices) {
        const ladders = movedLadders(this.memory.state, this.quotes, turn.moved, turn.events);
        if (ladders.length > 0) this.opts.onPrices(ladders);
      }
    } catch (err) {
      this.opts.log.error({ err }, 'a listener of prices failed');
    }
  }

  /** The turn's append failed: every caller of it is refused, and the engine rebuilds once no append is in flight. */
  private refuse(turn: Turn, err: unknown): void {
    for (const commandId of turn.inTurn.keys()) this.uncommitted.delete(commandId);
    const failed = new EngineUnavailableError('The bet engine could not save this request, please try again');
    for (const p of turn.waiting) {
      p.reject(failed);
      this.delays.reject(p.envelope.commandId, failed);
    }
    this.loop.failed(err);
  }
}

import type { EventStore, PositionedAppend, PositionedEvent, StoredEvent } from '@exch/contracts';

/** One turn's commit in flight while the next decides and writes: PostgreSQL then groups their fsyncs. */
const MAX_IN_FLIGHT = 2;

/**
 * The turns' journal appends, in turn order: each writes after the one before has written and
 * commits after it has committed, so a turn can decide while the previous one's fsync is in flight.
 */
export class CommitPipeline {
  /** Turns whose append is in flight, oldest first: at most MAX_IN_FLIGHT. */
  private readonly inFlight: Promise<void>[] = [];
  /** The last turn's append: the next one writes after it has written and commits after it has committed. */
  private lastAppend: PositionedAppend | null = null;

  constructor(
    private readonly store: EventStore,
    /** After each commit that journalled events: its latency and event count. */
    private readonly onCommit: (ms: number, events: number) => void,
  ) {}

  get full(): boolean {
    return this.inFlight.length >= MAX_IN_FLIGHT;
  }
  get idle(): boolean {
    return this.inFlight.length === 0;
  }

  /** Tracks a turn's end; `settled` runs once it is no longer in flight. */
  track(turn: Promise<void>, settled: () => void): void {
    this.inFlight.push(turn);
    void turn.finally(() => {
      this.inFlight.splice(this.inFlight.indexOf(turn), 1);
      settled();
    });
  }

  /** Waits until no turn is in flight and `busy` says no more will start. */
  async drain(busy: () => boolean): Promise<void> {
    while (busy() || this.inFlight.length > 0)
      await Promise.allSettled([...this.inFlight, new Promise((r) => setTimeout(r, 5))]);
  }

  /** After a rebuild from the log nothing is in flight to write behind. */
  reset(): void {
    this.lastAppend = null;
  }

  /**
   * Journals a turn's events behind the previous turn's append (a turn without events still waits
   * for it: a retry answered there may name its events); resolves with them as stored.
   */
  async commit(events: PositionedEvent[], epoch: number): Promise<StoredEvent[]> {
    const started = performance.now();
    const append = this.store.appendPositioned(events, { epoch, after: this.lastAppend });
    this.lastAppend = append;
    await append.committed;
    if (events.length === 0) return [];
    this.onCommit(performance.now() - started, events.length);
    const recordedAt = new Date().toISOString();
    return events.map((e) => ({ ...e, recordedAt }));
  }
}

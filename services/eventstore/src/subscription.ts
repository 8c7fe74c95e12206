import type { StoredEvent, SubscribeOptions, Subscription } from '@exch/contracts';

/** Something new may be in the log: fired after a local commit or on a PostgreSQL NOTIFY. */
export class WakeSignal {
  readonly #listeners = new Set<() => void>();

  on(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  fire(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

export interface TailSource {
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
  wake: WakeSignal;
  /** Safety net: re-read this often even without a wake-up (a NOTIFY can be lost). */
  pollIntervalMs: number;
  /** Pause before retrying a batch whose read or handler failed. */
  retryDelayMs: number;
}

const DEFAULT_BATCH_SIZE = 500;

function defaultOnError(err: unknown): void {
  // No logger is injected here; a process warning is visible without crashing the tail.
  process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'EventStoreSubscription');
}

/**
 * Catch-up then live tail of the log. One loop reads a batch after the last delivered
 * position and awaits the handler before reading again, so handler calls never overlap
 * and a failed batch is retried from the same position (no event is ever skipped).
 */
export class Tail implements Subscription {
  #position: number;
  #stopped = false;
  /** Set by every wake-up; cleared before each read so a wake during the read is not lost. */
  #woken = false;
  #interrupt: (() => void) | null = null;
  #wakeable = false;
  readonly #unlisten: () => void;
  readonly #loop: Promise<void>;

  constructor(
    private readonly source: TailSource,
    after: number,
    private readonly handler: (batch: StoredEvent[]) => Promise<void>,
    private readonly options: SubscribeOptions = {},
    private readonly onStop: () => void = () => {},
  ) {
    this.#position = after;
    this.#unlisten = source.wake.on(() => this.#wake());
    this.#loop = this.#run();
  }

  get position(): number {
    return this.#position;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unlisten();
    this.onStop();
    this.#interrupt?.();
    await this.#loop;
  }

  #wake(): void {
    this.#woken = true;
    if (this.#wakeable) this.#interrupt?.();
  }

  /** Sleeps ms; stop() always cuts it short, a wake-up only when wakeable (idle, not retrying). */
  #pause(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.#interrupt = null;
        this.#wakeable = false;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.#interrupt = finish;
      this.#wakeable = wakeable;
    });
  }

  #report(err: unknown): void {
    try {
      (this.options.onError ?? defaultOnError)(err);
    } catch {
      // An onError that throws must not kill the tail.
    }
  }

  async #run(): Promise<void> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    while (!this.#stopped) {
      this.#woken = false;
      let batch: StoredEvent[];
      try {
        batch = await this.source.readAll(this.#position, batchSize);
      } catch (err) {
        if (this.#stopped) break;
        this.#report(err);
        await this.#pause(this.source.retryDelayMs, false);
        continue;
      }
      if (this.#stopped) break;
      const last = batch.at(-1);
      if (!last) {
        if (!this.#woken) await this.#pause(this.source.pollIntervalMs, true);
        continue;
      }
      try {
        await this.handler(batch);
        this.#position = last.position;
      } catch (err) {
        this.#report(err);
        if (!this.#stopped) await this.#pause(this.source.retryDelayMs, false);
        continue;
      }
      // A short batch reached the end of the log as it was read: rather than read nothing again,
      // wait for a wake-up (a commit since the read has already fired one) or the next poll.
      if (batch.length < batchSize && !this.#woken && !this.#stopped)
        await this.#pause(this.source.pollIntervalMs, true);
    }
  }
}

import { mergeReadTokens, type ReadBarrier, type ReadToken } from '@exch/contracts';
import { dropExpired } from './expire.js';

/**
 * How long a change's read token is kept for a reload to wait on. The read barrier itself answers
 * after 10 s (the read then may lag), so a token older than this only ever names what the read
 * models folded long ago: kept, it would be memory that grows with every market and session ever
 * changed.
 */
export const PENDING_MS = 60_000;

/**
 * Cached values keyed by id; a change drops the entry, and a reload waits until the read side
 * holds the change. What it keeps besides the values is bounded by what is in flight: loads under
 * way, and changes younger than PENDING_MS.
 */
export class Cache<T> {
  private readonly values = new Map<string, T | null>();
  /** Ids being loaded: how many loads, and how many changes came since the first began (a load that raced a change does not store what it read). */
  private readonly loading = new Map<string, { loads: number; changes: number }>();
  /** Changes the read models may not have folded yet, oldest first: a reload waits for its id's. */
  private readonly pending = new Map<string, { token: ReadToken; at: number }>();

  constructor(
    private readonly reads: ReadBarrier,
    private readonly load: (ids: string) => Promise<T | null>,
    /** Remember "none" too (ended sessions: a stolen token asks again and again). */
    private readonly cacheMissing: boolean,
    private readonly limit = 200_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Entries held, for a check that they stay bounded. */
  get size(): { values: number; loading: number; pending: number } {
    return { values: this.values.size, loading: this.loading.size, pending: this.pending.size };
  }

  async get(id: string): Promise<T | null> {
    const cached = this.values.get(id);
    if (cached !== undefined) return cached;
    const change = this.pending.get(id);
    if (change) await this.reads.waitFor(change.token);
    const inFlight = this.loading.get(id) ?? { loads: 0, changes: 0 };
    this.loading.set(id, inFlight);
    inFlight.loads++;
    const changes = inFlight.changes;
    try {
      const value = await this.load(id);
      if (inFlight.changes === changes) {
        this.pending.delete(id);
        if (value !== null || this.cacheMissing) {
          if (this.values.size >= this.limit) this.values.clear();
          this.values.set(id, value);
        }
      }
      return value;
    } finally {
      if (--inFlight.loads === 0) this.loading.delete(id);
    }
  }

  drop(id: string, token: ReadToken | null): void {
    this.values.delete(id);
    const inFlight = this.loading.get(id);
    if (inFlight) inFlight.changes++;
    const now = this.now();
    if (token) {
      const before = this.pending.get(id);
      // Deleted and set again, so the map stays in the order of its entries' last change.
      this.pending.delete(id);
      this.pending.set(id, { token: before ? mergeReadTokens(before.token, token) : token, at: now });
    }
    dropExpired(this.pending, (change) => change.at, now - PENDING_MS);
  }
}

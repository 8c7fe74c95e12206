/**
 * Failed-login throttle: after MAX_FAILURES failures for one username from one address within
 * the window, further attempts are refused until the window passes. Kept in memory per gateway,
 * which bounds guessing per instance; a shared store can replace it when gateways multiply.
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;
/** Keys kept at most: a flood of made-up usernames must not grow memory without bound. */
const MAX_KEYS = 100_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds until this key may try again, or 0. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    return recent.length >= MAX_FAILURES ? recent[0]! + WINDOW_MS - this.now() : 0;
  }

  fail(key: string): void {
    const list = [...this.recent(key), this.now()];
    this.failures.delete(key);
    this.failures.set(key, list);
    // Map order is insertion order, refreshed above: the first key is the least recently failed.
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}

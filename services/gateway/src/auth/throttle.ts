/**
 * Failed-login throttle: after MAX_FAILURES failures for one username from one address within
 * the window, further attempts are refused until the window passes. Kept in memory per gateway,
 * which bounds guessing per instance; a shared store can replace it when gateways multiply.
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds until this key may try again, or 0. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    return recent.length >= MAX_FAILURES ? recent[0]! + WINDOW_MS - this.now() : 0;
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
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

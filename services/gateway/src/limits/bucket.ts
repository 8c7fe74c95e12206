/** A token bucket's shape: up to `burst` at once, refilled at `perSecond` (Betfair's transaction limits work this way). */
export interface Rule {
  burst: number;
  perSecond: number;
}

/**
 * Token buckets by key, shared by whoever holds the same store: one process's memory (embedded) or
 * a PostgreSQL table every gateway reads (distributed), so a limit holds however many gateways serve.
 */
export interface RateStore {
  /**
   * Takes `cost` tokens from the key's bucket under the rule (a full bucket if the key is new). A
   * negative cost gives tokens back, never above the burst. Answers 0 when taken, otherwise the
   * milliseconds until the bucket holds enough (nothing is taken then).
   */
  take(key: string, rule: Rule, cost?: number): Promise<number>;
  /** Forgets buckets idle for IDLE_MS: refilled long since, they are the same as no bucket. */
  sweep(): Promise<void>;
}

/** Longer than any sensible rule takes to refill (a day); a bucket idle this long is dropped. */
export const IDLE_MS = 24 * 3600 * 1000;

/** Milliseconds until `level` tokens refill to `cost`. */
export const waitFor = (level: number, cost: number, rule: Rule): number =>
  Math.ceil(((cost - level) / rule.perSecond) * 1000);

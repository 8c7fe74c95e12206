import { IDLE_MS, waitFor, type RateStore, type Rule } from './bucket.js';

/** Buckets kept at most: a flood of made-up usernames or addresses must not grow memory without bound. */
const MAX_KEYS = 100_000;

/** Token buckets in this process's memory: the embedded server, where one gateway serves everyone. */
export class MemoryRateStore implements RateStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, rule: Rule, cost = 1): Promise<number> {
    const at = this.now();
    const bucket = this.buckets.get(key);
    const level = bucket
      ? Math.min(rule.burst, bucket.tokens + ((at - bucket.at) / 1000) * rule.perSecond)
      : rule.burst;
    const granted = level >= cost;
    // Re-inserted so the map's order is least recently used first, the one dropped when full.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: granted ? Math.min(rule.burst, level - cost) : level, at });
    if (this.buckets.size > MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
    return granted ? 0 : waitFor(level, cost, rule);
  }

  async sweep(): Promise<void> {
    const cutoff = this.now() - IDLE_MS;
    for (const [key, bucket] of this.buckets) if (bucket.at < cutoff) this.buckets.delete(key);
  }
}

import { LatestUpdates, type FeedPort, type FeedUpdate } from '@exch/contracts';

/** Changes are pushed at most this often: a burst of ticks on one runner becomes one push with the latest. */
export const COALESCE_MS = 100;
/** How often what the feed no longer lists is dropped (sweep). */
const SWEEP_MS = 60_000;

/**
 * The latest feed update of every runner, fancy and score, kept by the gateway to answer reads
 * without asking the engine; and the keys that changed, handed on at most every COALESCE_MS.
 */
export class LivePrices extends LatestUpdates {
  private readonly matchOfMarket = new Map<string, string>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | undefined;
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly feed: FeedPort | null,
    private readonly onChanges: (updates: FeedUpdate[]) => void,
  ) {
    super();
  }

  start(): void {
    if (!this.feed) return;
    this.unsubscribe = this.feed.subscribe((u) => this.receive(u));
    for (const u of this.feed.snapshot()) this.put(u);
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    clearInterval(this.sweeper);
  }

  /**
   * Drops the prices of markets and the scores of matches the feed no longer lists (a closed market
   * it has forgotten): a gateway that runs for months keeps what the feed carries, not every market
   * it ever priced. A catalogue with no market at all (a remote feed before its first state) drops nothing.
   */
  sweep(): void {
    if (!this.feed) return;
    const catalogue = this.feed.catalogue();
    if (catalogue.markets.length === 0) return;
    const markets = new Set(catalogue.markets.map((m) => m.marketId));
    const matches = new Set(catalogue.matches.map((m) => m.id));
    for (const [key, u] of this.latest) {
      if (u.type === 'score' ? matches.has(u.matchId) : markets.has(u.marketId)) continue;
      if (u.type === 'score') this.latest.delete(key);
      else this.forget(u.marketId);
    }
    for (const key of this.dirty) if (!this.latest.has(key)) this.dirty.delete(key);
    for (const marketId of this.matchOfMarket.keys()) if (!markets.has(marketId)) this.matchOfMarket.delete(marketId);
  }

  /** The match a feed market belongs to (from the feed's own catalogue, re-read when a market is new to it). */
  matchOf(u: FeedUpdate): string | null {
    if (u.type === 'score') return u.matchId;
    if (!this.matchOfMarket.has(u.marketId) && this.feed) {
      for (const m of this.feed.catalogue().markets) this.matchOfMarket.set(m.marketId, m.matchId);
    }
    return this.matchOfMarket.get(u.marketId) ?? null;
  }

  private receive(u: FeedUpdate): void {
    this.dirty.add(this.put(u));
    this.timer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  private flush(): void {
    this.timer = null;
    const updates = [...this.dirty].map((k) => this.latest.get(k)!);
    this.dirty.clear();
    // A sweep may have dropped every key the burst changed.
    if (updates.length > 0) this.onChanges(updates);
  }
}

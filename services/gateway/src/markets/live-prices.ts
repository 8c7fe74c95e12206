import { LatestUpdates, type FeedPort, type FeedUpdate } from '@exch/contracts';

/** Changes are pushed at most this often: a burst of ticks on one runner becomes one push with the latest. */
export const COALESCE_MS = 100;

/**
 * The latest feed update of every runner, fancy and score, kept by the gateway to answer reads
 * without asking the engine; and the keys that changed, handed on at most every COALESCE_MS.
 */
export class LivePrices extends LatestUpdates {
  private readonly matchOfMarket = new Map<string, string>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
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
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
    this.onChanges(updates);
  }
}

import type { Catalogue, ExchangeRunnerUpdate, FeedPort, FeedUpdate } from '@exch/contracts';

/**
 * The prices the screens show: the source feed's, except that a match-odds runner's ladder is the
 * engine's traded one (the feed's offers less what players hold taken, plus other players' resting
 * orders), the same book bets match against. Bookmaker, fancy and score updates pass through.
 */
export class TradedFeed implements FeedPort {
  private readonly listeners = new Set<(u: FeedUpdate) => void>();

  constructor(
    private readonly source: FeedPort,
    /** The engine's ladder for a runner now; undefined while no engine leads here. */
    private readonly ladder: (marketId: string, selectionId: number) => ExchangeRunnerUpdate | undefined,
  ) {}

  catalogue(): Catalogue {
    return this.source.catalogue();
  }

  snapshot(): FeedUpdate[] {
    return this.source
      .snapshot()
      .map((u) => (u.type === 'exchange' ? (this.ladder(u.marketId, u.selectionId) ?? u) : u));
  }

  subscribe(listener: (update: FeedUpdate) => void): () => void {
    this.listeners.add(listener);
    // The engine sends the exchange ladders (traded()); the source everything else.
    const unsubscribe = this.source.subscribe((u) => {
      if (u.type !== 'exchange') listener(u);
    });
    return () => {
      this.listeners.delete(listener);
      unsubscribe();
    };
  }

  /** The engine's ladders after a turn. */
  traded(ladders: ExchangeRunnerUpdate[]): void {
    for (const u of ladders) for (const l of this.listeners) l(u);
  }

  start(): void {
    this.source.start();
  }

  stop(): void {
    this.source.stop();
  }
}

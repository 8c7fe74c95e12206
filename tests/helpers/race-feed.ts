import {
  tickFrom,
  type Catalogue,
  type FeedPort,
  type FeedUpdate,
  type MarketStateUpdate,
  type PriceSize,
} from '@exch/contracts';

/**
 * A real FeedPort for tests that need racing (the simulator only simulates its own sports): the
 * simulator's catalogue and prices if given, plus a horse race (WIN and PLACE, eight runners) and a
 * greyhound race (WIN, six traps) with three levels of prices a side and their market definitions,
 * as a real exchange's feed states them. `send` pushes a later change (a non-runner, the off, a result).
 */
export class RaceFeed implements FeedPort {
  private readonly listeners = new Set<(u: FeedUpdate) => void>();
  private readonly startTime = new Date(Date.now() + 20 * 60_000).toISOString();

  constructor(private readonly base: FeedPort | null = null) {}

  catalogue(): Catalogue {
    const own: Catalogue = {
      sports: [
        { id: 7, name: 'Horse Racing' },
        { id: 4339, name: 'Greyhound Racing' },
      ],
      series: [
        { id: 'ascot', sportId: 7, name: 'Ascot' },
        { id: 'romford', sportId: 4339, name: 'Romford' },
      ],
      matches: [
        { id: 'HR1', seriesId: 'ascot', sportId: 7, name: '14:30 Ascot', startTime: this.startTime, inPlay: false },
        {
          id: 'GR1',
          seriesId: 'romford',
          sportId: 4339,
          name: '19:42 Romford',
          startTime: this.startTime,
          inPlay: false,
        },
      ],
      markets: [
        { marketId: 'HR1-WIN', matchId: 'HR1', kind: 'match_odds', name: 'Win', runners: HORSES },
        { marketId: 'HR1-PLC', matchId: 'HR1', kind: 'match_odds', name: 'To Be Placed', runners: HORSES },
        { marketId: 'GR1-WIN', matchId: 'GR1', kind: 'match_odds', name: 'Win', runners: DOGS },
      ],
    };
    const base = this.base?.catalogue();
    if (!base) return own;
    return {
      sports: [...base.sports, ...own.sports],
      series: [...base.series, ...own.series],
      matches: [...base.matches, ...own.matches],
      markets: [...base.markets, ...own.markets],
    };
  }

  snapshot(): FeedUpdate[] {
    const prices = (marketId: string, runners: { selectionId: number }[], from: number): FeedUpdate[] =>
      runners.map((r, i) => offers(marketId, r.selectionId, tickFrom(from, i * 12)!));
    return [
      ...(this.base?.snapshot() ?? []),
      ...prices('HR1-WIN', HORSES, 300),
      ...prices('HR1-PLC', HORSES, 150),
      ...prices('GR1-WIN', DOGS, 250),
      definition('HR1-WIN', HORSES, 1),
      definition('HR1-PLC', HORSES, 2),
      definition('GR1-WIN', DOGS, 1),
    ];
  }

  subscribe(listener: (update: FeedUpdate) => void): () => void {
    this.listeners.add(listener);
    const unsubscribe = this.base?.subscribe(listener);
    return () => {
      this.listeners.delete(listener);
      unsubscribe?.();
    };
  }

  start(): void {
    this.base?.start();
  }

  stop(): void {
    this.base?.stop();
  }

  /** A change as the feed would send it. */
  send(update: FeedUpdate): void {
    for (const listener of this.listeners) listener(update);
  }

  /** The race's definition with these runners' statuses changed (e.g. `{ 7005: ['REMOVED', 16.2] }`). */
  static definition(
    marketId: 'HR1-WIN' | 'HR1-PLC' | 'GR1-WIN',
    over: Partial<Pick<MarketStateUpdate, 'status' | 'inPlay' | 'betDelaySec'>>,
    runners: Record<number, [MarketStateUpdate['runners'][number]['status'], number?]>,
  ): MarketStateUpdate {
    const base = definition(marketId, marketId === 'GR1-WIN' ? DOGS : HORSES, marketId === 'HR1-PLC' ? 2 : 1);
    return {
      ...base,
      ...over,
      runners: base.runners.map((r) => {
        const [status, factor] = runners[r.selectionId] ?? [r.status];
        return {
          ...r,
          status,
          adjustmentFactor: factor ?? r.adjustmentFactor,
          removalDate: status === 'REMOVED' ? new Date().toISOString() : null,
        };
      }),
    };
  }
}

export const HORSES = [
  'Frankel Star',
  'Desert Crown',
  'Baaeed Legacy',
  'Enable Again',
  'Sea The Moon',
  'Kingman Gold',
  'Golden Horn',
  'Stradivarius',
].map((name, i) => ({ selectionId: 7001 + i, name }));

export const DOGS = ['Swift Blaze', 'Droopys Jet', 'Ballymac Ace', 'Romeo Magico', 'Signet Ace', 'Fabulous Bale'].map(
  (name, i) => ({ selectionId: 8001 + i, name }),
);

/** Three levels a side around `best`, one tick apart, ₹2,000 to ₹6,000 each. */
function offers(marketId: string, selectionId: number, best: number): FeedUpdate {
  const level = (ticks: number, size: number): PriceSize => ({ price: tickFrom(best, ticks)!, size });
  return {
    type: 'exchange',
    marketId,
    selectionId,
    status: 'ACTIVE',
    back: [level(0, 2_000_00), level(-1, 4_000_00), level(-2, 6_000_00)],
    lay: [level(2, 2_500_00), level(3, 4_500_00), level(4, 6_000_00)],
  };
}

function definition(marketId: string, runners: { selectionId: number }[], numberOfWinners: number): MarketStateUpdate {
  return {
    type: 'market',
    marketId,
    status: 'OPEN',
    inPlay: false,
    betDelaySec: 0,
    numberOfWinners,
    source: 'betfair',
    runners: runners.map((r, i) => ({
      selectionId: r.selectionId,
      status: 'ACTIVE',
      adjustmentFactor: Number((30 - i * 3.1).toFixed(1)),
      removalDate: null,
    })),
  };
}

/**
 * The feed port (DESIGN.md services/feeds, docs/exchange.md): the shapes of market data the
 * engine will consume. Prices are integer hundredths on the ladder of '@exch/contracts'
 * (1.85 -> 185), sizes integer paise, bookmaker rates and fancy rates integers (profit = rate x
 * stake / 100), fancy lines integer runs. Feed updates are not journalled; the engine keeps the
 * latest of each and records the price it used in the events it writes.
 */
import type { BatsmanScore, BowlerFigures, InningsScore } from './score.js';

/** The sports the product offers whether or not a feed lists them now, under Betfair's event type ids. */
export const SPORTS = [
  { id: 1, name: 'Soccer' },
  { id: 2, name: 'Tennis' },
  { id: 4, name: 'Cricket' },
  { id: 7, name: 'Horse Racing' },
  { id: 4339, name: 'Greyhound Racing' },
] as const;

/**
 * A sport is a Betfair event type id: one of SPORTS, or any other a real feed lists (darts, snooker,
 * politics...), which is offered under the name its catalogue gives it.
 */
export type SportId = number;

export interface Sport {
  id: SportId;
  name: string;
}

export interface Series {
  id: string;
  sportId: SportId;
  name: string;
}

export interface Match {
  id: string;
  seriesId: string;
  sportId: SportId;
  name: string;
  /** ISO 8601, UTC. */
  startTime: string;
  inPlay: boolean;
}

export type MarketKind = 'match_odds' | 'bookmaker' | 'fancy';

/** The fancy types of SPEC.md section 2 (Match detail screen): all drawn with the No/Yes layout. */
export const FANCY_TYPES = ['meter', 'oddeven', 'khado', 'Normal', 'fancy1', 'Over by over'] as const;
export type FancyType = (typeof FANCY_TYPES)[number];

export interface Runner {
  selectionId: number;
  name: string;
}

interface MarketBase {
  marketId: string;
  matchId: string;
  name: string;
  /** The feed that lists it, so operators see where a market comes from before its first definition; absent: the simulator. */
  source?: 'betfair' | 'simulator';
}

/** Match odds (exchange) and bookmaker markets: one runner per selection, in display order. */
export interface RunnerMarket extends MarketBase {
  kind: 'match_odds' | 'bookmaker';
  runners: Runner[];
}

/** A fancy (session) market: no runners; its Yes/No line is the market. */
export interface FancyMarket extends MarketBase {
  kind: 'fancy';
  fancyType: FancyType;
  runners: [];
}

export type Market = RunnerMarket | FancyMarket;

export interface Catalogue {
  sports: Sport[];
  series: Series[];
  matches: Match[];
  markets: Market[];
}

/** Status a feed may give a runner or a fancy. CLOSED and SETTLED are the engine's, not the feed's. */
export const FEED_STATUSES = ['ACTIVE', 'SUSPENDED', 'Ball Running'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

export interface PriceSize {
  /** Integer hundredths on the ladder. */
  price: number;
  /** Integer paise, > 0. */
  size: number;
}

/**
 * One exchange runner's offers, at most 3 levels a side. `back` = prices a player can back at
 * (resting lays), best (highest) first, strictly descending; `lay` = prices a player can lay at,
 * best (lowest) first, strictly ascending; back[0].price < lay[0].price.
 */
export interface ExchangeRunnerUpdate {
  type: 'exchange';
  marketId: string;
  selectionId: number;
  status: FeedStatus;
  back: PriceSize[];
  lay: PriceSize[];
}

/** A bookmaker runner's house rates, integers with back < lay (profit = rate x stake / 100). */
export interface BookmakerRunnerUpdate {
  type: 'bookmaker';
  marketId: string;
  selectionId: number;
  status: FeedStatus;
  back: number;
  lay: number;
}

export interface FancySide {
  /** Integer runs, >= 0. */
  line: number;
  /** Integer rate/volume (profit = rate x stake / 100). */
  rate: number;
}

/** A fancy's No/Yes offer; no.line <= yes.line. */
export interface FancyUpdate {
  type: 'fancy';
  marketId: string;
  status: FeedStatus;
  no: FancySide;
  yes: FancySide;
}

/**
 * The live score of a cricket match in play: the current innings (innings counts up, and within
 * one innings runs, wickets and balls only go up), the innings before it, the target of a chase,
 * and the batsmen and bowlers when the feed names them.
 */
export interface CricketScoreUpdate extends InningsScore {
  type: 'score';
  matchId: string;
  /** The innings completed before this one, oldest first. */
  previous: InningsScore[];
  /** Overs a side of a limited-overs match (20 for a T20); null when the feed does not say. */
  maxOvers: number | null;
  /** The runs the batting side must reach to win (`limitedOversTarget`); null outside a chase. */
  target: number | null;
  /** The two batsmen in; empty when the feed does not name them. */
  batsmen: BatsmanScore[];
  /** The bowlers on, as the feed lists them; empty when it does not name them. */
  bowlers: BowlerFigures[];
  /** The toss in the feed's words; null when it does not say. */
  toss: string | null;
}

/** A runner's status in a feed's market definition (Betfair's `marketDefinition.runners[].status`). */
export const FEED_RUNNER_STATUSES = ['ACTIVE', 'REMOVED', 'WINNER', 'LOSER', 'PLACED', 'HIDDEN'] as const;
export type FeedRunnerStatus = (typeof FEED_RUNNER_STATUSES)[number];

/**
 * Why a feed holds every market it feeds suspended (docs/feeds.md, "Stale rule"): `silent`, no
 * message within the stale setting; `refused`, a status error of the stream ended the connection;
 * `late`, Betfair marks its stream as running late (503); `ended`, a replay ran out before its
 * markets closed; `failed`, a replay could not read on.
 */
export interface FeedStale {
  reason: 'silent' | 'refused' | 'late' | 'ended' | 'failed';
  /** What an operator reads, e.g. "stream refused (INVALID_SESSION_INFORMATION)". */
  text: string;
}

/**
 * A market's definition as a real exchange feed states it (Betfair's `marketDefinition`): whether it
 * takes bets, whether it is in play and with what delay, how many winners it pays, each runner's
 * status (a REMOVED runner carries its adjustment factor in percent, as Betfair publishes it), and
 * once CLOSED the result. Sent whenever any of it changes; the simulator sends none.
 */
export interface MarketStateUpdate {
  type: 'market';
  marketId: string;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  inPlay: boolean;
  /** Seconds; the product's own delay is at least this. */
  betDelaySec: number;
  numberOfWinners: number;
  runners: {
    selectionId: number;
    status: FeedRunnerStatus;
    /** Percent, two decimals as Betfair gives it (e.g. 23.5); null when the feed gives none. */
    adjustmentFactor: number | null;
    /** ISO 8601, UTC; set on a REMOVED runner. */
    removalDate: string | null;
  }[];
  /** Where the market comes from, shown to operators. */
  source: 'betfair' | 'simulator';
  /** Set while the feed is stale: the market is SUSPENDED for it, whatever the definition says. */
  stale?: FeedStale;
}

export type FeedUpdate =
  | ExchangeRunnerUpdate
  | BookmakerRunnerUpdate
  | FancyUpdate
  | CricketScoreUpdate
  | MarketStateUpdate;

/** The key under which a consumer keeps the latest update of one runner, fancy or score. */
export function updateKey(u: FeedUpdate): string {
  switch (u.type) {
    case 'exchange':
    case 'bookmaker':
      return `${u.type}:${u.marketId}:${u.selectionId}`;
    case 'fancy':
      return `fancy:${u.marketId}`;
    case 'score':
      return `score:${u.matchId}`;
    case 'market':
      return `market:${u.marketId}`;
  }
}

/** The latest update of every runner, fancy and score, by `updateKey`; what the engine's quotes and the gateway's live prices both keep. */
export class LatestUpdates {
  protected readonly latest = new Map<string, FeedUpdate>();
  /** Exchange runners again by market, then selection: read for every bet, without building a key string. */
  private readonly runners = new Map<string, Map<number, ExchangeRunnerUpdate>>();
  /** Each market's keys in `latest`, so that its prices can go at once (forget). */
  private readonly keysOf = new Map<string, Set<string>>();

  protected put(u: FeedUpdate): string {
    const key = updateKey(u);
    this.latest.set(key, u);
    if (u.type === 'score') return key;
    let keys = this.keysOf.get(u.marketId);
    if (!keys) this.keysOf.set(u.marketId, (keys = new Set()));
    keys.add(key);
    if (u.type === 'exchange') {
      let market = this.runners.get(u.marketId);
      if (!market) this.runners.set(u.marketId, (market = new Map()));
      market.set(u.selectionId, u);
    }
    return key;
  }

  /** Drops every price of a market: one that will never take a bet again is not kept for ever. */
  forget(marketId: string): void {
    for (const key of this.keysOf.get(marketId) ?? []) this.latest.delete(key);
    this.keysOf.delete(marketId);
    this.runners.delete(marketId);
  }

  exchange(marketId: string, selectionId: number): ExchangeRunnerUpdate | undefined {
    return this.runners.get(marketId)?.get(selectionId);
  }

  bookmaker(marketId: string, selectionId: number): BookmakerRunnerUpdate | undefined {
    return this.latest.get(`bookmaker:${marketId}:${selectionId}`) as BookmakerRunnerUpdate | undefined;
  }

  market(marketId: string): MarketStateUpdate | undefined {
    return this.latest.get(`market:${marketId}`) as MarketStateUpdate | undefined;
  }

  fancy(marketId: string): FancyUpdate | undefined {
    return this.latest.get(`fancy:${marketId}`) as FancyUpdate | undefined;
  }

  score(matchId: string): CricketScoreUpdate | undefined {
    return this.latest.get(`score:${matchId}`) as CricketScoreUpdate | undefined;
  }
}

export interface FeedPort {
  catalogue(): Catalogue;
  /** The current state of every runner, fancy and score, one update each; read it, then subscribe for changes. */
  snapshot(): FeedUpdate[];
  /** Listen to changes (one update per runner, fancy or score that changed); returns the unsubscribe. */
  subscribe(listener: (update: FeedUpdate) => void): () => void;
  start(): void;
  stop(): void;
}

/** A market's own status, as an admin or the engine sets it. */
export type MarketStatus = 'ACTIVE' | 'SUSPENDED' | 'CLOSED';

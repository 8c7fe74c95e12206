/**
 * A Betfair market data source behind the feed port: messages from the Exchange Stream API or
 * from historic files go through one market cache into the port's updates (to-feed.ts), and the
 * markets they name into its catalogue (catalogue.ts).
 */
import type { Logger } from 'pino';
import type { Catalogue, FeedPort, FeedUpdate } from '@exch/contracts';
import { MarketCache, type Applied } from './cache.js';
import { entryFromDefinition, toCatalogue, type MarketCatalogue } from './catalogue.js';
import { FeedHealth } from './health.js';
import type { ChangeMessage, MarketChangeMessage } from './protocol.js';
import { CricketScores } from './score.js';
import { FeedState } from './to-feed.js';

/** Where the messages come from: the stream client or a file replay. */
export interface MessageSource {
  start(feed: BetfairFeed): void;
  stop(): void;
}

/** Several sources into one feed (the market stream and the cricket score stream). */
export function allOf(sources: MessageSource[]): MessageSource {
  return {
    start: (feed) => {
      for (const s of sources) s.start(feed);
    },
    stop: () => {
      for (const s of sources) s.stop();
    },
  };
}

export interface BetfairFeedOptions {
  source: MessageSource;
  /** listMarketCatalogue results known up front (a catalogue file). */
  catalogue?: MarketCatalogue[];
  /** Names of markets the stream brings that the catalogue lacks (the Betting API); without it, the market definition's. */
  lookup?: (marketIds: string[]) => Promise<MarketCatalogue[]>;
  log: Logger;
  now?: () => number;
}

/**
 * How long a CLOSED market stays in the cache, the catalogue and the snapshot: long enough for the
 * engine's catalogue sync and a late reader to see it closed; then it goes, so a stream that runs
 * for months holds the markets still trading, not every market it ever carried.
 */
export const CLOSED_RETENTION_MS = 15 * 60_000;

export class BetfairFeed implements FeedPort {
  readonly health: FeedHealth;
  private readonly cache = new MarketCache();
  private readonly state = new FeedState();
  private readonly cricket = new CricketScores();
  private readonly entries = new Map<string, MarketCatalogue>();
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<(u: FeedUpdate) => void>();
  /** CLOSED markets by the time they closed, oldest first: forgotten CLOSED_RETENTION_MS later. */
  private readonly closed = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly opts: BetfairFeedOptions) {
    for (const e of opts.catalogue ?? []) this.entries.set(e.marketId, e);
    this.now = opts.now ?? Date.now;
    this.health = new FeedHealth(this.now);
  }

  catalogue(): Catalogue {
    return toCatalogue([...this.entries.values()], (id) => this.cache.markets.get(id)?.definition?.inPlay ?? false);
  }

  snapshot(): FeedUpdate[] {
    return this.state.snapshot();
  }

  subscribe(listener: (u: FeedUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  start(): void {
    this.opts.source.start(this);
  }

  stop(): void {
    this.opts.source.stop();
  }

  /** One change message, already whole (a segmented one is joined by the client first). */
  message(m: ChangeMessage): void {
    this.health.message(m.pt);
    if (m.op === 'ccm') {
      for (const cc of m.cc ?? []) {
        const score = this.cricket.apply(cc);
        if (score) this.emit(this.state.score(score));
      }
      return;
    }
    // Only the market stream speaks for its prices: a message brings them back from stale, unless
    // Betfair marks it 503 (its stream runs late), which suspends them until one comes without it.
    this.setStale(m.status === 503);
    this.markets(m);
  }

  private markets(m: MarketChangeMessage): void {
    const unnamed: string[] = [];
    // One message may hold several changes of one market (a segmented image's parts): applied all, sent once.
    const touched = new Map<string, Applied>();
    for (const mc of m.mc ?? []) {
      const a = this.cache.apply(mc);
      const seen = touched.get(mc.id);
      if (seen && !mc.img) {
        seen.definition ||= a.definition;
        seen.runners.push(...a.runners);
      } else touched.set(mc.id, a);
      if (mc.marketDefinition && !this.entries.has(mc.id) && !this.asked.has(mc.id)) unnamed.push(mc.id);
    }
    for (const a of touched.values()) {
      this.emit(this.state.applied(a));
      if (a.market.definition?.status === 'CLOSED' && !this.closed.has(a.market.marketId))
        this.closed.set(a.market.marketId, this.now());
    }
    if (unnamed.length > 0) this.name(unnamed);
    this.forgetClosed();
  }

  private forgetClosed(): void {
    const before = this.now() - CLOSED_RETENTION_MS;
    for (const [marketId, at] of this.closed) {
      if (at > before) break;
      this.closed.delete(marketId);
      this.cache.markets.delete(marketId);
      this.entries.delete(marketId);
      this.asked.delete(marketId);
      this.state.forget(marketId);
    }
  }

  /** The stream went quiet (or is reconnecting): every market suspended until messages flow again. */
  setStale(stale: boolean): void {
    this.health.stale = stale;
    this.emit(this.state.setStale(stale, this.cache.markets.values()));
  }

  reconnected(): void {
    this.health.reconnects++;
  }

  private name(marketIds: string[]): void {
    const fromDefinitions = () => {
      for (const id of marketIds) {
        const def = this.cache.markets.get(id)?.definition;
        const entry = def ? entryFromDefinition(id, def) : null;
        if (entry && !this.entries.has(id)) this.entries.set(id, entry);
      }
    };
    if (!this.opts.lookup) return fromDefinitions();
    for (const id of marketIds) this.asked.add(id);
    this.opts.lookup(marketIds).then(
      (found) => {
        for (const e of found) this.entries.set(e.marketId, e);
      },
      (err: unknown) => {
        // Asked again with the market's next definition.
        for (const id of marketIds) this.asked.delete(id);
        this.opts.log.warn({ err, marketIds }, 'listMarketCatalogue failed');
      },
    );
  }

  private emit(updates: FeedUpdate[]): void {
    for (const u of updates) for (const l of [...this.listeners]) l(u);
  }
}

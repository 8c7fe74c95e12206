/**
 * A Betfair market data source behind the feed port: messages from the Exchange Stream API or
 * from historic files go through one market cache into the port's updates (to-feed.ts), and the
 * markets they name into its catalogue (catalogue.ts).
 */
import type { Logger } from 'pino';
import type { Catalogue, FeedPort, FeedStale, FeedUpdate } from '@exch/contracts';
import { MarketCache, type Applied } from './cache.js';
import { usableEntries } from './catalogue-entries.js';
import { entryFromDefinition, toCatalogue, type MarketCatalogue } from './catalogue.js';
import { FeedHealth, STALE } from './health.js';
import { withLatestNames, withScoreNames } from './names.js';
import type { ChangeMessage, MarketChangeMessage, MarketDefinition } from './protocol.js';
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
  /** listMarketCatalogue results known up front (a catalogue file), checked (catalogueEntries). */
  catalogue?: MarketCatalogue[];
  /** Names of markets the stream brings that the catalogue lacks (the Betting API); without it, the market definitions'. */
  lookup?: (marketIds: string[]) => Promise<unknown[]>;
  /**
   * The markets a replay's files carry, known before the first message, with what their definitions
   * name (withLatestNames over every definition of the files): listed from the start. A live stream's
   * markets are listed once it brings them.
   */
  carried?: ReadonlyMap<string, MarketDefinition | null>;
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
  /** Markets named by a catalogue (file or Betting API): their names win over any definition's. */
  private readonly catalogued = new Set<string>();
  /** The other markets' names so far, from their definitions (withLatestNames). */
  private readonly defined = new Map<string, MarketDefinition>();
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<(u: FeedUpdate) => void>();
  /** CLOSED markets by the time they closed, oldest first: forgotten CLOSED_RETENTION_MS later. */
  private readonly closed = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly opts: BetfairFeedOptions) {
    this.now = opts.now ?? Date.now;
    this.health = new FeedHealth(this.now);
    const entries = opts.catalogue ?? [];
    const carried = opts.carried;
    for (const e of carried ? entries.filter((e) => !carried.has(e.marketId)) : [])
      opts.log.warn(
        { marketId: e.marketId },
        `catalogue entry for market ${e.marketId}: no file carries it, not listed`,
      );
    this.adopt(carried ? entries.filter((e) => carried.has(e.marketId)) : entries);
    for (const [marketId, def] of carried ?? []) if (def && !this.catalogued.has(marketId)) this.define(marketId, def);
  }

  /** Only markets the feed carries are offered: a catalogue entry no stream or file brings would be an open market that never has a price. */
  private carries(marketId: string): boolean {
    return this.cache.markets.has(marketId) || (this.opts.carried?.has(marketId) ?? false);
  }

  catalogue(): Catalogue {
    return toCatalogue(
      [...this.entries.values()].filter((e) => this.carries(e.marketId)),
      (id) => this.cache.markets.get(id)?.definition?.inPlay ?? false,
    );
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
        // The teams name a cricket market whose definitions name nothing (a catalogue's names win).
        const named = cc.marketId === undefined ? undefined : this.defined.get(cc.marketId);
        if (named && !this.catalogued.has(cc.marketId!)) this.define(cc.marketId!, withScoreNames(named, cc));
        const score = this.cricket.apply(cc);
        if (score) this.emit(this.state.score(score));
      }
      return;
    }
    // Only the market stream speaks for its prices: a message brings them back from stale, unless
    // Betfair marks it 503 (its stream runs late), which suspends them until one comes without it.
    this.setStale(m.status === 503 ? STALE.late : null);
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
      if (!mc.marketDefinition || this.catalogued.has(mc.id)) continue;
      if (this.opts.lookup) {
        if (!this.asked.has(mc.id)) unnamed.push(mc.id);
      } else this.define(mc.id, mc.marketDefinition);
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
      this.catalogued.delete(marketId);
      this.defined.delete(marketId);
      this.asked.delete(marketId);
      this.state.forget(marketId);
    }
  }

  /** The stream went quiet, was refused or runs late: every market suspended, saying why, until messages flow again. */
  setStale(stale: FeedStale | null): void {
    this.health.stale = stale;
    this.emit(this.state.setStale(stale, this.cache.markets.values()));
  }

  /** A replay's last message is delivered: a market it left open would otherwise trade on its last prices for ever. */
  ended(): void {
    if ([...this.cache.markets.values()].some((m) => m.definition?.status !== 'CLOSED')) this.setStale(STALE.ended);
  }

  reconnected(): void {
    this.health.reconnects++;
  }

  /** Catalogue entries: they name their markets from now on, whatever a definition says. */
  private adopt(entries: MarketCatalogue[]): void {
    for (const e of entries) {
      this.entries.set(e.marketId, e);
      this.catalogued.add(e.marketId);
      this.defined.delete(e.marketId);
    }
  }

  /** A market without a catalogue entry: named by its latest definition that carries each name. */
  private define(marketId: string, def: MarketDefinition): void {
    const named = withLatestNames(this.defined.get(marketId), def);
    this.defined.set(marketId, named);
    const entry = entryFromDefinition(marketId, named);
    if (entry) this.entries.set(marketId, entry);
  }

  private name(marketIds: string[]): void {
    for (const id of marketIds) this.asked.add(id);
    this.opts.lookup!(marketIds).then(
      (found) => this.adopt(usableEntries(found, 'listMarketCatalogue', this.opts.log)),
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

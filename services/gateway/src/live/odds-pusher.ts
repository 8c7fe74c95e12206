import type { FastifyBaseLogger } from 'fastify';
import { LOBBY_ROOM, type FeedUpdate, type OddsUpdate, type SqlClient } from '@exch/contracts';
import { scoreOf } from '../markets/discovery-routes.js';
import type { LivePrices } from '../markets/live-prices.js';
import { marketsById, marketsOf, type MarketRow } from '@exch/projector/read';
import { leadMarkets, lobbyRunners, sectionsOf } from '../markets/sections.js';
import type { Hub } from '../ws/hub.js';

/**
 * Pushes to each watched match room what changed: the coalesced feed changes (only their runners
 * and fancies, except of markets priced by hand) and markets whose admin status, house prices or
 * result changed (every runner), and the score; and to the lobby room each listed match's best
 * prices of its lead market when they change.
 */
export class OddsPusher {
  constructor(
    private readonly sql: SqlClient,
    private readonly hub: Hub,
    private readonly prices: LivePrices,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** From the feed, via LivePrices' coalescing. */
  feedChanged(updates: FeedUpdate[]): void {
    const changed = new Map<string, Set<number> | null>();
    for (const u of updates) {
      const matchId = this.prices.matchOf(u);
      if (matchId === null || !(this.hub.watching(matchId) || (u.type === 'exchange' && this.hub.watching(LOBBY_ROOM))))
        continue;
      if (u.type === 'score') {
        const score = scoreOf(this.prices, matchId);
        if (score) this.hub.pushToRoom(matchId, { event: 'scoreUpdate', data: score });
        continue;
      }
      // A market definition (status, in play, runners) can change every runner's row.
      if (u.type === 'market') {
        changed.set(u.marketId, null);
        continue;
      }
      const sids = changed.has(u.marketId) ? changed.get(u.marketId) : new Set<number>();
      if (!sids) continue;
      sids.add(u.type === 'fancy' ? 0 : u.selectionId);
      changed.set(u.marketId, sids);
    }
    this.push(changed, true);
  }

  /** From the catalogue projection: markets an admin suspended, closed, settled, voided, revoked or priced by hand. */
  marketsChanged(marketIds: string[]): void {
    this.push(new Map(marketIds.map((id) => [id, null])), false);
  }

  /** Market id -> the runners to send (null: all). Feed changes of markets priced by hand are not sent. */
  private push(changed: Map<string, Set<number> | null>, fromFeed: boolean): void {
    if (changed.size === 0 || this.hub.size === 0) return;
    void this.send(changed, fromFeed).catch((err) => this.log.warn({ err }, 'odds push failed'));
  }

  private async send(changed: Map<string, Set<number> | null>, fromFeed: boolean): Promise<void> {
    const byMatch = new Map<string, OddsUpdate['markets']>();
    const markets = await marketsById(this.sql, [...changed.keys()]);
    for (const m of markets) {
      if (!this.hub.watching(m.match_id) || (fromFeed && m.manual)) continue;
      const section = sectionsOf(m, this.prices, changed.get(m.market_id) ?? undefined);
      if (section.length === 0) continue;
      byMatch.set(m.match_id, [...(byMatch.get(m.match_id) ?? []), { marketId: m.market_id, section }]);
    }
    for (const [matchId, changedMarkets] of byMatch)
      this.hub.pushToRoom(matchId, { event: 'oddsUpdate', data: { matchId, markets: changedMarkets } });
    if (this.hub.watching(LOBBY_ROOM)) await this.pushLobby(markets);
  }

  /**
   * The lobby lists each match by its lead market's best prices (a race by its WIN market, not its
   * PLACE): pushed to its room, not polled, when that market changed.
   */
  private async pushLobby(changed: MarketRow[]): Promise<void> {
    const matchIds = [...new Set(changed.filter((m) => m.kind === 'match_odds').map((m) => m.match_id))];
    if (matchIds.length === 0) return;
    const ids = new Set(changed.map((m) => m.market_id));
    for (const lead of leadMarkets(await marketsOf(this.sql, matchIds)).values())
      if (ids.has(lead.market_id))
        this.hub.pushToRoom(LOBBY_ROOM, {
          event: 'lobbyPrices',
          data: { matchId: lead.match_id, runners: lobbyRunners(lead, this.prices) },
        });
  }
}

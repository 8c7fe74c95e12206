import * as v from 'valibot';
import { SPORTS, text, type MarketDto, type MatchSummary } from '@exch/contracts';
import { kindOf } from './kind.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { eventMarkets, listMatches, marketsOf, seriesOfSport, sportMatchCounts } from '@exch/projector/read';
import { findMatch } from './read.js';
import { leadMarkets, toMarketDto, toMatchSummary } from './sections.js';

const SportParams = v.object({
  sportId: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'sportId must be a whole number'), v.transform(Number)),
});
const MatchesQuery = v.object({
  status: v.optional(v.picklist(['active', 'all'], 'status must be active or all'), 'active'),
});
const MarketsQuery = v.object({ kind: v.optional(text('kind', { max: 20 })) });
const EventsQuery = v.object({
  status: v.optional(v.picklist(['open', 'settled'], 'status must be open or settled'), 'open'),
});

/** The admin's catalogue: sports, series, matches and markets with their settings (SPEC.md section 2, admin and super admin). */
const TAG = 'Market management';

export function adminMarketRoutes({ sql, prices, route }: ExchangeDeps): void {
  route(
    { method: 'GET', url: '/api/admin/sports', access: 'market-admin', tag: TAG, summary: 'Sports with match counts' },
    async () => {
      const rows = await sportMatchCounts(sql);
      const counts = new Map(rows.map((r) => [r.sport_id, r]));
      const known = new Set<number>(SPORTS.map((s) => s.id));
      const data = [
        ...SPORTS.map((s) => ({ id: s.id as number, name: s.name, matches: Number(counts.get(s.id)?.matches ?? 0) })),
        ...rows
          .filter((r) => !known.has(r.sport_id))
          .map((r) => ({ id: r.sport_id, name: r.sport_name, matches: Number(r.matches) })),
      ];
      return { data };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/series/:sportId',
      access: 'market-admin',
      tag: TAG,
      summary: 'Series of a sport',
      params: SportParams,
    },
    async (_req, { params: p }) => {
      return {
        data: (await seriesOfSport(sql, p.sportId)).map((r) => ({
          seriesId: r.series_id,
          name: r.series_name,
          matches: Number(r.matches),
        })),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/matches/:sportId',
      access: 'market-admin',
      tag: TAG,
      summary: 'Matches of a sport',
      params: SportParams,
      query: MatchesQuery,
    },
    async (_req, { params: p, query: q }): Promise<{ data: MatchSummary[] }> => {
      const matches = await listMatches(sql, { sportId: p.sportId, open: q.status === 'active' });
      const lead = leadMarkets(
        await marketsOf(
          sql,
          matches.map((m) => m.match_id),
        ),
      );
      return { data: matches.map((m) => toMatchSummary(m, lead.get(m.match_id), prices)) };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/markets/:matchId',
      access: 'market-admin',
      tag: TAG,
      summary: 'Markets of a match',
      params: params('matchId'),
      query: MarketsQuery,
    },
    async (_req, { params: p, query: q }): Promise<{ data: MarketDto[] }> => {
      const match = await findMatch(sql, p.matchId);
      const kind = q.kind ? kindOf(q.kind) : null;
      const markets = (await marketsOf(sql, [match.match_id])).filter((m) => !kind || m.kind === kind);
      return { data: markets.map((m) => toMarketDto(m, prices)) };
    },
  );

  // Every back-office role sees it (SPEC.md section 2); admin and super admin see every market, a lower role the markets its downline bet on, read-only.
  route(
    {
      method: 'GET',
      url: '/api/admin/event-management',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'Open or settled markets with bet counts (lower roles: those their downline bet on, counting its bets)',
      query: EventsQuery,
    },
    async (req, { query: q }) => {
      const all = req.auth!.role === 'admin' || req.auth!.role === 'super-admin';
      const rows = await eventMarkets(sql, {
        settled: q.status === 'settled',
        downlineOf: all ? undefined : req.auth!.sub,
      });
      return {
        data: rows.map((r) => ({
          ...toMarketDto(r, prices),
          matchName: r.match_name,
          matchStart: new Date(r.start_time).toISOString(),
          inPlay: r.in_play,
          sportId: r.sport_id,
          betCount: Number(r.bet_count),
        })),
      };
    },
  );
}

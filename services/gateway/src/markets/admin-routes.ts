import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { SPORTS, type MarketDto, type MatchSummary } from '@exch/contracts';
import { kindOf } from '../bets/filters.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import type { ExchangeDeps } from './deps.js';
import { marketAdminGuard } from './market-admin.js';
import { findMatch, listMatches, marketsOf, OPEN_MATCH } from './read.js';
import { toMarketDto, toMatchSummary, type MarketRow } from './sections.js';

const sportIdParam = (s: string): number => {
  if (!/^\d{1,6}$/.test(s)) throw new HttpError(400, 'sportId must be a whole number');
  return Number(s);
};

const MatchesQuery = v.object({ status: v.optional(v.picklist(['active', 'all'], 'status must be active or all'), 'active') });
const MarketsQuery = v.object({ kind: v.optional(v.pipe(v.string(), v.maxLength(20))) });
const EventsQuery = v.object({ status: v.optional(v.picklist(['open', 'settled'], 'status must be open or settled'), 'open') });

/** The admin's catalogue: sports, series, matches and markets with their settings (SPEC.md section 2, admin and super admin). */
export function adminMarketRoutes(app: FastifyInstance, deps: ExchangeDeps): void {
  const { sql, prices } = deps;
  const preHandler = marketAdminGuard(deps.guard);

  app.get('/api/admin/sports', { preHandler }, async () => {
    const { rows } = await sql.query<{ sport_id: number; sport_name: string; matches: string }>(`select sport_id, min(sport_name) as sport_name, count(*) as matches from rm_matches group by sport_id`);
    const counts = new Map(rows.map((r) => [r.sport_id, r]));
    const known = new Set<number>(SPORTS.map((s) => s.id));
    const data = [...SPORTS.map((s) => ({ id: s.id as number, name: s.name, matches: Number(counts.get(s.id)?.matches ?? 0) })),
      ...rows.filter((r) => !known.has(r.sport_id)).map((r) => ({ id: r.sport_id, name: r.sport_name, matches: Number(r.matches) }))];
    return { data };
  });

  app.get<{ Params: { sportId: string } }>('/api/admin/series/:sportId', { preHandler }, async (req) => {
    const { rows } = await sql.query<{ series_id: string; series_name: string; matches: string }>(
      `select series_id, min(series_name) as series_name, count(*) as matches from rm_matches where sport_id = $1 group by series_id order by series_name`,
      [sportIdParam(req.params.sportId)],
    );
    return { data: rows.map((r) => ({ seriesId: r.series_id, name: r.series_name, matches: Number(r.matches) })) };
  });

  app.get<{ Params: { sportId: string } }>('/api/admin/matches/:sportId', { preHandler }, async (req): Promise<{ data: MatchSummary[] }> => {
    const q = parse(MatchesQuery, req.query);
    const matches = await listMatches(sql, `m.sport_id = $1${q.status === 'active' ? ` and ${OPEN_MATCH}` : ''}`, [sportIdParam(req.params.sportId)]);
    const matchOdds = new Map((await marketsOf(sql, matches.map((m) => m.match_id))).filter((m) => m.kind === 'match_odds').map((m) => [m.match_id, m]));
    return { data: matches.map((m) => toMatchSummary(m, matchOdds.get(m.match_id), prices)) };
  });

  app.get<{ Params: { matchId: string } }>('/api/admin/markets/:matchId', { preHandler }, async (req): Promise<{ data: MarketDto[] }> => {
    const q = parse(MarketsQuery, req.query);
    const match = await findMatch(sql, req.params.matchId);
    const kind = q.kind ? kindOf(q.kind) : null;
    const markets = (await marketsOf(sql, [match.match_id])).filter((m) => !kind || m.kind === kind);
    return { data: markets.map((m) => toMarketDto(m, prices)) };
  });

  app.get('/api/admin/event-management', { preHandler }, async (req) => {
    const q = parse(EventsQuery, req.query);
    const { rows } = await sql.query<MarketRow & { match_name: string; bet_count: string }>(
      `select k.market_id, k.match_id, k.sport_id, k.kind, k.name, k.fancy_type, k.runners, k.min_stake, k.max_stake, k.bet_delay_sec, k.commission_bp,
              k.status, k.manual, k.house_prices, k.result, m.name as match_name,
              (select count(*) from rm_bets b where b.market_id = k.market_id and b.status not in ('cancelled', 'deleted')) as bet_count
         from rm_markets k join rm_matches m on m.match_id = k.match_id
        where k.status ${q.status === 'settled' ? `= 'SETTLED'` : `<> 'SETTLED'`}
        order by m.in_play desc, m.start_time, k.position`,
    );
    return { data: rows.map((r) => ({ ...toMarketDto(r, prices), matchName: r.match_name, sportId: r.sport_id, betCount: Number(r.bet_count) })) };
  });
}

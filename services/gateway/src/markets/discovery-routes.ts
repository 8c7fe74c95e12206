import type { FastifyInstance } from 'fastify';
import { SPORTS, type ActiveSport, type MatchDetail, type ScoreDto, type SportDto, type SqlClient } from '@exch/contracts';
import type { ExchangeDeps } from './deps.js';
import type { LivePrices } from './live-prices.js';
import { findMatch, listMatches, marketsOf, OPEN_MATCH } from './read.js';
import { toMarketDto, toMatchSummary } from './sections.js';

/** SPEC.md's three sports, then any other sport the catalogue lists. */
async function sportsListed(sql: SqlClient): Promise<SportDto[]> {
  const { rows } = await sql.query<{ sport_id: number; sport_name: string }>(`select distinct sport_id, sport_name from rm_matches order by sport_id`);
  const known = new Set<number>(SPORTS.map((s) => s.id));
  return [...SPORTS.map((s) => ({ id: s.id, name: s.name })), ...rows.filter((r) => !known.has(r.sport_id)).map((r) => ({ id: r.sport_id, name: r.sport_name }))];
}

export function scoreOf(prices: LivePrices, matchId: string): ScoreDto | null {
  const s = prices.score(matchId);
  return s ? { matchId, innings: s.innings, battingTeam: s.battingTeam, runs: s.runs, wickets: s.wickets, overs: s.overs } : null;
}

/** What every signed-in user reads to find a match and bet on it (docs/exchange-api.md, Discovery). */
export function discoveryRoutes(app: FastifyInstance, { sql, prices, guard }: ExchangeDeps): void {
  app.get('/api/sports/whitelabel/allowed', { preHandler: guard.any }, async () => ({ sports: await sportsListed(sql) }));

  app.get('/api/sports/active', { preHandler: guard.any }, async (): Promise<{ data: ActiveSport[] }> => {
    const matches = await listMatches(sql, OPEN_MATCH, []);
    const matchOdds = new Map((await marketsOf(sql, matches.map((m) => m.match_id))).filter((m) => m.kind === 'match_odds').map((m) => [m.match_id, m]));
    const data = (await sportsListed(sql)).map((s) => ({
      sportId: s.id,
      name: s.name,
      matches: matches.filter((m) => m.sport_id === s.id).map((m) => toMatchSummary(m, matchOdds.get(m.match_id), prices)),
    }));
    return { data };
  });

  app.get<{ Params: { matchId: string } }>('/api/matches/:matchId', { preHandler: guard.any }, async (req): Promise<MatchDetail> => {
    const match = await findMatch(sql, req.params.matchId);
    const markets = await marketsOf(sql, [match.match_id]);
    return {
      match: toMatchSummary(match, markets.find((m) => m.kind === 'match_odds'), prices),
      markets: markets.map((m) => toMarketDto(m, prices)),
      score: scoreOf(prices, match.match_id),
    };
  });

  app.get('/api/messages', { preHandler: guard.any }, async () => {
    const { rows } = await sql.query<{ text: string }>(`select text from rm_news where id = 1`);
    return { data: { text: rows[0]?.text ?? '' } };
  });
}

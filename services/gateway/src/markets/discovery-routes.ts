import {
  resultText,
  SPORTS,
  type ActiveSport,
  type MatchMarketsState,
  type MatchDetail,
  type ScoreDto,
  type SportDto,
  type SqlClient,
} from '@exch/contracts';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import type { LivePrices } from './live-prices.js';
import { listMatches, marketsOf, newsText, listedSports, type MarketRow } from '@exch/projector/read';
import { findMatch } from './read.js';
import { leadMarkets, toMarketDto, toMatchSummary } from './sections.js';

/** SPEC.md's three sports, then any other sport the catalogue lists. */
async function sportsListed(sql: SqlClient): Promise<SportDto[]> {
  const rows = await listedSports(sql);
  const known = new Set<number>(SPORTS.map((s) => s.id));
  return [
    ...SPORTS.map((s) => ({ id: s.id, name: s.name })),
    ...rows.filter((r) => !known.has(r.sport_id)).map((r) => ({ id: r.sport_id, name: r.sport_name })),
  ];
}

/** The match's live score, as the feed last sent it. */
export function scoreOf(prices: LivePrices, matchId: string): ScoreDto | null {
  const s = prices.score(matchId);
  if (!s) return null;
  const { type: _type, ...score } = s;
  return score;
}

/** A match's markets once any is settled: how many stay open and what the settled ones declared; undefined before. */
function marketsState(markets: readonly MarketRow[]): MatchMarketsState | undefined {
  const settled = markets.filter((m) => m.status === 'SETTLED');
  if (settled.length === 0) return undefined;
  return {
    open: markets.length - settled.length,
    settled: settled.map((m) => ({
      name: m.name,
      result: resultText(m.result, (id) => m.runners.find((r) => r.selectionId === id)?.name),
    })),
  };
}

/** What every signed-in user reads to find a match and bet on it (docs/exchange-api.md, Discovery). */
export function discoveryRoutes({ sql, prices, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/sports/whitelabel/allowed',
      access: 'any',
      backOffice: 'own',
      tag: 'Discovery',
      summary: 'Sports offered',
      answer: {
        type: 'object',
        properties: { sports: { type: 'array', items: { $ref: '#/components/schemas/SportDto' } } },
      },
    },
    async () => ({ sports: await sportsListed(sql) }),
  );

  route(
    {
      method: 'GET',
      url: '/api/sports/active',
      access: 'any',
      backOffice: 'own',
      tag: 'Discovery',
      summary: "Open matches per sport with the best prices of each one's lead market (a race's WIN)",
      answer: {
        type: 'object',
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/ActiveSport' } } },
      },
    },
    async (): Promise<{ data: ActiveSport[] }> => {
      const matches = await listMatches(sql, { open: true });
      const markets = await marketsOf(
        sql,
        matches.map((m) => m.match_id),
      );
      const lead = leadMarkets(markets);
      const ofMatch = (matchId: string) => markets.filter((m) => m.match_id === matchId);
      const data = (await sportsListed(sql)).map((s) => ({
        sportId: s.id,
        name: s.name,
        matches: matches
          .filter((m) => m.sport_id === s.id)
          .map((m) => {
            const state = marketsState(ofMatch(m.match_id));
            return { ...toMatchSummary(m, lead.get(m.match_id), prices), ...(state ? { markets: state } : {}) };
          }),
      }));
      return { data };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/matches/:matchId',
      access: 'any',
      backOffice: 'own',
      tag: 'Discovery',
      summary: 'A match with every market, live prices, statuses and the score',
      params: params('matchId'),
      answer: 'MatchDetail',
    },
    async (_req, { params: p }): Promise<MatchDetail> => {
      const match = await findMatch(sql, p.matchId);
      const markets = await marketsOf(sql, [match.match_id]);
      return {
        match: toMatchSummary(match, leadMarkets(markets).get(match.match_id), prices),
        markets: markets.map((m) => toMarketDto(m, prices)),
        score: scoreOf(prices, match.match_id),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/messages',
      access: 'any',
      backOffice: 'own',
      tag: 'Discovery',
      summary: 'The news line',
    },
    async () => {
      return { data: { text: await newsText(sql) } };
    },
  );
}

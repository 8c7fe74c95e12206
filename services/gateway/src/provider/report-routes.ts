import * as v from 'valibot';
import {
  dateFilter,
  paiseToRupees,
  ThirdPartyReportQuery,
  type ProviderPort,
  type SqlClient,
  type ThirdPartyPnlDto,
  type ThirdPartyReport,
} from '@exch/contracts';
import { downlineProviderGames, playerProviderGames, type ProviderAggregateRow } from '@exch/projector/read';
import { csvRoute, money } from '../http/csv.js';
import type { ProviderDeps } from './deps.js';

const PlayerPnlQuery = v.object({ from: dateFilter('from'), to: dateFilter('to') });

/** The downline's third-party games, most turnover first, and their totals; amounts in paise. The JSON route and its CSV read it. */
async function thirdPartyGames(
  sql: SqlClient,
  port: ProviderPort | undefined,
  actorId: string,
  q: { from?: string; to?: string },
) {
  const { games, total } = await downlineProviderGames(sql, actorId, q);
  const figures = (r: ProviderAggregateRow) => {
    const [turnover, payout] = [Number(r.turnover), Number(r.payout)];
    return { rounds: Number(r.rounds), turnover, payout, profit: turnover - payout };
  };
  return {
    games: games.map((r) => ({
      provider: r.provider,
      // A provider no longer connected keeps its id: the log still names it.
      providerName: r.provider === port?.id ? port.name : r.provider,
      gameId: r.game_id,
      gameName: r.game_name,
      players: Number(r.players),
      ...figures(r),
    })),
    total: figures(total),
  };
}

const inRupees = <T extends { turnover: number; payout: number; profit: number }>(f: T): T => ({
  ...f,
  turnover: paiseToRupees(f.turnover),
  payout: paiseToRupees(f.payout),
  profit: paiseToRupees(f.profit),
});

/** Third-party turnover and profit: per game for the back office's downline, and a player's own. */
export function reportRoutes({ route, sql, provider }: ProviderDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/game-reports/third-party',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: "Third-party casino turnover, wins paid and house profit per game, for the caller's downline",
      query: ThirdPartyReportQuery,
    },
    async (req, { query: q }): Promise<ThirdPartyReport & { totalGames: number }> => {
      const { games, total } = await thirdPartyGames(sql, provider?.port, req.auth!.sub, q);
      const start = (q.page - 1) * q.limit;
      return {
        data: games.slice(start, start + q.limit).map(inRupees),
        totalGames: games.length,
        total: inRupees(total),
      };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/admin/game-reports/third-party.csv',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: 'The third-party casino report as CSV (same dates, all games, a total line)',
      query: v.omit(ThirdPartyReportQuery, ['page', 'limit']),
    },
    async (req, { query: q }) => {
      const { games, total } = await thirdPartyGames(sql, provider?.port, req.auth!.sub, q);
      const figures = (f: typeof total) => [f.rounds, money(f.turnover), money(f.payout), money(f.profit)];
      return {
        name: `third-party-report-${q.from ?? 'start'}-${q.to ?? 'now'}`,
        header: ['Game', 'Provider', 'Players', 'Rounds', 'Turnover', 'Wins paid', 'House profit'],
        rows: [
          ...games.map((g) => [g.gameName, g.providerName, g.players, ...figures(g)]),
          ['Total', '', '', ...figures(total)],
        ],
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/casino-int/profit-loss',
      access: 'player',
      tag: 'International casino',
      summary: "The caller's third-party casino rounds summed, in all and per game",
      query: PlayerPnlQuery,
    },
    async (
      req,
      { query: q },
    ): Promise<{ total: ThirdPartyPnlDto; games: (ThirdPartyPnlDto & { gameId: string; gameName: string })[] }> => {
      const rows = await playerProviderGames(sql, req.auth!.sub, q);
      const dto = (r: ProviderAggregateRow): ThirdPartyPnlDto => ({
        rounds: Number(r.rounds),
        turnover: paiseToRupees(Number(r.turnover)),
        payout: paiseToRupees(Number(r.payout)),
        netProfitLoss: paiseToRupees(Number(r.payout) - Number(r.turnover)),
      });
      const total = rows.find((r) => r.game_id === null) ?? { rounds: '0', turnover: '0', payout: '0' };
      return {
        total: dto(total),
        games: rows
          .filter((r) => r.game_id !== null)
          .map((r) => ({ gameId: r.game_id!, gameName: r.game_name!, ...dto(r) })),
      };
    },
  );
}

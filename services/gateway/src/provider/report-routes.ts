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
import { downlineCte } from '@exch/projector/read';
import { csvRoute, money } from '../http/csv.js';
import type { ProviderDeps } from './deps.js';

/** The player's side of a third-party money row: stakes out, wins and returned stakes in. */
const PLAYER_SIDE = `case when t.txn_type = 'DEBIT' then -t.amount else t.amount end`;

const AGGREGATES = `count(distinct t.round_id) as rounds,
  coalesce(sum(t.amount) filter (where t.txn_type = 'DEBIT'), 0) - coalesce(sum(t.amount) filter (where t.txn_type = 'ROLLBACK'), 0) as turnover,
  coalesce(sum(t.amount) filter (where t.txn_type = 'CREDIT'), 0) as payout`;

interface AggregateRow {
  rounds: string;
  turnover: string;
  payout: string;
}

const dates = (q: { from?: string; to?: string }, params: unknown[]): string =>
  (q.from ? ` and t.at >= $${params.push(q.from)}::date` : '') +
  (q.to ? ` and t.at < $${params.push(q.to)}::date + 1` : '');

const PlayerPnlQuery = v.object({ from: dateFilter('from'), to: dateFilter('to') });

/** The downline's third-party games, most turnover first, and their totals; amounts in paise. The JSON route and its CSV read it. */
async function thirdPartyGames(
  sql: SqlClient,
  port: ProviderPort | undefined,
  actorId: string,
  q: { from?: string; to?: string },
) {
  const params: unknown[] = [actorId];
  const where = `t.moved and t.user_id in (select user_id from downline)${dates(q, params)}`;
  const { rows } = await sql.query<
    AggregateRow & { provider: string; game_id: string; game_name: string; players: string }
  >(
    `${downlineCte(1)}
     select t.provider, t.game_id, (array_agg(t.game_name order by t.position desc))[1] as game_name, count(distinct t.user_id) as players, ${AGGREGATES}
       from rm_provider_txns t where ${where}
      group by t.provider, t.game_id order by turnover desc, t.game_id`,
    params,
  );
  const { rows: totals } = await sql.query<AggregateRow>(
    `${downlineCte(1)} select ${AGGREGATES} from rm_provider_txns t where ${where}`,
    params,
  );
  const figures = (r: AggregateRow) => {
    const [turnover, payout] = [Number(r.turnover), Number(r.payout)];
    return { rounds: Number(r.rounds), turnover, payout, profit: turnover - payout };
  };
  return {
    games: rows.map((r) => ({
      provider: r.provider,
      // A provider no longer connected keeps its id: the log still names it.
      providerName: r.provider === port?.id ? port.name : r.provider,
      gameId: r.game_id,
      gameName: r.game_name,
      players: Number(r.players),
      ...figures(r),
    })),
    total: figures(totals[0]!),
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
      const params: unknown[] = [req.auth!.sub];
      const where = `t.moved and t.user_id = $1${dates(q, params)}`;
      const { rows } = await sql.query<AggregateRow & { game_id: string | null; game_name: string | null }>(
        `select t.game_id, (array_agg(t.game_name order by t.position desc))[1] as game_name, ${AGGREGATES} from rm_provider_txns t where ${where}
          group by grouping sets ((t.game_id), ()) order by t.game_id nulls first`,
        params,
      );
      const dto = (r: AggregateRow): ThirdPartyPnlDto => ({
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

import * as v from 'valibot';
import { dateFilter, paiseToRupees, ThirdPartyReportQuery, type SqlClient, type ThirdPartyGameRow, type ThirdPartyPnlDto, type ThirdPartyReport } from '@exch/contracts';
import { downlineCte } from '../bets/scope.js';
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
  (q.from ? ` and t.at >= $${params.push(q.from)}::date` : '') + (q.to ? ` and t.at < $${params.push(q.to)}::date + 1` : '');

const PlayerPnlQuery = v.object({ from: dateFilter('from'), to: dateFilter('to') });

/** Third-party turnover and profit: per game for the back office's downline, and a player's own. */
export function reportRoutes({ route, sql }: ProviderDeps): void {
  route(
    { method: 'GET', url: '/api/admin/game-reports/third-party', access: { admin: 'view-bets' }, tag: 'Back office', summary: 'Third-party casino turnover, wins paid and house profit per game, for the caller\'s downline', query: ThirdPartyReportQuery },
    async (req, { query: q }): Promise<ThirdPartyReport & { totalGames: number }> => {
      const params: unknown[] = [req.auth!.sub];
      const where = `t.moved and t.user_id in (select user_id from downline)${dates(q, params)}`;
      const { rows } = await sql.query<AggregateRow & { provider: string; game_id: string; game_name: string; players: string }>(
        `${downlineCte(1)}
         select t.provider, t.game_id, (array_agg(t.game_name order by t.position desc))[1] as game_name, count(distinct t.user_id) as players, ${AGGREGATES}
           from rm_provider_txns t where ${where}
          group by t.provider, t.game_id order by turnover desc, t.game_id`,
        params,
      );
      const all: ThirdPartyGameRow[] = rows.map((r) => {
        const turnover = Number(r.turnover);
        const payout = Number(r.payout);
        return {
          provider: r.provider, gameId: r.game_id, gameName: r.game_name, players: Number(r.players), rounds: Number(r.rounds),
          turnover: paiseToRupees(turnover), payout: paiseToRupees(payout), profit: paiseToRupees(turnover - payout),
        };
      });
      const { rows: totals } = await sql.query<AggregateRow>(`${downlineCte(1)} select ${AGGREGATES} from rm_provider_txns t where ${where}`, params);
      const total = totals[0]!;
      const [turnover, payout] = [Number(total.turnover), Number(total.payout)];
      const start = (q.page - 1) * q.limit;
      return {
        data: all.slice(start, start + q.limit),
        totalGames: all.length,
        total: { rounds: Number(total.rounds), turnover: paiseToRupees(turnover), payout: paiseToRupees(payout), profit: paiseToRupees(turnover - payout) },
      };
    },
  );

  route(
    { method: 'GET', url: '/api/casino-int/profit-loss', access: 'player', tag: 'International casino', summary: 'The caller\'s third-party casino rounds summed, in all and per game', query: PlayerPnlQuery },
    async (req, { query: q }): Promise<{ total: ThirdPartyPnlDto; games: (ThirdPartyPnlDto & { gameId: string; gameName: string })[] }> => {
      const params: unknown[] = [req.auth!.sub];
      const where = `t.moved and t.user_id = $1${dates(q, params)}`;
      const { rows } = await sql.query<AggregateRow & { game_id: string | null; game_name: string | null }>(
        `select t.game_id, (array_agg(t.game_name order by t.position desc))[1] as game_name, ${AGGREGATES} from rm_provider_txns t where ${where}
          group by grouping sets ((t.game_id), ()) order by t.game_id nulls first`,
        params,
      );
      const dto = (r: AggregateRow): ThirdPartyPnlDto => ({
        rounds: Number(r.rounds), turnover: paiseToRupees(Number(r.turnover)), payout: paiseToRupees(Number(r.payout)), netProfitLoss: paiseToRupees(Number(r.payout) - Number(r.turnover)),
      });
      const total = rows.find((r) => r.game_id === null) ?? { rounds: '0', turnover: '0', payout: '0' };
      return { total: dto(total), games: rows.filter((r) => r.game_id !== null).map((r) => ({ gameId: r.game_id!, gameName: r.game_name!, ...dto(r) })) };
    },
  );
}

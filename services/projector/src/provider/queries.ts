import type { SqlClient } from '@exch/contracts';
import { downlineCte } from '../users/downline.js';
import type { PlayerGameRow, ProviderAggregateRow, ProviderGameRow } from './rows.js';

// The third-party casino's reads: its turnover and profit, summed from rm_provider_txns.

const AGGREGATES = `count(distinct t.round_id) as rounds,
  coalesce(sum(t.amount) filter (where t.txn_type = 'DEBIT'), 0) - coalesce(sum(t.amount) filter (where t.txn_type = 'ROLLBACK'), 0) as turnover,
  coalesce(sum(t.amount) filter (where t.txn_type = 'CREDIT'), 0) as payout`;

/** Days, as the reports take them: `from` and `to` inclusive. */
export interface DayRange {
  from?: string;
  to?: string;
}

const dates = (q: DayRange, params: unknown[]): string =>
  (q.from ? ` and t.at >= $${params.push(q.from)}::date` : '') +
  (q.to ? ` and t.at < $${params.push(q.to)}::date + 1` : '');

/** The games an account's downline played, most turnover first, and their totals. */
export async function downlineProviderGames(
  sql: SqlClient,
  actorId: string,
  q: DayRange,
): Promise<{ games: ProviderGameRow[]; total: ProviderAggregateRow }> {
  const params: unknown[] = [actorId];
  const where = `t.moved and t.user_id in (select user_id from downline)${dates(q, params)}`;
  const { rows } = await sql.query<ProviderGameRow>(
    `${downlineCte(1)}
     select t.provider, t.game_id, (array_agg(t.game_name order by t.position desc))[1] as game_name, count(distinct t.user_id) as players, ${AGGREGATES}
       from rm_provider_txns t where ${where}
      group by t.provider, t.game_id order by turnover desc, t.game_id`,
    params,
  );
  const { rows: totals } = await sql.query<ProviderAggregateRow>(
    `${downlineCte(1)} select ${AGGREGATES} from rm_provider_txns t where ${where}`,
    params,
  );
  return { games: rows, total: totals[0]! };
}

/** A player's games by id, and their total first (its `game_id` null). */
export async function playerProviderGames(sql: SqlClient, userId: string, q: DayRange): Promise<PlayerGameRow[]> {
  const params: unknown[] = [userId];
  const where = `t.moved and t.user_id = $1${dates(q, params)}`;
  const { rows } = await sql.query<PlayerGameRow>(
    `select t.game_id, (array_agg(t.game_name order by t.position desc))[1] as game_name, ${AGGREGATES} from rm_provider_txns t where ${where}
          group by grouping sets ((t.game_id), ()) order by t.game_id nulls first`,
    params,
  );
  return rows;
}

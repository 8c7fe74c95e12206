import { BetTapeQuery, type BetDto, type Paginated } from '@exch/contracts';
import { DOWNLINE_BET_CSV_HEADER, downlineBetCsvRow } from '../bets/csv.js';
import { BET_SELECT, toBetDto, type BetDbRow } from '../bets/dto.js';
import { betWhere, type BetFilter } from '../bets/filters.js';
import { downlineCte } from '../bets/scope.js';
import { pageSql, paginated } from '../http/paging.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { CSV_MAX_ROWS, csvRoute } from '../reports/csv.js';

const TAG = 'Risk';

/** The tape's filter as the bet lists' (every status: the tape shows what happened to each bet). */
const filterOf = (q: BetTapeQuery): BetFilter => ({
  status: 'all',
  matchId: q.event_id,
  marketId: q.market_id,
  sportId: q.sport_id === undefined ? undefined : Number(q.sport_id),
  side: q.side,
  username: q.username,
  from: q.from,
  to: q.to,
  minStake: q.min_stake,
});

/** The downline's bets placed in the period, newest first: one page and the count of all. */
async function tapeRows(
  sql: ExchangeDeps['sql'],
  viewer: string,
  q: BetTapeQuery,
  page: { page: number; limit: number },
): Promise<{ rows: BetDbRow[]; total: number }> {
  const params: unknown[] = [viewer];
  const where = betWhere(filterOf(q), params);
  const [count, rows] = await Promise.all([
    sql.query<{ n: string }>(
      `${downlineCte(1)}select count(*) as n from rm_bets b join rm_users u on u.user_id = b.user_id
         left join rm_matches mt on mt.match_id = b.match_id where ${where}`,
      params,
    ),
    sql.query<BetDbRow>(
      `${downlineCte(1)}${BET_SELECT} where ${where} order by b.placed_position desc ${pageSql(page.page, page.limit)}`,
      params,
    ),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]!.n) };
}

/**
 * The bet tape's history (docs/risk.md): what the live tape showed, for any past period, with its
 * filters. The live tape itself is pushed over the websocket (live/bet-pusher.ts).
 */
export function tapeRoutes({ sql, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/bet-tape',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The downline's bets placed in a period, newest first, filtered as the live tape is",
      query: BetTapeQuery,
      answer: 'BetPage',
    },
    async (req, { query: q }): Promise<Paginated<BetDto>> => {
      const { rows, total } = await tapeRows(sql, req.auth!.sub, q, q);
      return paginated(rows.map(toBetDto), q.page, q.limit, total);
    },
  );

  csvRoute(
    route,
    {
      url: '/api/admin/bet-tape.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The bet tape's history as CSV: every row the filter picks",
      query: BetTapeQuery,
    },
    async (req, { query: q }) => {
      const { rows } = await tapeRows(sql, req.auth!.sub, q, { page: 1, limit: CSV_MAX_ROWS + 1 });
      return {
        name: `bet-tape-${q.from ?? 'start'}-${q.to ?? 'now'}`,
        header: DOWNLINE_BET_CSV_HEADER,
        rows: rows.map(downlineBetCsvRow),
      };
    },
  );
}

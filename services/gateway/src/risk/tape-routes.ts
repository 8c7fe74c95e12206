import { BetTapeQuery, type Paginated, type TapeBet } from '@exch/contracts';
import { DOWNLINE_BET_CSV_HEADER, downlineBetCsvRow } from '../bets/csv.js';
import { BET_SELECT, toBetDto, type BetDbRow } from '../bets/dto.js';
import { betWhere, containsPattern, type BetFilter } from '../bets/filters.js';
import { downlineCte, IN_DOWNLINE } from '../bets/scope.js';
import {
  BET_SELECT as CASINO_BET_SELECT,
  payRange,
  toBetDto as casinoBetDto,
  type BetRow as CasinoBetRow,
} from '../casino/read.js';
import { pageSql, paginated } from '../http/paging.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { CSV_MAX_ROWS, csvRoute, money, oddsCell, type CsvTable } from '../reports/csv.js';

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

type Page = { page: number; limit: number };

/** The downline's exchange bets placed in the period, newest first: one page and the count of all. */
async function sportsRows(sql: ExchangeDeps['sql'], viewer: string, q: BetTapeQuery, page: Page) {
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
 * The downline's casino table bets placed in the period, newest first: user and minimum stake
 * filter them; a sport, match, market or side picks none (a casino bet has none of them).
 */
async function casinoRows(sql: ExchangeDeps['sql'], viewer: string, q: BetTapeQuery, page: Page) {
  if (q.sport_id !== undefined || q.event_id || q.market_id || q.side) return { rows: [], total: 0 };
  const params: unknown[] = [viewer];
  const add = (value: unknown) => `$${params.push(value)}`;
  const parts = [IN_DOWNLINE];
  if (q.username) parts.push(`u.username_lower like ${add(containsPattern(q.username))}`);
  if (q.from) parts.push(`b.placed_at >= ${add(q.from)}::timestamptz`);
  if (q.to)
    parts.push(
      q.to.length === 10 ? `b.placed_at < ${add(q.to)}::date + 1` : `b.placed_at <= ${add(q.to)}::timestamptz`,
    );
  if (q.min_stake !== undefined) parts.push(`b.stake >= ${add(q.min_stake)}`);
  const where = parts.join(' and ');
  const [count, rows] = await Promise.all([
    sql.query<{ n: string }>(
      `${downlineCte(1)}select count(*) as n from rm_casino_bets b join rm_users u on u.user_id = b.user_id where ${where}`,
      params,
    ),
    sql.query<CasinoBetRow>(
      `${downlineCte(1)}${CASINO_BET_SELECT} where ${where} order by b.placed_position desc ${pageSql(page.page, page.limit)}`,
      params,
    ),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]!.n) };
}

/**
 * The bet tape's history (docs/risk.md): what the live tape showed, for any past period, with its
 * filters, one bet type at a time. The live tape itself is pushed over the websocket (live/bet-pusher.ts).
 */
export function tapeRoutes({ sql, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/bet-tape',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary:
        "The downline's exchange or casino bets placed in a period, newest first, filtered as the live tape is: { data: [{ bet_type, bet }], pagination }",
      query: BetTapeQuery,
    },
    async (req, { query: q }): Promise<Paginated<TapeBet>> => {
      if (q.bet_type === 'casino') {
        const { rows, total } = await casinoRows(sql, req.auth!.sub, q, q);
        return paginated(
          rows.map((r) => ({ bet_type: 'casino', bet: casinoBetDto(r) })),
          q.page,
          q.limit,
          total,
        );
      }
      const { rows, total } = await sportsRows(sql, req.auth!.sub, q, q);
      return paginated(
        rows.map((r) => ({ bet_type: 'sports', bet: toBetDto(r) })),
        q.page,
        q.limit,
        total,
      );
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
    async (req, { query: q }): Promise<CsvTable> => {
      const all = { page: 1, limit: CSV_MAX_ROWS + 1 };
      const name = `bet-tape-${q.bet_type}-${q.from ?? 'start'}-${q.to ?? 'now'}`;
      if (q.bet_type === 'casino') {
        const { rows } = await casinoRows(sql, req.auth!.sub, q, all);
        return {
          name,
          header: ['Placed', 'User Name', 'Table', 'Round', 'Selection', 'Odds', 'Stake', 'Status', 'Profit/Loss'],
          rows: rows.map((r) => {
            const b = casinoBetDto(r);
            return [
              b.placed_at,
              b.user_info.username,
              b.table_name,
              b.game_round_id,
              b.selection_name,
              (payRange(r.pay_table) ?? [r.odds]).map(oddsCell).join('-'),
              money(Number(r.stake)),
              b.status,
              r.pnl === null ? '' : money(Number(r.pnl)),
            ];
          }),
        };
      }
      const { rows } = await sportsRows(sql, req.auth!.sub, q, all);
      return { name, header: DOWNLINE_BET_CSV_HEADER, rows: rows.map(downlineBetCsvRow) };
    },
  );
}

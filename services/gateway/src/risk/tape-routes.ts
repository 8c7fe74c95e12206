import { BetTapeQuery, type TapePage } from '@exch/contracts';
import { DOWNLINE_BET_CSV_HEADER, downlineBetCsvRow } from '../bets/csv.js';
import { toBetDto } from '../bets/dto.js';
import { casinoTapeBets, downlineBetsAfter, downlineIds, type BetFilter } from '@exch/projector/read';
import { payRange, toBetDto as casinoBetDto } from '../casino/read.js';
import type { ExchangeDeps } from '../deps.js';
import { CSV_MAX_ROWS, csvRoute, money, oddsCell, type CsvTable } from '../http/csv.js';

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

/** Rows of a page, and the bet after which it starts (the page before's last), if any. */
type Page = { after?: string; limit: number };

/** The downline's exchange bets placed in the period, newest first: one page (limit + 1 rows read, to know whether another follows). */
export async function sportsRows(sql: ExchangeDeps['sql'], viewer: string, q: BetTapeQuery, page: Page) {
  return downlineBetsAfter(sql, viewer, filterOf(q), page);
}

/**
 * The downline's casino table bets placed in the period, newest first: user and minimum stake
 * filter them; a sport, match, market or side picks none (a casino bet has none of them).
 */
export async function casinoRows(sql: ExchangeDeps['sql'], viewer: string, q: BetTapeQuery, page: Page) {
  if (q.sport_id !== undefined || q.event_id || q.market_id || q.side) return [];
  const filter = { username: q.username, from: q.from, to: q.to, minStake: q.min_stake };
  return casinoTapeBets(sql, await downlineIds(sql, viewer), filter, page);
}

/** The page's rows (at most `limit`) and the cursor of the next page, if more rows were read. */
function pageOf<T>(rows: T[], limit: number, idOf: (row: T) => string): { rows: T[]; next: string | null } {
  const shown = rows.slice(0, limit);
  return { rows: shown, next: rows.length > limit ? idOf(shown[shown.length - 1]!) : null };
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
        "The downline's exchange or casino bets placed in a period, newest first, filtered as the live tape is: { data: [{ bet_type, bet }], next }; the next (older) page is after=next",
      query: BetTapeQuery,
    },
    async (req, { query: q }): Promise<TapePage> => {
      if (q.bet_type === 'casino') {
        const { rows, next } = pageOf(await casinoRows(sql, req.auth!.sub, q, q), q.limit, (r) => r.bet_id);
        return { data: rows.map((r) => ({ bet_type: 'casino', bet: casinoBetDto(r) })), next };
      }
      const { rows, next } = pageOf(await sportsRows(sql, req.auth!.sub, q, q), q.limit, (r) => r.bet_id);
      return { data: rows.map((r) => ({ bet_type: 'sports', bet: toBetDto(r) })), next };
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
      // Every row of the period from the newest (the rows functions read one past the limit, so an oversized export is refused).
      const all = { limit: CSV_MAX_ROWS };
      const name = `bet-tape-${q.bet_type}-${q.from ?? 'start'}-${q.to ?? 'now'}`;
      if (q.bet_type === 'casino') {
        const rows = await casinoRows(sql, req.auth!.sub, q, all);
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
      const rows = await sportsRows(sql, req.auth!.sub, q, all);
      return { name, header: DOWNLINE_BET_CSV_HEADER, rows: rows.map(downlineBetCsvRow) };
    },
  );
}

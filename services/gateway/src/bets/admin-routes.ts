import * as v from 'valibot';
import {
  AllUserBetListBody,
  AllUserBetListQuery,
  dateTimeFilter,
  DeleteBetsBody,
  MARKET_TYPE_OF,
  optionalRupees,
  PageQuery,
  text,
  type BetDto,
  type MarketType,
  type Paginated,
} from '@exch/contracts';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { paginated } from '../http/paging.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { DOWNLINE_BET_CSV_HEADER, downlineBetCsvRow } from './csv.js';
import { toBetDto } from './dto.js';
import { kindOf } from '../markets/kind.js';
import {
  BET_STATUSES,
  downlineBetCount,
  downlineBetPage,
  newestDownlineBets,
  type BetFilter,
  type BetRow,
  type Count,
} from '@exch/projector/read';
import { INVALID_BET } from './status-route.js';
import { CSV_MAX_ROWS, csvRoute } from '../http/csv.js';

const CategorizedQuery = v.object({
  matched_status: v.optional(v.picklist(['matched', 'unmatched'], 'matched_status must be matched or unmatched')),
  market_types: v.optional(text('market_types', { max: 100 })),
  odds_type: v.optional(v.picklist(['back', 'lay'], 'odds_type must be back or lay')),
  status: v.optional(v.picklist(BET_STATUSES, `status must be one of ${BET_STATUSES.join(', ')}`), 'pending'),
  username: v.optional(text('username', { max: 50 })),
  startDate: dateTimeFilter('startDate'),
  endDate: dateTimeFilter('endDate'),
  min_stake: optionalRupees('min_stake'),
  max_stake: optionalRupees('max_stake'),
});
const TAG = 'Back office';

/** One match's list is bounded: the newest first. */
const EVENT_CAP = 1000;

/** The downline's bets by the bet history's filter, newest first: one page (offset, limit) and the count of all (capped). */
export async function downlineBets(
  sql: ExchangeDeps['sql'],
  viewer: string,
  f: Omit<v.InferOutput<typeof AllUserBetListBody>, 'limit'>,
  page: { offset: number; limit: number },
): Promise<{ rows: BetRow[]; total: Count }> {
  return downlineBetPage(
    sql,
    viewer,
    {
      status: f.deleted ? 'deleted' : (f.status ?? 'pending'),
      matchId: f.event_id,
      kinds: f.market_type ? [kindOf(f.market_type)] : undefined,
      matched: f.matched_status,
      side: f.odds_type,
      username: f.username,
      from: f.start_date,
      to: f.end_date,
      minStake: f.amount_from,
      maxStake: f.amount_to,
    },
    page,
  );
}

/** The back office's bet lists and deletes: the caller's downline only (SPEC.md section 6). */
export function adminBetRoutes({ sql, commands, throttle, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/bets/event/:matchId/categorized',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'Downline bets on a match by market type',
      params: params('matchId'),
      query: CategorizedQuery,
    },
    async (req, { params: p, query: q }) => {
      const filter: BetFilter = {
        status: q.status,
        matchId: p.matchId,
        kinds: q.market_types
          ?.split(',')
          .map((t) => t.trim())
          .filter(Boolean)
          .map(kindOf),
        matched: q.matched_status,
        side: q.odds_type,
        username: q.username,
        from: q.startDate,
        to: q.endDate,
        minStake: q.min_stake,
        maxStake: q.max_stake,
      };
      const rows = await newestDownlineBets(sql, req.auth!.sub, filter, EVENT_CAP);
      const markets = Object.fromEntries(Object.values(MARKET_TYPE_OF).map((t) => [t, [] as BetDto[]])) as Record<
        MarketType,
        BetDto[]
      >;
      for (const bet of rows.map(toBetDto)) markets[bet.market_type].push(bet);
      return { data: { markets } };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/alluserbetList',
      access: { admin: 'view-bets' },
      readOnly: true,
      tag: TAG,
      summary: 'Downline bet history',
      query: v.object({ page: PageQuery.page }),
      body: v.optional(AllUserBetListBody, {}),
      answer: 'BetPage',
    },
    async (req, { query: { page }, body }): Promise<Paginated<BetDto>> => {
      const limit = body.limit ?? 25;
      const { rows, total } = await downlineBets(sql, req.auth!.sub, body, { offset: (page - 1) * limit, limit });
      return paginated(rows.map(toBetDto), page, limit, total);
    },
  );

  csvRoute(
    route,
    {
      url: '/api/alluserbetList.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'Downline bet history as CSV (the same filters as query strings, every row)',
      query: AllUserBetListQuery,
    },
    async (req, { query: q }) => {
      const { rows } = await downlineBets(sql, req.auth!.sub, q, { offset: 0, limit: CSV_MAX_ROWS + 1 });
      return {
        name: `bet-history-${q.deleted ? 'deleted' : (q.status ?? 'pending')}-${q.start_date ?? 'start'}-${q.end_date ?? 'now'}`,
        header: DOWNLINE_BET_CSV_HEADER,
        rows: rows.map(downlineBetCsvRow),
      };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/delete-bets',
      access: { admin: 'delete-bets' },
      tag: TAG,
      summary: 'Delete pending downline bets (role admin)',
      body: DeleteBetsBody,
    },
    async (req, { body }) => {
      if (req.auth!.role !== 'admin')
        throw new HttpError(403, 'Only the admin role can delete bets in bulk', 'FORBIDDEN');
      const ids = [...new Set(body.ids)];
      if ((await downlineBetCount(sql, req.auth!.sub, ids)) !== ids.length)
        throw new HttpError(404, INVALID_BET, 'BET_NOT_FOUND');
      await checkTransactionPassword(sql, throttle, req, body.transaction_password);
      await send(commands, req, { type: 'DeleteBets', betIds: ids });
      return { message: ids.length === 1 ? '1 bet deleted' : `${ids.length} bets deleted`, deleted: ids.length };
    },
  );
}

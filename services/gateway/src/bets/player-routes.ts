import * as v from 'valibot';
import {
  dateFilter,
  idText,
  MARKET_TYPE_OF,
  PageQuery,
  paiseToRupees,
  type BetDto,
  type MarketKind,
  type Paginated,
  type ProfitLossRow,
} from '@exch/contracts';
import { paginated } from '../http/paging.js';
import type { ExchangeDeps } from '../deps.js';
import { BET_SELECT, toBetDto } from './dto.js';
import type { BetRow } from '@exch/projector/read';
import { STATUS_SQL } from './filters.js';

const MyBetsQuery = v.object({ eventId: v.optional(idText('eventId')) });
const RecentQuery = v.object({ eventId: idText('eventId'), marketId: v.optional(idText('marketId')) });
/** The bet history's filters (the JSON route pages them; its CSV takes every row). */
export const BetHistoryFilters = {
  status: v.optional(
    v.picklist(['pending', 'settled', 'deleted', 'all'], 'status must be pending, settled, deleted or all'),
    'pending',
  ),
  from: dateFilter('from'),
  to: dateFilter('to'),
};
const MineQuery = v.object({ ...BetHistoryFilters, ...PageQuery });
const PnlQuery = v.object({ from: dateFilter('from'), to: dateFilter('to'), ...PageQuery });
const TAG = 'Player betting';
const betList = {
  type: 'object',
  properties: { data: { type: 'array', items: { $ref: '#/components/schemas/BetDto' } } },
};

/** Recent lists are bounded: a player's open bets on one match are far fewer. */
const LIST_CAP = 500;

/** A player's settled markets, newest first: one page (offset, limit) and the count of all. The JSON route and its CSV read it. */
export interface SettledMarketRow {
  match_id: string;
  event_name: string | null;
  market_id: string;
  market_name: string | null;
  kind: MarketKind;
  pnl: string;
  commission: string;
  settled_at: Date | string;
}

export const toProfitLossRow = (r: SettledMarketRow): ProfitLossRow => ({
  event_id: r.match_id,
  event_name: r.event_name ?? r.match_id,
  market_id: r.market_id,
  market_name: r.market_name ?? r.market_id,
  market_type: MARKET_TYPE_OF[r.kind],
  pnl: paiseToRupees(Number(r.pnl)),
  commission: paiseToRupees(Number(r.commission)),
  settled_at: new Date(r.settled_at).toISOString(),
});

export async function settledMarkets(
  sql: ExchangeDeps['sql'],
  userId: string,
  q: { from?: string; to?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: SettledMarketRow[]; total: number }> {
  const params: unknown[] = [userId];
  let where = 's.user_id = $1';
  if (q.from) where += ` and s.settled_at >= $${params.push(q.from)}::date`;
  if (q.to) where += ` and s.settled_at < $${params.push(q.to)}::date + 1`;
  const { rows: count } = await sql.query<{ n: string }>(
    `select count(*) as n from rm_bet_settlements s where ${where}`,
    params,
  );
  const { rows } = await sql.query<SettledMarketRow>(
    `select s.match_id, mt.name as event_name, s.market_id, mk.name as market_name, mk.kind, s.pnl, s.commission, s.settled_at
       from rm_bet_settlements s
       join rm_markets mk on mk.market_id = s.market_id
       left join rm_matches mt on mt.match_id = s.match_id
      where ${where} order by s.settled_at desc, s.market_id limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return { rows, total: Number(count[0]!.n) };
}

/** A player's bets by status and placing day, newest first: one page (offset, limit) and the count of all. The JSON route and its CSV read it. */
export async function myBets(
  sql: ExchangeDeps['sql'],
  userId: string,
  q: { status: keyof typeof STATUS_SQL; from?: string; to?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: BetRow[]; total: number }> {
  const params: unknown[] = [userId];
  let where = `b.user_id = $1 and ${STATUS_SQL[q.status]}`;
  if (q.from) where += ` and b.placed_at >= $${params.push(q.from)}::date`;
  if (q.to) where += ` and b.placed_at < $${params.push(q.to)}::date + 1`;
  const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_bets b where ${where}`, params);
  const { rows } = await sql.query<BetRow>(
    `${BET_SELECT} where ${where} order by b.placed_position desc limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return { rows, total: Number(count[0]!.n) };
}

/** The player's own bets and settled markets. */
export function playerBetRoutes({ sql, route }: ExchangeDeps): void {
  const list = async (where: string, params: unknown[]): Promise<BetDto[]> =>
    (
      await sql.query<BetRow>(`${BET_SELECT} where ${where} order by b.placed_position desc limit ${LIST_CAP}`, params)
    ).rows.map(toBetDto);

  route(
    {
      method: 'GET',
      url: '/api/my_bets',
      access: 'player',
      tag: TAG,
      summary: 'Pending bets, matched and unmatched',
      query: MyBetsQuery,
      answer: betList,
    },
    async (req, { query: q }) => {
      const params: unknown[] = [req.auth!.sub];
      let where = `b.user_id = $1 and ${STATUS_SQL.pending}`;
      if (q.eventId) where += ` and b.match_id = $${params.push(q.eventId)}`;
      return { data: await list(where, params) };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/recent/bets',
      access: 'player',
      tag: TAG,
      summary: "The player's bets on a match, newest first",
      query: RecentQuery,
      answer: betList,
    },
    async (req, { query: q }) => {
      const params: unknown[] = [req.auth!.sub, q.eventId];
      let where = `b.user_id = $1 and b.match_id = $2`;
      if (q.marketId) where += ` and b.market_id = $${params.push(q.marketId)}`;
      return { data: await list(where, params) };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/bets/mine',
      access: 'player',
      tag: TAG,
      summary: 'Bet history',
      query: MineQuery,
      answer: 'BetPage',
    },
    async (req, { query: q }): Promise<Paginated<BetDto>> => {
      const { rows, total } = await myBets(sql, req.auth!.sub, q, { offset: (q.page - 1) * q.limit, limit: q.limit });
      return paginated(rows.map(toBetDto), q.page, q.limit, total);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/profit-loss/mine',
      access: 'player',
      tag: TAG,
      summary: 'Settled markets with P&L and commission',
      query: PnlQuery,
    },
    async (req, { query: q }): Promise<Paginated<ProfitLossRow>> => {
      const { rows, total } = await settledMarkets(sql, req.auth!.sub, q, {
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return paginated(rows.map(toProfitLossRow), q.page, q.limit, total);
    },
  );
}

import * as v from 'valibot';
import {
  dateFilter,
  idText,
  MARKET_TYPE_OF,
  PageQuery,
  paiseToRupees,
  type BetDto,
  type Paginated,
  type ProfitLossRow,
  type ProfitLossPage,
} from '@exch/contracts';
import { paginated } from '../http/paging.js';
import type { ExchangeDeps } from '../deps.js';
import { playerBetPage, playerBets, settledMarketPage, type SettledMarketRow } from '@exch/projector/read';
import { toBetDto } from './dto.js';

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

/** The player's own bets and settled markets. */
export function playerBetRoutes({ sql, route }: ExchangeDeps): void {
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
      const rows = await playerBets(sql, req.auth!.sub, { pending: true, matchId: q.eventId }, LIST_CAP);
      return { data: rows.map(toBetDto) };
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
      const rows = await playerBets(
        sql,
        req.auth!.sub,
        { pending: false, matchId: q.eventId, marketId: q.marketId },
        LIST_CAP,
      );
      return { data: rows.map(toBetDto) };
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
      const { rows, total } = await playerBetPage(sql, req.auth!.sub, q, {
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return paginated(rows.map(toBetDto), q.page, q.limit, total);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/profit-loss/mine',
      access: 'player',
      tag: TAG,
      summary:
        "Settled markets with P&L before commission and commission, and the period's sums (before, commission, net after)",
      query: PnlQuery,
    },
    async (req, { query: q }): Promise<ProfitLossPage> => {
      const { rows, total, sums } = await settledMarketPage(sql, req.auth!.sub, q, {
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return {
        ...paginated(rows.map(toProfitLossRow), q.page, q.limit, total),
        totals: {
          pnl: paiseToRupees(sums.pnl),
          commission: paiseToRupees(sums.commission),
          net: paiseToRupees(sums.pnl - sums.commission),
        },
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { MARKET_TYPE_OF, PageQuery, paiseToRupees, type BetDto, type MarketKind, type Paginated, type ProfitLossRow } from '@exch/contracts';
import { pageSql, paginated } from '../http/paging.js';
import { parse } from '../http/validate.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { BET_SELECT, toBetDto, type BetDbRow } from './dto.js';
import { STATUS_SQL } from './filters.js';

const id = (field: string) => v.pipe(v.string(`${field} must be text`), v.maxLength(100, `${field} is too long`));
const isoDate = (field: string) => v.optional(v.pipe(v.string(), v.isoDate(`${field} must be a date (YYYY-MM-DD)`)));

const MyBetsQuery = v.object({ eventId: v.optional(id('eventId')) });
const RecentQuery = v.object({ eventId: id('eventId'), marketId: v.optional(id('marketId')) });
const MineQuery = v.object({
  status: v.optional(v.picklist(['pending', 'settled', 'deleted', 'all'], 'status must be pending, settled, deleted or all'), 'pending'),
  from: isoDate('from'),
  to: isoDate('to'),
  ...PageQuery,
});
const PnlQuery = v.object({ from: isoDate('from'), to: isoDate('to'), ...PageQuery });

/** Recent lists are bounded: a player's open bets on one match are far fewer. */
const LIST_CAP = 500;

/** The player's own bets and settled markets. */
export function playerBetRoutes(app: FastifyInstance, { sql, guard }: ExchangeDeps): void {
  const list = async (where: string, params: unknown[]): Promise<BetDto[]> =>
    (await sql.query<BetDbRow>(`${BET_SELECT} where ${where} order by b.placed_position desc limit ${LIST_CAP}`, params)).rows.map(toBetDto);

  app.get('/api/my_bets', { preHandler: guard.player }, async (req) => {
    const q = parse(MyBetsQuery, req.query);
    const params: unknown[] = [req.auth!.sub];
    let where = `b.user_id = $1 and ${STATUS_SQL.pending}`;
    if (q.eventId) where += ` and b.match_id = $${params.push(q.eventId)}`;
    return { data: await list(where, params) };
  });

  app.get('/api/recent/bets', { preHandler: guard.player }, async (req) => {
    const q = parse(RecentQuery, req.query);
    const params: unknown[] = [req.auth!.sub, q.eventId];
    let where = `b.user_id = $1 and b.match_id = $2`;
    if (q.marketId) where += ` and b.market_id = $${params.push(q.marketId)}`;
    return { data: await list(where, params) };
  });

  app.get('/api/bets/mine', { preHandler: guard.player }, async (req): Promise<Paginated<BetDto>> => {
    const q = parse(MineQuery, req.query);
    const params: unknown[] = [req.auth!.sub];
    let where = `b.user_id = $1 and ${STATUS_SQL[q.status]}`;
    if (q.from) where += ` and b.placed_at >= $${params.push(q.from)}::date`;
    if (q.to) where += ` and b.placed_at < $${params.push(q.to)}::date + 1`;
    const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_bets b where ${where}`, params);
    const { rows } = await sql.query<BetDbRow>(`${BET_SELECT} where ${where} order by b.placed_position desc ${pageSql(q.page, q.limit)}`, params);
    return paginated(rows.map(toBetDto), q.page, q.limit, Number(count[0]!.n));
  });

  app.get('/api/profit-loss/mine', { preHandler: guard.player }, async (req): Promise<Paginated<ProfitLossRow>> => {
    const q = parse(PnlQuery, req.query);
    const params: unknown[] = [req.auth!.sub];
    let where = 's.user_id = $1';
    if (q.from) where += ` and s.settled_at >= $${params.push(q.from)}::date`;
    if (q.to) where += ` and s.settled_at < $${params.push(q.to)}::date + 1`;
    const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_bet_settlements s where ${where}`, params);
    const { rows } = await sql.query<{ match_id: string; event_name: string | null; market_id: string; market_name: string | null; kind: MarketKind; pnl: string; commission: string; settled_at: Date | string }>(
      `select s.match_id, mt.name as event_name, s.market_id, mk.name as market_name, mk.kind, s.pnl, s.commission, s.settled_at
         from rm_bet_settlements s
         join rm_markets mk on mk.market_id = s.market_id
         left join rm_matches mt on mt.match_id = s.match_id
        where ${where} order by s.settled_at desc, s.market_id ${pageSql(q.page, q.limit)}`,
      params,
    );
    const data = rows.map((r): ProfitLossRow => ({
      event_id: r.match_id,
      event_name: r.event_name ?? r.match_id,
      market_id: r.market_id,
      market_name: r.market_name ?? r.market_id,
      market_type: MARKET_TYPE_OF[r.kind],
      pnl: paiseToRupees(Number(r.pnl)),
      commission: paiseToRupees(Number(r.commission)),
      settled_at: new Date(r.settled_at).toISOString(),
    }));
    return paginated(data, q.page, q.limit, Number(count[0]!.n));
  });
}

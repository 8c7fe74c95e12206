import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AllUserBetListBody, DeleteBetsBody, MARKET_TYPE_OF, PageQuery, type BetDto, type MarketType, type Paginated } from '@exch/contracts';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { pageSql, paginated } from '../http/paging.js';
import { parse } from '../http/validate.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { BET_SELECT, toBetDto, type BetDbRow } from './dto.js';
import { BET_STATUSES, betWhere, dateParam, kindOf, stakeParam, type BetFilter } from './filters.js';
import { downlineCte } from './scope.js';
import { INVALID_BET } from './status-route.js';

const text = v.optional(v.pipe(v.string(), v.maxLength(100, 'Filter values are at most 100 characters')));
const CategorizedQuery = v.object({
  matched_status: v.optional(v.picklist(['matched', 'unmatched'], 'matched_status must be matched or unmatched')),
  market_types: text,
  odds_type: v.optional(v.picklist(['back', 'lay'], 'odds_type must be back or lay')),
  status: v.optional(v.picklist(BET_STATUSES, `status must be one of ${BET_STATUSES.join(', ')}`), 'pending'),
  username: text,
  startDate: text,
  endDate: text,
  min_stake: text,
  max_stake: text,
});

/** One match's list is bounded: the newest first. */
const EVENT_CAP = 1000;

/** The back office's bet lists and deletes: the caller's downline only (SPEC.md section 6). */
export function adminBetRoutes(app: FastifyInstance, { sql, commands, throttle, guard }: ExchangeDeps): void {
  app.get<{ Params: { matchId: string } }>('/api/bets/event/:matchId/categorized', { preHandler: guard.admin('view-bets') }, async (req) => {
    const q = parse(CategorizedQuery, req.query);
    const filter: BetFilter = {
      status: q.status,
      matchId: req.params.matchId,
      kinds: q.market_types?.split(',').map((t) => t.trim()).filter(Boolean).map(kindOf),
      matched: q.matched_status,
      side: q.odds_type,
      username: q.username,
      from: dateParam('startDate', q.startDate),
      to: dateParam('endDate', q.endDate),
      minStake: stakeParam('min_stake', q.min_stake),
      maxStake: stakeParam('max_stake', q.max_stake),
    };
    const params: unknown[] = [req.auth!.sub];
    const where = betWhere(filter, params);
    const { rows } = await sql.query<BetDbRow>(`${downlineCte(1)}${BET_SELECT} where ${where} order by b.placed_position desc limit ${EVENT_CAP}`, params);
    const markets = Object.fromEntries(Object.values(MARKET_TYPE_OF).map((t) => [t, [] as BetDto[]])) as Record<MarketType, BetDto[]>;
    for (const bet of rows.map(toBetDto)) markets[bet.market_type].push(bet);
    return { data: { markets } };
  });

  app.post('/api/alluserbetList', { preHandler: guard.admin('view-bets') }, async (req): Promise<Paginated<BetDto>> => {
    const { page } = parse(v.object({ page: PageQuery.page }), req.query);
    const body = parse(AllUserBetListBody, req.body ?? {});
    const limit = body.limit ?? 25;
    const filter: BetFilter = {
      status: body.deleted ? 'deleted' : (body.status ?? 'pending'),
      matchId: body.event_id,
      kinds: body.market_type ? [kindOf(body.market_type)] : undefined,
      matched: body.matched_status,
      side: body.odds_type,
      username: body.username,
      from: dateParam('start_date', body.start_date),
      to: dateParam('end_date', body.end_date),
      minStake: stakeParam('amount_from', body.amount_from),
      maxStake: stakeParam('amount_to', body.amount_to),
    };
    const params: unknown[] = [req.auth!.sub];
    const where = betWhere(filter, params);
    const { rows: count } = await sql.query<{ n: string }>(`${downlineCte(1)}select count(*) as n from rm_bets b join rm_users u on u.user_id = b.user_id where ${where}`, params);
    const { rows } = await sql.query<BetDbRow>(`${downlineCte(1)}${BET_SELECT} where ${where} order by b.placed_position desc ${pageSql(page, limit)}`, params);
    return paginated(rows.map(toBetDto), page, limit, Number(count[0]!.n));
  });

  app.post('/api/delete-bets', { preHandler: guard.admin('delete-bets') }, async (req) => {
    if (req.auth!.role !== 'admin') throw new HttpError(403, 'Only the admin role can delete bets in bulk', 'FORBIDDEN');
    const body = parse(DeleteBetsBody, req.body);
    const ids = [...new Set(body.ids)];
    const { rows } = await sql.query<{ n: string }>(`${downlineCte(2)}select count(*) as n from rm_bets b where b.bet_id = any($1::text[]) and b.user_id in (select user_id from downline)`, [ids, req.auth!.sub]);
    if (Number(rows[0]!.n) !== ids.length) throw new HttpError(404, INVALID_BET, 'BET_NOT_FOUND');
    await checkTransactionPassword(sql, throttle, req, body.transaction_password);
    await send(commands, req, { type: 'DeleteBets', betIds: ids });
    return { message: ids.length === 1 ? '1 bet deleted' : `${ids.length} bets deleted`, deleted: ids.length };
  });
}

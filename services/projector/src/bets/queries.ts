import type { SqlClient } from '@exch/contracts';
import { cappedCount, type Count } from '../paging.js';
import { downlineCte, downlineIds, IN_DOWNLINE } from '../users/downline.js';
import { afterSql, betWhere, NEWEST_PLACED, STATUS_SQL, type BetFilter } from './filter.js';
import { containsPattern } from '../like.js';
import type {
  AutoCashOutRow,
  BeforeSuspensionRow,
  BetHistoryRow,
  BetRow,
  BookBetRow,
  OpenBetRow,
  PendingStakeRow,
  SettledMarketRow,
  SharedIpRow,
  WindowBetRow,
} from './rows.js';

// The bets' reads: every query the gateway and scripts make whose main table is rm_bets,
// rm_bet_settlements or rm_auto_cash_out, joining the catalogue's and users' tables for names
// (docs/architecture.md, "The typed read side").

/** Bets with the names the lists show; `b`, `u`, `mk` and `mt` are free for where clauses. */
const BET_SELECT = `select b.bet_id, b.user_id, u.username, b.match_id, mt.name as event_name, mt.sport_id, b.market_id, mk.name as market_name,
    b.kind, b.selection_id, b.selection_name, b.side, b.odds, b.volume, b.stake, b.unmatched, b.cancelled, b.fills, b.persistence, b.cash_out, b.status, b.pnl,
    b.reference_id, b.placed_at, b.settled_at
  from rm_bets b
  join rm_users u on u.user_id = b.user_id
  left join rm_markets mk on mk.market_id = b.market_id
  left join rm_matches mt on mt.match_id = b.match_id`;

/** Some bets by id, in no order. */
export async function betsById(sql: SqlClient, ids: string[]): Promise<BetRow[]> {
  const { rows } = await sql.query<BetRow>(`${BET_SELECT} where b.bet_id = any($1::text[])`, [ids]);
  return rows;
}

/** A bet by id if it is the player's own (`userId`) or of the downline of `downlineOf`. */
export async function betById(
  sql: SqlClient,
  betId: string,
  scope: { userId: string } | { downlineOf: string },
): Promise<BetRow | null> {
  const [prefix, where, actor] =
    'userId' in scope ? ['', 'b.user_id = $2', scope.userId] : [downlineCte(2), IN_DOWNLINE, scope.downlineOf];
  const { rows } = await sql.query<BetRow>(`${prefix}${BET_SELECT} where b.bet_id = $1 and ${where}`, [betId, actor]);
  return rows[0] ?? null;
}

/** How many of the bets `ids` belong to the downline of `actorId`. */
export async function downlineBetCount(sql: SqlClient, actorId: string, ids: string[]): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `${downlineCte(2)}select count(*) as n from rm_bets b where b.bet_id = any($1::text[]) and b.user_id in (select user_id from downline)`,
    [ids, actorId],
  );
  return Number(rows[0]!.n);
}

/** The downline's bets by `filter`, newest first: one page (offset, limit) and the count of all (capped). */
export async function downlineBetPage(
  sql: SqlClient,
  viewer: string,
  filter: BetFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: BetRow[]; total: Count }> {
  const params: unknown[] = [await downlineIds(sql, viewer)];
  const where = betWhere(filter, params);
  // Left without dates, the count would be of every bet the downline ever placed: capped.
  const total = await cappedCount(
    sql,
    `from rm_bets b join rm_users u on u.user_id = b.user_id where ${where}`,
    params,
  );
  const { rows } = await sql.query<BetRow>(
    `${BET_SELECT} where ${where} order by ${NEWEST_PLACED} limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return { rows, total };
}

/** The downline's newest `cap` bets by `filter`, by placing order. */
export async function newestDownlineBets(
  sql: SqlClient,
  viewer: string,
  filter: BetFilter,
  cap: number,
): Promise<BetRow[]> {
  const params: unknown[] = [await downlineIds(sql, viewer)];
  const where = betWhere(filter, params);
  const { rows } = await sql.query<BetRow>(
    `${BET_SELECT} where ${where} order by b.placed_position desc limit ${cap}`,
    params,
  );
  return rows;
}

/**
 * The downline's bets by `filter`, newest first from after the bet `page.after` (the keyset of the
 * bet tape): `page.limit + 1` rows read, to know whether another page follows.
 */
export async function downlineBetsAfter(
  sql: SqlClient,
  viewer: string,
  filter: BetFilter,
  page: { after?: string; limit: number },
): Promise<BetRow[]> {
  const params: unknown[] = [await downlineIds(sql, viewer)];
  const where = betWhere(filter, params) + afterSql('rm_bets', page.after, params);
  const { rows } = await sql.query<BetRow>(
    `${BET_SELECT} where ${where} order by ${NEWEST_PLACED} limit ${page.limit + 1}`,
    params,
  );
  return rows;
}

/** A player's bets by status and placing day, newest first: one page (offset, limit) and the count of all. */
export async function playerBetPage(
  sql: SqlClient,
  userId: string,
  q: { status: keyof typeof STATUS_SQL; from?: string | undefined; to?: string | undefined },
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

/** A player's newest `cap` bets, only pending ones if asked, on a match and market if given. */
export async function playerBets(
  sql: SqlClient,
  userId: string,
  f: { pending: boolean; matchId?: string | undefined; marketId?: string | undefined },
  cap: number,
): Promise<BetRow[]> {
  const params: unknown[] = [userId];
  let where = 'b.user_id = $1';
  if (f.pending) where += ` and ${STATUS_SQL.pending}`;
  if (f.matchId) where += ` and b.match_id = $${params.push(f.matchId)}`;
  if (f.marketId) where += ` and b.market_id = $${params.push(f.marketId)}`;
  const { rows } = await sql.query<BetRow>(
    `${BET_SELECT} where ${where} order by b.placed_position desc limit ${cap}`,
    params,
  );
  return rows;
}

/** A player's first `cap` bets on a market, in placing order (the bets behind a statement line). */
export async function playerMarketBets(
  sql: SqlClient,
  userId: string,
  marketId: string,
  cap: number,
): Promise<BetRow[]> {
  const { rows } = await sql.query<BetRow>(
    `${BET_SELECT} where b.user_id = $1 and b.market_id = $2 order by b.placed_position limit ${cap}`,
    [userId, marketId],
  );
  return rows;
}

/**
 * A player's settled markets, newest first: one page (offset, limit), the count of all and their
 * sums over the whole period (P&L before commission, and commission; paise).
 */
export async function settledMarketPage(
  sql: SqlClient,
  userId: string,
  q: { from?: string | undefined; to?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: SettledMarketRow[]; total: number; sums: { pnl: number; commission: number } }> {
  const params: unknown[] = [userId];
  let where = 's.user_id = $1';
  if (q.from) where += ` and s.settled_at >= $${params.push(q.from)}::date`;
  if (q.to) where += ` and s.settled_at < $${params.push(q.to)}::date + 1`;
  const { rows: count } = await sql.query<{ n: string; pnl: string; commission: string }>(
    `select count(*) as n, coalesce(sum(s.pnl), 0) as pnl, coalesce(sum(s.commission), 0) as commission
       from rm_bet_settlements s where ${where}`,
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
  const [c] = count;
  return { rows, total: Number(c!.n), sums: { pnl: Number(c!.pnl), commission: Number(c!.commission) } };
}

/** A player's standing auto cash-out rules on a match. */
export async function autoCashOutRules(sql: SqlClient, userId: string, matchId: string): Promise<AutoCashOutRow[]> {
  const { rows } = await sql.query<AutoCashOutRow>(
    `select market_id, selection_id, profit_target, loss_limit from rm_auto_cash_out
         where user_id = $1 and match_id = $2 order by market_id, selection_id`,
    [userId, matchId],
  );
  return rows;
}

/** The downline's open matched bets with their markets' runners, by market: at most `cap` + 1, to know whether it stopped short. */
export async function openMatchedBets(sql: SqlClient, viewer: string, cap: number): Promise<OpenBetRow[]> {
  const { rows } = await sql.query<OpenBetRow>(
    `${downlineCte(1)}select b.user_id, u.username, b.market_id, mk.name as market_name, b.match_id as event_id,
                mt.name as event_name, b.kind, b.selection_id, b.side, b.odds, b.volume, b.fills, mk.runners
           from rm_bets b join rm_users u on u.user_id = b.user_id
           join rm_markets mk on mk.market_id = b.market_id join rm_matches mt on mt.match_id = b.match_id
          where ${IN_DOWNLINE} and b.status = 'pending' and jsonb_array_length(b.fills) > 0
          order by b.market_id limit ${cap + 1}`,
    [viewer],
  );
  return rows;
}

/** The downline's pending bets on a market (of one account of it, if given), by username and placing order. */
export async function pendingMarketBets(
  sql: SqlClient,
  viewer: string,
  marketId: string,
  userId?: string,
): Promise<BookBetRow[]> {
  const params: unknown[] = [marketId, viewer];
  const { rows } = await sql.query<BookBetRow>(
    `${downlineCte(2)}
       select b.user_id, u.username, b.kind, b.selection_id, b.selection_name, b.side, b.odds, b.volume, b.stake, b.unmatched, b.cancelled, b.fills
         from rm_bets b join rm_users u on u.user_id = b.user_id
        where b.market_id = $1 and b.status = 'pending' and b.user_id in (select user_id from downline)
          ${userId ? `and b.user_id = $${params.push(userId)}` : ''}
        order by u.username_lower, b.placed_position`,
    params,
  );
  return rows;
}

/** Pending stakes of the downline per event, market and selection, on matches whose name holds `search` if given. */
export async function pendingStakes(
  sql: SqlClient,
  viewer: string,
  search: string | undefined,
): Promise<PendingStakeRow[]> {
  const params: unknown[] = [viewer];
  const { rows } = await sql.query<PendingStakeRow>(
    `${downlineCte(1)}
     select b.match_id, mt.name as event_name, mt.start_time, mt.sport_id, b.market_id, mk.name as market_name, b.kind, b.selection_name,
            sum(b.stake - b.cancelled) as total, min(mk.position) as market_position
       from rm_bets b join rm_matches mt on mt.match_id = b.match_id join rm_markets mk on mk.market_id = b.market_id
      where b.status = 'pending' and b.user_id in (select user_id from downline)
        ${search ? `and lower(mt.name) like $${params.push(containsPattern(search))}` : ''}
      group by b.match_id, mt.name, mt.start_time, mt.sport_id, b.market_id, mk.name, b.kind, b.selection_name
      order by mt.start_time, b.match_id, market_position, b.selection_name`,
    params,
  );
  return rows;
}

/** The downline's bets placed since `since` but deleted ones, newest first: at most `cap` + 1, to know whether it stopped short. */
export async function windowBets(sql: SqlClient, viewer: string, since: string, cap: number): Promise<WindowBetRow[]> {
  const { rows } = await sql.query<WindowBetRow>(
    `${downlineCte(1)}select b.bet_id, b.user_id, u.username, b.stake, b.status, b.placed_at
             from rm_bets b join rm_users u on u.user_id = b.user_id
            where ${IN_DOWNLINE} and b.placed_at >= $2 and b.status <> 'deleted'
            order by b.placed_at desc limit ${cap + 1}`,
    [viewer, since],
  );
  return rows;
}

/** Addresses more than one account of the downline bet from since `since`, with their newest `perIp` bets. */
export async function sharedIps(sql: SqlClient, viewer: string, since: string, perIp: number): Promise<SharedIpRow[]> {
  const { rows } = await sql.query<SharedIpRow>(
    `${downlineCte(1)}select b.ip, array_agg(distinct u.username) as names,
                  (array_agg(b.bet_id order by b.placed_at desc))[1:${perIp}] as ids
             from rm_bets b join rm_users u on u.user_id = b.user_id
            where ${IN_DOWNLINE} and b.placed_at >= $2 and b.ip is not null
            group by b.ip having count(distinct b.user_id) > 1`,
    [viewer, since],
  );
  return rows;
}

/** The downline's bets since `since` placed at most `seconds` before their market was suspended (rm_suspensions). */
export async function betsBeforeSuspension(
  sql: SqlClient,
  viewer: string,
  since: string,
  seconds: number,
): Promise<BeforeSuspensionRow[]> {
  const { rows } = await sql.query<BeforeSuspensionRow>(
    `${downlineCte(1)}select distinct on (b.bet_id) b.bet_id, b.user_id, u.username,
                  extract(epoch from s.at - b.placed_at) as secs
             from rm_bets b join rm_users u on u.user_id = b.user_id
             join rm_suspensions s on s.market_id = b.market_id and s.at >= b.placed_at
              and s.at <= b.placed_at + interval '${seconds} seconds'
            where ${IN_DOWNLINE} and b.placed_at >= $2
            order by b.bet_id, s.at`,
    [viewer, since],
  );
  return rows;
}

/** Each account's live bets of the `days` days before `before`: count, average stake, settled and won. */
export async function betHistory(
  sql: SqlClient,
  users: string[],
  before: string,
  days: number,
): Promise<BetHistoryRow[]> {
  const { rows } = await sql.query<BetHistoryRow>(
    `select user_id, count(*) as n, avg(stake) as avg,
                count(*) filter (where status in ('won', 'lost')) as settled, count(*) filter (where status = 'won') as won
           from rm_bets where user_id = any($1::text[]) and placed_at < $2
            and placed_at >= $2::timestamptz - interval '${days} days' and status not in ('deleted', 'cancelled')
          group by user_id`,
    [users, before],
  );
  return rows;
}

/** Every bet of the read model (a bigint, so text). */
export async function betCount(sql: SqlClient): Promise<string> {
  const { rows } = await sql.query<{ n: string }>('select count(*) as n from rm_bets');
  return rows[0]!.n;
}

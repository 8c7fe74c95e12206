import type { SqlClient } from '@exch/contracts';
import { cappedCount, type Count, pageSql } from '../paging.js';
import { containsPattern } from '../like.js';
import { afterSql, NEWEST_PLACED } from '../bets/filter.js';
import { downlineCte, IN_DOWNLINE, IN_DOWNLINE_IDS } from '../users/downline.js';
import type { CasinoBetRow, CasinoDayRow, CasinoResultRow, CasinoRoundRow, CasinoTableRow } from './rows.js';

// The Indian casino's reads: every query the gateway makes on rm_casino_tables, rm_casino_rounds
// and rm_casino_bets. Bets join their players' usernames from rm_users.

const TABLE_SELECT = `select t.table_code, t.name, t.category, t.min_stake, t.max_stake, t.betting_seconds, t.markets, t.suspended, t.current_mid, r.status as round_status
  from rm_casino_tables t left join rm_casino_rounds r on r.mid = t.current_mid`;

const ROUND_SELECT = `select r.mid, r.table_code, t.name as table_name, r.commitment, r.algorithm, r.opened_at, r.closes_at, r.status, r.cards, r.server_seed, r.result,
    r.void_reason, r.settled_at, t.markets
  from rm_casino_rounds r join rm_casino_tables t on t.table_code = r.table_code`;

/** `b` bets, `u` users, `t` tables, `r` rounds: free for where clauses. */
const BET_SELECT = `select b.bet_id, b.user_id, u.username, b.table_code, t.name as table_name, b.mid, b.sid, b.selection_name, b.odds,
    (select m->'payTable' from jsonb_array_elements(t.markets) m where (m->>'sid')::int = b.sid) as pay_table, b.stake, b.status, b.outcome,
    b.pnl, r.winner, b.reference_id, b.placed_at, b.settled_at
  from rm_casino_bets b join rm_users u on u.user_id = b.user_id join rm_casino_tables t on t.table_code = b.table_code left join rm_casino_rounds r on r.mid = b.mid`;

const RESULT_SELECT = `select r.mid, r.winner, r.status, (r.result->>'code')::int as code from rm_casino_rounds r`;
const FINISHED = `r.status in ('settled', 'void')`;

/** Newest first, as the index rm_casino_bets_placed_at walks backwards. */

/** A page of a list: its number (from 1) and size. */
export interface Page {
  page: number;
  limit: number;
}

export async function casinoTable(sql: SqlClient, code: string): Promise<CasinoTableRow | null> {
  const { rows } = await sql.query<CasinoTableRow>(`${TABLE_SELECT} where t.table_code = $1`, [code]);
  return rows[0] ?? null;
}

/** The tables of a category, or of all, by category and name. */
export async function casinoTables(sql: SqlClient, category?: number): Promise<CasinoTableRow[]> {
  const params: unknown[] = [];
  const where = category === undefined ? '' : `where t.category = $${params.push(category)}`;
  const { rows } = await sql.query<CasinoTableRow>(`${TABLE_SELECT} ${where} order by t.category, t.name`, params);
  return rows;
}

/** A table's round under way, else the last one it dealt; null before its first. */
export async function lastRound(sql: SqlClient, code: string): Promise<CasinoRoundRow | null> {
  const { rows } = await sql.query<CasinoRoundRow>(
    `${ROUND_SELECT} where r.table_code = $1 order by r.opened_at desc, r.mid desc limit 1`,
    [code],
  );
  return rows[0] ?? null;
}

/** A table's last ten finished rounds' results, newest first. */
export async function lastResults(sql: SqlClient, code: string): Promise<CasinoResultRow[]> {
  const { rows } = await sql.query<CasinoResultRow>(
    `${RESULT_SELECT} where r.table_code = $1 and ${FINISHED} order by r.opened_at desc, r.mid desc limit 10`,
    [code],
  );
  return rows;
}

/** A round with the shoe its table dealt it from; null when there is none by that id. */
export async function roundWithShoe(
  sql: SqlClient,
  mid: string,
): Promise<(CasinoRoundRow & { shoe: string[] }) | null> {
  const { rows } = await sql.query<CasinoRoundRow & { shoe: string[] }>(
    `${ROUND_SELECT.replace('t.markets', 't.markets, t.shoe')} where r.mid = $1`,
    [mid],
  );
  return rows[0] ?? null;
}

/** A table's finished rounds by day, round id prefix and winner or id part, newest first: one page and the count of all, capped. */
export async function tableResults(
  sql: SqlClient,
  code: string,
  q: { startDate?: string; roundId?: string; search?: string },
  page: Page,
): Promise<{ rows: CasinoResultRow[]; total: Count }> {
  const args: unknown[] = [code];
  let where = `r.table_code = $1 and ${FINISHED}`;
  if (q.startDate)
    where += ` and r.opened_at >= $${args.push(q.startDate)}::date and r.opened_at < $${args.length}::date + 1`;
  if (q.roundId) where += ` and r.mid like $${args.push(`${q.roundId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
  if (q.search)
    where += ` and (lower(r.winner) like $${args.push(containsPattern(q.search))} or r.mid like $${args.length})`;
  // A table deals all day, every day: without a day the count would be of every round it ever dealt.
  const total = await cappedCount(sql, `from rm_casino_rounds r where ${where}`, args);
  const { rows } = await sql.query<CasinoResultRow>(
    `${RESULT_SELECT} where ${where} order by r.opened_at desc, r.mid desc ${pageSql(page.page, page.limit)}`,
    args,
  );
  return { rows, total };
}

/** A player's bets by status, table and placing day, newest first: one page and the count of all. */
export async function playerCasinoBets(
  sql: SqlClient,
  userId: string,
  q: { status: 'pending' | 'settled' | 'all'; table?: string; from?: string; to?: string },
  page: Page,
): Promise<{ rows: CasinoBetRow[]; total: number }> {
  const args: unknown[] = [userId];
  let where = 'b.user_id = $1';
  if (q.status === 'pending') where += ` and b.status = 'pending'`;
  if (q.status === 'settled') where += ` and b.status <> 'pending'`;
  if (q.table) where += ` and b.table_code = $${args.push(q.table)}`;
  if (q.from) where += ` and b.placed_at >= $${args.push(q.from)}::date`;
  if (q.to) where += ` and b.placed_at < $${args.push(q.to)}::date + 1`;
  const { rows: count } = await sql.query<{ n: string }>(
    `select count(*) as n from rm_casino_bets b where ${where}`,
    args,
  );
  const { rows } = await sql.query<CasinoBetRow>(
    `${BET_SELECT} where ${where} order by b.placed_position desc ${pageSql(page.page, page.limit)}`,
    args,
  );
  return { rows, total: Number(count[0]!.n) };
}

/** Some bets by id. */
export async function casinoBetsById(sql: SqlClient, ids: string[]): Promise<CasinoBetRow[]> {
  const { rows } = await sql.query<CasinoBetRow>(`${BET_SELECT} where b.bet_id = any($1::text[])`, [ids]);
  return rows;
}

/** An account's downline's bets on one round, newest first. */
export async function downlineRoundBets(sql: SqlClient, actorId: string, mid: string): Promise<CasinoBetRow[]> {
  const { rows } = await sql.query<CasinoBetRow>(
    `${downlineCte(1)}${BET_SELECT} where b.mid = $2 and ${IN_DOWNLINE} order by b.placed_position desc`,
    [actorId, mid],
  );
  return rows;
}

/** An account's downline's settled bets by placing day and table, newest day first. */
export async function downlineCasinoDays(
  sql: SqlClient,
  actorId: string,
  q: { from?: string; to?: string },
): Promise<CasinoDayRow[]> {
  const args: unknown[] = [actorId];
  let where = `${IN_DOWNLINE} and b.status <> 'pending'`;
  if (q.from) where += ` and b.placed_at >= $${args.push(q.from)}::date`;
  if (q.to) where += ` and b.placed_at < $${args.push(q.to)}::date + 1`;
  const { rows } = await sql.query<CasinoDayRow>(
    `${downlineCte(1)}
     select to_char(b.placed_at, 'YYYY-MM-DD') as day, b.table_code, t.name as table_name, count(*) as bets, sum(b.stake) as turnover, sum(b.pnl) as pnl
       from rm_casino_bets b join rm_casino_tables t on t.table_code = b.table_code
      where ${where}
      group by 1, b.table_code, t.name order by 1 desc, t.name`,
    args,
  );
  return rows;
}

/**
 * The bets of some players (downlineIds' answer) placed in a period, newest first, by username
 * part and minimum stake: `limit` rows after the bet `after` (its `(placed_at, placed_position)`,
 * the keyset rm_casino_bets_placed_at walks on from, so page 50 costs what page 1 does).
 */
export async function casinoTapeBets(
  sql: SqlClient,
  userIds: string[],
  q: { username?: string; from?: string; to?: string; minStake?: number },
  page: { after?: string; limit: number },
): Promise<CasinoBetRow[]> {
  const params: unknown[] = [userIds];
  const add = (value: unknown) => `$${params.push(value)}`;
  const parts = [IN_DOWNLINE_IDS];
  if (q.username) parts.push(`u.username_lower like ${add(containsPattern(q.username))}`);
  if (q.from) parts.push(`b.placed_at >= ${add(q.from)}::timestamptz`);
  if (q.to)
    parts.push(
      q.to.length === 10 ? `b.placed_at < ${add(q.to)}::date + 1` : `b.placed_at <= ${add(q.to)}::timestamptz`,
    );
  if (q.minStake !== undefined) parts.push(`b.stake >= ${add(q.minStake)}`);
  const after = afterSql('rm_casino_bets', page.after, params);
  const { rows } = await sql.query<CasinoBetRow>(
    `${BET_SELECT} where ${parts.join(' and ') + after} order by ${NEWEST_PLACED} limit ${page.limit + 1}`,
    params,
  );
  return rows;
}

/** The table that dealt the most rounds, null before any dealt one. */
export async function busiestTable(sql: SqlClient): Promise<string | null> {
  const { rows } = await sql.query<{ table_code: string }>(
    'select table_code from rm_casino_rounds group by 1 order by count(*) desc limit 1',
  );
  return rows[0]?.table_code ?? null;
}

import { CasinoBetsQuery, CasinoResultsQuery, CasinoTablesQuery, type CasinoBetDto, type CasinoRoundDetail, type Paginated } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { pageSql, paginated } from '../http/paging.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { BET_SELECT, FINISHED, listTables, RESULT_SELECT, resultOf, ROUND_SELECT, tableLive, toBetDto, toRoundDto, findTable, type BetRow, type RoundRow } from './read.js';

const TAG = 'Casino';
/** SPEC.md section 2: the All Casino category lists every table. */
const ALL_CASINO = 35;
const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The live Indian tables for any signed-in user: lists, a table's live state, results, rounds, the player's bets (docs/casino.md "Calls"). */
export function casinoPlayerRoutes({ sql, route }: ExchangeDeps): void {
  route({ method: 'GET', url: '/api/casino/table/getalltable', access: 'any', tag: TAG, summary: 'Every casino table with its status (SPEC.md section 7)', answer: 'CasinoTableList' }, async () => ({
    data: await listTables(sql),
  }));

  route({ method: 'GET', url: '/api/casino/tables', access: 'any', tag: TAG, summary: 'The casino table list, by category (35 or none: all)', query: CasinoTablesQuery, answer: 'CasinoTableList' }, async (_req, { query: q }) => {
    const category = q.category === undefined || Number(q.category) === ALL_CASINO ? undefined : Number(q.category);
    return { data: await listTables(sql, category) };
  });

  route({ method: 'GET', url: '/api/casino/tables/:code', access: 'any', tag: TAG, summary: 'A table live: its round (cards so far, countdown), the last ten results; also pushed as casinoTable to the room casino:{code}', params: params('code'), answer: 'CasinoTableLive' }, async (_req, { params: p }) => tableLive(sql, p.code));

  route({ method: 'GET', url: '/api/casino/results/:code', access: 'any', tag: TAG, summary: 'Finished rounds of a table, newest first: {mid, win} in data.data.res (SPEC.md section 7)', params: params('code'), query: CasinoResultsQuery, answer: 'CasinoResultPage' }, async (_req, { params: p, query: q }) => {
    await findTable(sql, p.code);
    const args: unknown[] = [p.code];
    let where = `r.table_code = $1 and ${FINISHED}`;
    if (q.startDate) where += ` and r.opened_at >= $${args.push(q.startDate)}::date and r.opened_at < $${args.length}::date + 1`;
    if (q.roundId) where += ` and r.mid like $${args.push(`${q.roundId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    if (q.search) where += ` and (lower(r.winner) like $${args.push(like(q.search))} or r.mid like $${args.length})`;
    const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_casino_rounds r where ${where}`, args);
    const { rows } = await sql.query<{ mid: string; winner: string | null; status: string; code: number | null }>(`${RESULT_SELECT} where ${where} order by r.opened_at desc, r.mid desc ${pageSql(q.page, q.limit)}`, args);
    const total = Number(count[0]!.n);
    return { data: { data: { res: rows.map(resultOf), total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)) } } };
  });

  route({ method: 'GET', url: '/api/casino/rounds/:mid', access: 'any', tag: TAG, summary: 'One round: its cards, result, and once settled the server seed to verify against the commitment', params: params('mid'), answer: 'CasinoRoundDetail' }, async (_req, { params: p }): Promise<CasinoRoundDetail> => {
    const { rows } = await sql.query<RoundRow & { shoe: string[] }>(`${ROUND_SELECT.replace('t.markets', 't.markets, t.shoe')} where r.mid = $1`, [p.mid]);
    const row = rows[0];
    if (!row) throw new HttpError(404, 'Round not found', 'ROUND_NOT_FOUND');
    return { ...toRoundDto(row), clientSeed: row.mid, nonce: 0, shoe: row.shoe };
  });

  route({ method: 'GET', url: '/api/casino/bets/mine', access: 'player', tag: TAG, summary: "The player's casino bets, newest first (casino report, My Bet of a table)", query: CasinoBetsQuery, answer: 'CasinoBetPage' }, async (req, { query: q }): Promise<Paginated<CasinoBetDto>> => {
    const args: unknown[] = [req.auth!.sub];
    let where = 'b.user_id = $1';
    if (q.status === 'pending') where += ` and b.status = 'pending'`;
    if (q.status === 'settled') where += ` and b.status <> 'pending'`;
    if (q.table) where += ` and b.table_code = $${args.push(q.table)}`;
    if (q.from) where += ` and b.placed_at >= $${args.push(q.from)}::date`;
    if (q.to) where += ` and b.placed_at < $${args.push(q.to)}::date + 1`;
    const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_casino_bets b where ${where}`, args);
    const { rows } = await sql.query<BetRow>(`${BET_SELECT} where ${where} order by b.placed_position desc ${pageSql(q.page, q.limit)}`, args);
    return paginated(rows.map(toBetDto), q.page, q.limit, Number(count[0]!.n));
  });
}

import * as v from 'valibot';
import {
  CasinoBetsQuery,
  CasinoResultsQuery,
  CasinoTablesQuery,
  type CasinoBetDto,
  type CasinoResultDto,
  type CasinoRoundDetail,
  type Paginated,
  type SqlClient,
} from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { paginated } from '../http/paging.js';
import { params } from '../http/route.js';
import { tableResults, playerCasinoBets, roundWithShoe, type Count, type Page } from '@exch/projector/read';
import type { ExchangeDeps } from '../deps.js';
import { CSV_MAX_ROWS, csvRoute, money, oddsCell } from '../http/csv.js';
import { listTables, resultOf, tableLive, payRange, toBetDto, toRoundDto, findTable } from './read.js';

const TAG = 'Casino';
/** SPEC.md section 2: the All Casino category lists every table. */
const ALL_CASINO = 35;
/** An export reads one row past the cap, so an oversized one is refused rather than cut short. */
const ALL: Page = { page: 1, limit: CSV_MAX_ROWS + 1 };
const STATUS_LABEL: Record<CasinoBetDto['status'], string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
};

/** A table's finished rounds, newest first: one page and the count of all. The JSON route and its CSV read it. */
export async function finishedRounds(
  sql: SqlClient,
  code: string,
  q: { startDate?: string; roundId?: string; search?: string },
  page: Page,
): Promise<{ rows: CasinoResultDto[]; total: Count }> {
  await findTable(sql, code);
  const { rows, total } = await tableResults(sql, code, q, page);
  return { rows: rows.map(resultOf), total };
}

/** The live Indian tables for any signed-in user: lists, a table's live state, results, rounds, the player's bets (docs/casino.md "Calls"). */
export function casinoPlayerRoutes({ sql, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/casino/table/getalltable',
      access: 'any',
      backOffice: 'own',
      tag: TAG,
      summary: 'Every casino table with its status (SPEC.md section 7)',
      answer: 'CasinoTableList',
    },
    async () => ({
      data: await listTables(sql),
    }),
  );

  route(
    {
      method: 'GET',
      url: '/api/casino/tables',
      access: 'any',
      backOffice: 'own',
      tag: TAG,
      summary: 'The casino table list, by category (35 or none: all)',
      query: CasinoTablesQuery,
      answer: 'CasinoTableList',
    },
    async (_req, { query: q }) => {
      const category = q.category === undefined || Number(q.category) === ALL_CASINO ? undefined : Number(q.category);
      return { data: await listTables(sql, category) };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/casino/tables/:code',
      access: 'any',
      backOffice: 'own',
      tag: TAG,
      summary:
        'A table live: its round (cards so far, countdown), the last ten results; also pushed as casinoTable to the room casino:{code}',
      params: params('code'),
      answer: 'CasinoTableLive',
    },
    async (_req, { params: p }) => tableLive(sql, p.code),
  );

  route(
    {
      method: 'GET',
      url: '/api/casino/results/:code',
      access: 'any',
      backOffice: 'own',
      tag: TAG,
      summary: 'Finished rounds of a table, newest first: {mid, win} in data.data.res (SPEC.md section 7)',
      params: params('code'),
      query: CasinoResultsQuery,
      answer: 'CasinoResultPage',
    },
    async (_req, { params: p, query: q }) => {
      const { rows, total } = await finishedRounds(sql, p.code, q, q);
      const { data, pagination } = paginated(rows, q.page, q.limit, total);
      return { data: { data: { res: data, ...pagination } } };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/casino/results/:code.csv',
      access: 'any',
      backOffice: 'own',
      tag: TAG,
      summary: 'Finished rounds of a table as CSV (same filters as the result list, all rows)',
      params: params('code'),
      query: v.omit(CasinoResultsQuery, ['page', 'limit']),
    },
    async (_req, { params: p, query: q }) => {
      const { rows } = await finishedRounds(sql, p.code, q, ALL);
      return {
        name: `casino-results-${p.code}-${q.startDate ?? 'all'}`,
        header: ['Round ID', 'Winner'],
        rows: rows.map((r) => [r.mid, r.win]),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/casino/rounds/:mid',
      access: 'any',
      backOffice: 'own',
      tag: TAG,
      summary: 'One round: its cards, result, and once settled the server seed to verify against the commitment',
      params: params('mid'),
      answer: 'CasinoRoundDetail',
    },
    async (_req, { params: p }): Promise<CasinoRoundDetail> => {
      const row = await roundWithShoe(sql, p.mid);
      if (!row) throw new HttpError(404, 'Round not found', 'ROUND_NOT_FOUND');
      return { ...toRoundDto(row), clientSeed: row.mid, nonce: 0, shoe: row.shoe };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/casino/bets/mine',
      access: 'player',
      tag: TAG,
      summary: "The player's casino bets, newest first (casino report, My Bet of a table)",
      query: CasinoBetsQuery,
      answer: 'CasinoBetPage',
    },
    async (req, { query: q }): Promise<Paginated<CasinoBetDto>> => {
      const { rows, total } = await playerCasinoBets(sql, req.auth!.sub, q, q);
      return paginated(rows.map(toBetDto), q.page, q.limit, total);
    },
  );

  csvRoute(
    route,
    {
      url: '/api/casino/bets/mine.csv',
      access: 'player',
      tag: TAG,
      summary: "The player's casino bets as CSV (same status, table and dates as the casino report, all rows)",
      query: v.omit(CasinoBetsQuery, ['page', 'limit']),
    },
    async (req, { query: q }) => {
      const { rows } = await playerCasinoBets(sql, req.auth!.sub, q, ALL);
      return {
        name: `casino-report-${q.status}-${q.from ?? 'start'}-${q.to ?? 'now'}`,
        header: ['Placed', 'Table', 'Round', 'Selection', 'Odds', 'Stake', 'Result', 'Profit/Loss'],
        rows: rows.map((r) => {
          const b = toBetDto(r);
          // The screen's Result: the bet's status, then the round's winner once there is one.
          const result =
            b.result === null || b.result === STATUS_LABEL[b.status]
              ? STATUS_LABEL[b.status]
              : `${STATUS_LABEL[b.status]} (${b.result})`;
          return [
            b.placed_at,
            b.table_name,
            b.game_round_id,
            b.selection_name,
            // A hand-paid market's whole pay table range ("2.00-41.00"), not its lowest odds alone.
            (payRange(r.pay_table) ?? [r.odds]).map(oddsCell).join('-'),
            money(Number(r.stake)),
            result,
            r.pnl === null ? '' : money(Number(r.pnl)),
          ];
        }),
      };
    },
  );
}

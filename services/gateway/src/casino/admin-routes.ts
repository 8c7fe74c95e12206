import {
  CasinoGameReportQuery,
  CasinoTableStatusBody,
  paiseToRupees,
  type CasinoGameReportRow,
  type CasinoPositionDto,
  type CasinoTableStatusSet,
  type SqlClient,
} from '@exch/contracts';
import { downlineCasinoDays, downlineRoundBets, lastRound } from '@exch/projector/read';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { csvRoute, money } from '../http/csv.js';
import { findTable, toBetDto, toRoundDto, toTableDto } from './read.js';

const TAG = 'Casino back office';
const TableParams = params('code');

/** The downline's settled casino bets by day and table, newest day first; amounts in paise. The JSON route and its CSV read it. */
async function gameReport(sql: SqlClient, actorId: string, q: { from?: string; to?: string }) {
  const rows = await downlineCasinoDays(sql, actorId, q);
  return rows.map((r) => ({
    day: r.day,
    tableCode: r.table_code,
    tableName: r.table_name,
    bets: Number(r.bets),
    turnover: Number(r.turnover),
    houseProfit: -Number(r.pnl),
  }));
}

/** The casino list's actions and the back office's casino views of the caller's downline (docs/casino.md "Calls"). */
export function casinoAdminRoutes({ sql, commands, route }: ExchangeDeps): void {
  route(
    {
      method: 'PUT',
      url: '/api/admin/casino/tables/:code/status',
      access: { admin: 'manage-casino' },
      tag: TAG,
      summary:
        'Suspend or activate a table (admin and super admin): a suspended table takes no bet, finishes its round and deals no more',
      params: TableParams,
      body: CasinoTableStatusBody,
      answer: 'CasinoTableEnvelope',
    },
    async (req, { params: p, body }) => {
      if (req.auth!.role !== 'admin' && req.auth!.role !== 'super-admin')
        throw new HttpError(403, 'Only admin and super admin suspend or activate tables', 'FORBIDDEN');
      const table = await findTable(sql, p.code);
      const { events } = await send(commands, req, {
        type: 'SetCasinoTableStatus',
        tableCode: table.table_code,
        suspended: body.status === 'SUSPENDED',
      });
      const set = events.find((e) => e.type === 'CasinoTableStatusSet')?.data as CasinoTableStatusSet | undefined;
      const after = { ...table, suspended: set ? set.suspended : table.suspended };
      return {
        message: after.suspended ? `${table.name} is suspended` : `${table.name} is active`,
        data: toTableDto(after),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/casino/tables/:code/position',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The round under way (else the last): the downline's bets and the house's position per market",
      params: TableParams,
      answer: 'CasinoPosition',
    },
    async (req, { params: p }): Promise<CasinoPositionDto> => {
      const table = await findTable(sql, p.code);
      const round = await lastRound(sql, table.table_code);
      const bets = round ? await downlineRoundBets(sql, req.auth!.sub, round.mid) : [];
      const markets = table.markets.map((m) => {
        const on = bets.filter((b) => b.sid === m.sid);
        const stake = on.reduce((s, b) => s + Number(b.stake), 0);
        // What the house pays the backers if the market wins (their profit at their odds), or keeps if it loses.
        const profit = on.reduce((s, b) => s + Math.floor(((b.odds - 100) * Number(b.stake)) / 100), 0);
        return {
          sid: m.sid,
          nat: m.name,
          bets: on.length,
          stake: paiseToRupees(stake),
          houseIfWins: paiseToRupees(-profit),
          houseIfLoses: paiseToRupees(stake),
        };
      });
      return { round: round ? toRoundDto(round) : null, markets, bets: bets.map(toBetDto) };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/casino/game-reports',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The downline's settled casino bets by table and day: bets, turnover, house profit",
      query: CasinoGameReportQuery,
      answer: 'CasinoGameReport',
    },
    async (req, { query: q }) => {
      const data = (await gameReport(sql, req.auth!.sub, q)).map(
        (r): CasinoGameReportRow => ({
          date: r.day,
          table_id: r.tableCode,
          table_name: r.tableName,
          bets: r.bets,
          turnover: paiseToRupees(r.turnover),
          house_profit: paiseToRupees(r.houseProfit),
        }),
      );
      return { data };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/admin/casino/game-reports.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'The game reports as CSV (same dates, a total line)',
      query: CasinoGameReportQuery,
    },
    async (req, { query: q }) => {
      const rows = await gameReport(sql, req.auth!.sub, q);
      const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
      return {
        name: `game-reports-${q.from ?? 'start'}-${q.to ?? 'now'}`,
        header: ['Date', 'Table', 'Bets', 'Turnover', 'House profit'],
        rows: [
          ...rows.map((r) => [r.day, r.tableName, r.bets, money(r.turnover), money(r.houseProfit)]),
          ['Total', '', total((r) => r.bets), money(total((r) => r.turnover)), money(total((r) => r.houseProfit))],
        ],
      };
    },
  );
}

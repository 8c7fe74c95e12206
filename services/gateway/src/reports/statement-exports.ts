import * as v from 'valibot';
import { AsOfQuery, HistoryQuery, parseInstant, PaymentRequestsQuery, StatementQuery } from '@exch/contracts';
import { usernameOf } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { walletAsOf } from '../accounts/as-of.js';
import type { LedgerLine } from '../accounts/ledger-lines.js';
import { statementLines } from './statement-routes.js';
import { subjectOf } from '../accounts/subject.js';
import { BET_CSV_HEADER, betCsvRow } from '../bets/csv.js';
import { playerBetPage, settledMarketPage } from '@exch/projector/read';
import { BetHistoryFilters } from '../bets/player-routes.js';
import { params } from '../http/route.js';
import { downlineRequests, userRequests } from '@exch/projector/read';
import { HISTORY_PATHS, historyFilter } from '../payments/history-routes.js';
import { CSV_MAX_ROWS, csvRoute, money } from '../http/csv.js';

/** An export reads one row past the cap, so an oversized one is refused rather than cut short. */
const ALL = { offset: 0, limit: CSV_MAX_ROWS + 1 };
const STATEMENT_HEADER = ['Date', 'Description', 'Kind', 'Credit', 'Debit', 'Balance', 'Remark'];
const statementRow = (l: LedgerLine) => [
  l.at.toISOString(),
  l.description,
  l.kind,
  l.amount > 0 ? money(l.amount) : '',
  l.amount < 0 ? money(-l.amount) : '',
  money(l.balance),
  l.remark,
];
const span = (q: { from?: string; to?: string }) => `${q.from ?? 'start'}-${q.to ?? 'now'}`;

/** CSV exports of the statements: the account statement, its as-of view, deposit and withdrawal statements, the player's profit and loss. */
export function statementExports({ sql, route }: AccountDeps): void {
  csvRoute(
    route,
    {
      url: '/api/transactions/statement.csv',
      access: 'any',
      backOffice: 'account-statement',
      tag: 'Accounts',
      summary: "A wallet's statement as CSV (same filters as the statement, all rows)",
      query: v.omit(StatementQuery, ['page', 'limit']),
    },
    async (req, { query: q }) => {
      const userId = await subjectOf(sql, req, q.userId);
      const { lines } = await statementLines(sql, userId, q, ALL);
      return {
        name: `statement-${await usernameOf(sql, userId)}-${span(q)}`,
        header: STATEMENT_HEADER,
        rows: lines.map(statementRow),
      };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/admin/users/:userId/as-of.csv',
      access: { admin: 'account-statement' },
      tag: 'Back office',
      summary: 'A wallet at a past moment as CSV: its statement up to then, newest first',
      params: params('userId'),
      query: v.omit(AsOfQuery, ['page', 'limit']),
    },
    async (req, { params: p, query: q }) => {
      const userId = await subjectOf(sql, req, p.userId);
      const at = parseInstant(q.at)!;
      const wallet = await walletAsOf(sql, { userId, at, page: 1, limit: CSV_MAX_ROWS + 1 });
      return {
        name: `statement-${await usernameOf(sql, userId)}-as-of-${at.toISOString()}`,
        header: STATEMENT_HEADER,
        rows: wallet.lines.map(statementRow),
      };
    },
  );

  for (const [path, type] of HISTORY_PATHS) {
    csvRoute(
      route,
      {
        url: `/api/transactions/${path}/:userId.csv`,
        access: 'any',
        backOffice: 'payment-requests',
        tag: 'Payments',
        summary: `A user's ${type} requests as CSV (same filters as the statement, all rows)`,
        params: params('userId'),
        query: v.omit(HistoryQuery, ['page', 'limit']),
      },
      async (req, { params: p, query: q }) => {
        const userId = await subjectOf(sql, req, p.userId);
        const { rows } = await userRequests(sql, userId, type, historyFilter(q), ALL);
        return {
          name: `${type}-statement-${await usernameOf(sql, userId)}-${span(q)}`,
          header: ['Type', 'Method', 'Amount', 'Date', 'Status', 'Remark'],
          rows: rows.map((r) => [
            r.type,
            r.method,
            money(Number(r.amount)),
            new Date(r.requested_at).toISOString(),
            r.status,
            r.decision_remark ?? r.remark,
          ]),
        };
      },
    );
  }

  csvRoute(
    route,
    {
      url: '/api/admin/payment-requests.csv',
      access: { admin: 'payment-requests' },
      tag: 'Payments',
      summary: "The downline's deposit or withdrawal requests as CSV (same filters, all rows)",
      query: v.omit(PaymentRequestsQuery, ['page', 'limit']),
    },
    async (req, { query: q }) => {
      const { rows } = await downlineRequests(sql, req.auth!.sub, q, ALL);
      return {
        name: `${q.type}-requests-${q.status}-${span(q)}`,
        header: [
          'User Name',
          'Type',
          'Method',
          'Amount',
          'UTR',
          'Requested',
          'Status',
          'Decided by',
          'Decided',
          'Remark',
        ],
        rows: rows.map((r) => [
          r.username,
          r.type,
          r.method,
          money(Number(r.amount)),
          r.utr,
          new Date(r.requested_at).toISOString(),
          r.status,
          r.decided_by,
          r.decided_at === null ? '' : new Date(r.decided_at).toISOString(),
          r.decision_remark ?? r.remark,
        ]),
      };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/bets/mine.csv',
      access: 'player',
      tag: 'Player betting',
      summary: "The player's bet history as CSV (same status and dates, all rows)",
      query: v.object(BetHistoryFilters),
    },
    async (req, { query: q }) => {
      const { rows } = await playerBetPage(sql, req.auth!.sub, q, ALL);
      return { name: `bet-history-${q.status}-${span(q)}`, header: BET_CSV_HEADER, rows: rows.map(betCsvRow) };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/profit-loss/mine.csv',
      access: 'player',
      tag: 'Player betting',
      summary: "The player's settled markets as CSV (same dates as the report, all rows)",
      query: v.object({ from: StatementQuery.entries.from, to: StatementQuery.entries.to }),
    },
    async (req, { query: q }) => {
      const { rows } = await settledMarketPage(sql, req.auth!.sub, q, ALL);
      return {
        name: `profit-loss-${span(q)}`,
        header: ['Settled', 'Event', 'Market', 'P&L before commission', 'Commission', 'Net after commission'],
        rows: rows.map((r) => [
          new Date(r.settled_at).toISOString(),
          r.event_name ?? r.match_id,
          r.market_name ?? r.market_id,
          money(Number(r.pnl)),
          money(Number(r.commission)),
          money(Number(r.pnl) - Number(r.commission)),
        ]),
      };
    },
  );
}

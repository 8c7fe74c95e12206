import * as v from 'valibot';
import {
  CreditReferenceQuery,
  GeneralReportQuery,
  paiseToRupees,
  type CreditReferenceRow,
  type GeneralReport,
  type Paged,
} from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { paginated } from '../http/paging.js';
import { csvRoute, CSV_MAX_ROWS, money } from '../http/csv.js';
import { generalBets } from '@exch/projector/read';
import { creditReferences } from './general.js';
import { roleOf } from '../accounts/viewed.js';

const TAG = 'Reports';
const pageOf = (q: { page: number; limit: number }) => ({ offset: (q.page - 1) * q.limit, limit: q.limit });
/** An export reads one row past the cap, so an oversized one is refused rather than cut short. */
const ALL = { offset: 0, limit: CSV_MAX_ROWS + 1 };

/** General report (bets of the downline) and credit reference report (SPEC.md sections 2, 3 and 7), with their CSV. */
export function generalReportRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/report/casino',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary:
        "General report: the downline's bets of one type (sports), deleted or not, back or lay, searched by user, event or selection; total is the count, totalAmount the stakes",
      query: GeneralReportQuery,
    },
    async (req, { query: q }): Promise<GeneralReport> => {
      const { rows, total, amount } = await generalBets(sql, req.auth!.sub, q, pageOf(q));
      return {
        bets: rows.map((r) => ({
          _id: r.id,
          bet_type: r.bet_type,
          eventType: r.event_type,
          eventName: r.event_name,
          marketName: r.market_name,
          selectionName: r.selection_name,
          userName: r.username,
          amount: paiseToRupees(Number(r.amount)),
          type: r.side,
          status: r.status,
          placedAt: new Date(r.placed_at).toISOString(),
        })),
        total,
        totalAmount: paiseToRupees(amount),
      };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/report/casino.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'The general report as CSV (same filters, all rows)',
      query: v.omit(GeneralReportQuery, ['page', 'limit']),
    },
    async (req, { query: q }) => {
      const { rows } = await generalBets(sql, req.auth!.sub, q, ALL);
      return {
        name: `general-report-${q.bet_type}${q.deleted === 'true' ? '-deleted' : ''}`,
        header: ['Sr No', 'Name', 'Event type', 'Event', 'Market', 'Selection', 'Type', 'Amount', 'Status', 'Placed'],
        rows: rows.map((r, i) => [
          i + 1,
          r.username,
          r.event_type,
          r.event_name,
          r.market_name,
          r.selection_name,
          r.side,
          money(Number(r.amount)),
          r.status,
          new Date(r.placed_at).toISOString(),
        ]),
      };
    },
  );

  const creditRow = (r: Awaited<ReturnType<typeof creditReferences>>['rows'][number]): CreditReferenceRow => ({
    _id: r.user_id,
    username: r.username,
    role: roleOf(r.role),
    parentUsername: r.parent_username,
    creditReference: paiseToRupees(Number(r.credit_reference)),
    balance: paiseToRupees(Number(r.balance)),
    difference: paiseToRupees(Number(r.balance) - Number(r.credit_reference)),
  });

  route(
    {
      method: 'GET',
      url: '/api/report/credit-reference',
      access: { admin: 'view-clients' },
      tag: TAG,
      summary: 'Credit reference report: every downline account with its credit reference, balance and the difference',
      query: CreditReferenceQuery,
    },
    async (req, { query: q }): Promise<Paged<CreditReferenceRow>> => {
      const { rows, total } = await creditReferences(sql, req.auth!.sub, q.search, pageOf(q));
      return paginated(rows.map(creditRow), q.page, q.limit, total);
    },
  );

  csvRoute(
    route,
    {
      url: '/api/report/credit-reference.csv',
      access: { admin: 'view-clients' },
      tag: TAG,
      summary: 'The credit reference report as CSV',
      query: v.omit(CreditReferenceQuery, ['page', 'limit']),
    },
    async (req, { query: q }) => {
      const { rows } = await creditReferences(sql, req.auth!.sub, q.search, ALL);
      return {
        name: 'credit-reference',
        header: ['Sr No', 'Name', 'Level', 'Upline', 'Credit reference', 'Balance', 'Difference'],
        rows: rows.map((r, i) => [
          i + 1,
          r.username,
          roleOf(r.role).name,
          r.parent_username,
          money(Number(r.credit_reference)),
          money(Number(r.balance)),
          money(Number(r.balance) - Number(r.credit_reference)),
        ]),
      };
    },
  );
}

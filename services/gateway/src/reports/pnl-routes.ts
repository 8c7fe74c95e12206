import * as v from 'valibot';
import {
  DailyPnlQuery,
  DownlinePnlQuery,
  PartnershipStatementQuery,
  PNL_CATEGORIES,
  paiseToRupees,
  type DailyPnlPoint,
  type DownlinePnlReport,
  type DownlinePnlUser,
  type OwedRow,
  type PartnershipStatement,
  type SqlClient,
} from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { dailyCategoryPnl, downlineIds, parentAndShare } from '@exch/projector/read';
import { sumCategories, zeroCategories, type CategoryPaise } from './categories.js';
import { csvRoute, money, type CsvCell } from '../http/csv.js';
import { categoryRupees, downlinePnl, owedLines, splitOf, type OwedLine, type PnlLine } from './pnl.js';
import { bpToPercent, roleOf, viewedAccount } from '../accounts/viewed.js';

const TAG = 'Reports';
/** SPEC.md's column order of the profit-loss report: Casino pts, Sport pts, Third party pts. */
const SPEC_COLUMNS = ['casino', 'sports', 'thirdParty'] as const;
const noPaging = <T extends v.ObjectEntries>(q: v.ObjectSchema<T, undefined>) => v.omit(q, ['page', 'limit']);
const percentCell = (bp: number | null): CsvCell => (bp === null ? '' : (bp / 100).toFixed(2));

/** Players' side per day and category of one wallet or several. */
async function dailyPnl(
  sql: SqlClient,
  wallets: string | string[],
  period: { from?: string; to?: string },
): Promise<{ day: string; c: CategoryPaise }[]> {
  const rows = await dailyCategoryPnl(sql, wallets, period);
  const days = new Map<string, CategoryPaise>();
  for (const r of rows) {
    const c = days.get(r.day) ?? zeroCategories();
    days.set(r.day, c);
    c[r.category] += Number(r.pnl);
  }
  return [...days].map(([day, c]) => ({ day, c }));
}

const toPoint = ({ day, c }: { day: string; c: CategoryPaise }): DailyPnlPoint => ({ day, ...categoryRupees(c) });
const dailyCsv = (name: string, points: { day: string; c: CategoryPaise }[]) => ({
  name,
  header: ['Day', 'Sports', 'Casino', 'Third party', 'Profit/Loss'],
  rows: points.map(({ day, c }) => [day, ...PNL_CATEGORIES.map((k) => money(c[k])), money(sumCategories(c))]),
});

function owedRow(
  l: OwedLine,
  who: { user_id: string; username: string; role: PnlLine['child']['role'] },
  shareBp: number | null,
): OwedRow {
  return {
    userId: who.user_id,
    username: who.username,
    role: roleOf(who.role),
    share: shareBp === null ? null : bpToPercent(shareBp),
    players: categoryRupees(l.players),
    carried: categoryRupees(l.carried),
    ...(l.kept ? { kept: categoryRupees(l.kept) } : {}),
    owedToParent: paiseToRupees(l.owedToParent),
  };
}

/**
 * The downline profit-loss report (SPEC.md sections 2, 3, 7), the partnership statement and the
 * daily profit and loss for charts, each with its CSV export (docs/reports.md).
 */
export function pnlRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/bet/downline/profit-loss',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary:
        "Each direct child of the caller (or of parent) with its branch's profit and loss per category and the partnership split; totals over all pages",
      query: DownlinePnlQuery,
    },
    async (req, { query: q }): Promise<DownlinePnlReport> => {
      const pnl = await downlinePnl(sql, req.auth!.sub, q);
      const start = (q.page - 1) * q.limit;
      const users = pnl.lines.slice(start, start + q.limit).map((l): DownlinePnlUser => {
        const c = categoryRupees(l.figures.players);
        const split = splitOf(l.figures);
        return {
          _id: l.child.user_id,
          username: l.child.username,
          role: roleOf(l.child.role),
          profitLoss: {
            casino: { netProfitLoss: c.casino },
            sports: { netProfitLoss: c.sports },
            thirdParty: { netProfitLoss: c.thirdParty },
            netProfitLoss: c.total,
          },
          netProfitLoss: c.total,
          downlineCount: Number(l.child.downline_count),
          share: l.child.share_bp === null ? null : bpToPercent(l.child.share_bp),
          partnership: {
            downline: paiseToRupees(split.downline),
            parent: paiseToRupees(split.parent),
            upline: paiseToRupees(split.upline),
          },
        };
      });
      const split = splitOf(pnl.totals);
      return {
        users,
        total: pnl.lines.length,
        totals: {
          profitLoss: categoryRupees(pnl.totals.players),
          partnership: {
            downline: paiseToRupees(split.downline),
            parent: paiseToRupees(split.parent),
            upline: paiseToRupees(split.upline),
          },
        },
        parent: { _id: pnl.viewed.user_id, username: pnl.viewed.username, role: roleOf(pnl.viewed.role) },
        breadcrumb: pnl.breadcrumb,
      };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/bet/downline/profit-loss.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'The downline profit-loss report as CSV (same filters, all rows, a total line)',
      query: noPaging(DownlinePnlQuery),
    },
    async (req, { query: q }) => {
      const pnl = await downlinePnl(sql, req.auth!.sub, q);
      const figures = (f: PnlLine['figures']): CsvCell[] => {
        const s = splitOf(f);
        return [
          ...SPEC_COLUMNS.map((k) => money(f.players[k])),
          money(sumCategories(f.players)),
          money(s.downline),
          money(s.parent),
          money(s.upline),
        ];
      };
      return {
        name: `profit-loss-${pnl.viewed.username}-${q.from ?? 'start'}-${q.to ?? 'now'}`,
        header: [
          'No',
          'User Name',
          'Level',
          'Share %',
          'Casino pts',
          'Sport pts',
          'Third party pts',
          'Profit/Loss',
          'Downline part',
          `${pnl.viewed.username} part`,
          'Upline part',
        ],
        rows: [
          ...pnl.lines.map((l, i) => [
            i + 1,
            l.child.username,
            roleOf(l.child.role).name,
            percentCell(l.child.share_bp),
            ...figures(l.figures),
          ]),
          ['', 'Total', '', '', ...figures(pnl.totals)],
        ],
      };
    },
  );

  const statement = async (actorId: string, q: { parent?: string; from?: string; to?: string }) => {
    const pnl = await downlinePnl(sql, actorId, q);
    const parent = (await parentAndShare(sql, pnl.viewed.user_id))!;
    return { pnl, owed: owedLines(pnl), parentUsername: parent.username, shareBp: parent.share_bp };
  };

  route(
    {
      method: 'GET',
      url: '/api/report/partnership',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary:
        'What the caller (or parent) owes its upline for a period, and what each direct child owes it, from the category P&L and the partnership shares',
      query: PartnershipStatementQuery,
    },
    async (req, { query: q }): Promise<PartnershipStatement> => {
      const s = await statement(req.auth!.sub, q);
      const start = (q.page - 1) * q.limit;
      return {
        from: q.from ?? null,
        to: q.to ?? null,
        account: { ...owedRow(s.owed.account, s.pnl.viewed, s.shareBp), parentUsername: s.parentUsername },
        data: s.owed.children.slice(start, start + q.limit).map((l) => owedRow(l, l.child!, l.child!.share_bp)),
        total: s.owed.children.length,
      };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/report/partnership.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'The partnership statement as CSV: the account against its upline, then each direct child',
      query: noPaging(PartnershipStatementQuery),
    },
    async (req, { query: q }) => {
      const s = await statement(req.auth!.sub, q);
      const line = (
        l: OwedLine,
        username: string,
        role: PnlLine['child']['role'],
        upline: string | null,
        shareBp: number | null,
      ): CsvCell[] => [
        username,
        roleOf(role).name,
        percentCell(shareBp),
        ...PNL_CATEGORIES.map((k) => money(l.players[k])),
        money(sumCategories(l.players)),
        ...PNL_CATEGORIES.map((k) => money(l.carried[k])),
        money(sumCategories(l.carried)),
        // Who pays whom, as the screen's sentence reads ("agent1 owes dealer1 ₹120.00"): never a signed amount.
        ...(upline === null || l.owedToParent === 0
          ? ['', '', money(0)]
          : l.owedToParent > 0
            ? [username, upline, money(l.owedToParent)]
            : [upline, username, money(-l.owedToParent)]),
      ];
      const v = s.pnl.viewed;
      return {
        name: `partnership-${v.username}-${q.from ?? 'start'}-${q.to ?? 'now'}`,
        header: [
          'User Name',
          'Level',
          'Share %',
          'Players sports',
          'Players casino',
          'Players third party',
          'Players total',
          'Carried sports',
          'Carried casino',
          'Carried third party',
          'Carried total',
          'Pays',
          'Paid to',
          'Amount',
        ],
        rows: [
          line(s.owed.account, v.username, v.role, s.parentUsername, s.shareBp),
          ...s.owed.children.map((l) => line(l, l.child!.username, l.child!.role, v.username, l.child!.share_bp)),
        ],
      };
    },
  );

  // Daily figures for the charts: the downline's players (back office) and the player's own.
  const downlineDaily = async (actorId: string, q: v.InferOutput<typeof DailyPnlQuery>) => {
    const viewed = await viewedAccount(sql, actorId, q.parent);
    return {
      viewed,
      // The wallets as one array parameter: the planner then knows how many it reads (downlineIds, services/projector/src/users/downline.ts).
      points: await dailyPnl(
        sql,
        (await downlineIds(sql, viewed.user_id)).map((id) => `wallet:${id}`),
        q,
      ),
    };
  };
  route(
    {
      method: 'GET',
      url: '/api/report/profit-loss/daily',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The downline players' profit and loss per day and category (the caller's, or parent's)",
      query: DailyPnlQuery,
    },
    async (req, { query: q }) => ({
      data: (await downlineDaily(req.auth!.sub, q)).points.map(toPoint),
    }),
  );
  csvRoute(
    route,
    {
      url: '/api/report/profit-loss/daily.csv',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The downline players' daily profit and loss as CSV",
      query: DailyPnlQuery,
    },
    async (req, { query: q }) => {
      const { viewed, points } = await downlineDaily(req.auth!.sub, q);
      return dailyCsv(`daily-profit-loss-${viewed.username}`, points);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/profit-loss/mine/daily',
      access: 'player',
      tag: TAG,
      summary: "The player's own profit and loss per day and category",
      query: DailyPnlQuery,
    },
    async (req, { query: q }) => ({
      data: (await dailyPnl(sql, `wallet:${req.auth!.sub}`, q)).map(toPoint),
    }),
  );
  csvRoute(
    route,
    {
      url: '/api/profit-loss/mine/daily.csv',
      access: 'player',
      tag: TAG,
      summary: "The player's daily profit and loss as CSV",
      query: DailyPnlQuery,
    },
    async (req, { query: q }) => dailyCsv('my-daily-profit-loss', await dailyPnl(sql, `wallet:${req.auth!.sub}`, q)),
  );
}

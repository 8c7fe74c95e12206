import * as v from 'valibot';
import { MARKET_TYPE_OF, PageQuery, text, paiseToRupees, ROLE_NAME, type MarketKind, type RoleSlug } from '@exch/contracts';
import { downlineCte } from '../bets/scope.js';
import { pageSql } from '../http/paging.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { thirdPartyPnlByBranch } from '../provider/report-routes.js';

const search = v.optional(text('search', { max: 100 }));
const AnalysisQuery = v.object({ search });
const DownlinePnlQuery = v.object({ reportType: v.optional(v.picklist(['ALL', 'user'], 'reportType must be ALL or user'), 'ALL'), search, ...PageQuery });

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface AnalysisRow {
  match_id: string;
  event_name: string;
  start_time: Date | string;
  sport_id: number;
  market_id: string;
  market_name: string;
  kind: MarketKind;
  selection_name: string;
  total: string;
}

/** Market Analysis and the downline profit-loss report (SPEC.md sections 2 and 3). */
export function reportRoutes({ sql, route }: ExchangeDeps): void {
  route({ method: 'GET', url: '/api/report/selection_analysis', access: { admin: 'view-bets' }, tag: 'Back office', summary: 'Pending stakes per event, market and selection', query: AnalysisQuery }, async (req, { query: q }) => {
    const params: unknown[] = [req.auth!.sub];
    const { rows } = await sql.query<AnalysisRow>(
      `${downlineCte(1)}
       select b.match_id, mt.name as event_name, mt.start_time, mt.sport_id, b.market_id, mk.name as market_name, b.kind, b.selection_name,
              sum(b.stake - b.cancelled) as total, min(mk.position) as market_position
         from rm_bets b join rm_matches mt on mt.match_id = b.match_id join rm_markets mk on mk.market_id = b.market_id
        where b.status = 'pending' and b.user_id in (select user_id from downline)
          ${q.search ? `and lower(mt.name) like $${params.push(like(q.search))}` : ''}
        group by b.match_id, mt.name, mt.start_time, mt.sport_id, b.market_id, mk.name, b.kind, b.selection_name
        order by mt.start_time, b.match_id, market_position, b.selection_name`,
      params,
    );
    const events = new Map<string, { event_id: string; event_name: string; matchDateTime: string; sportId: number; markets: Map<string, { market_type: string; market_id: string; market_name: string; selections: { selection_name: string; totalStake: number }[] }> }>();
    for (const r of rows) {
      const event = events.get(r.match_id) ?? { event_id: r.match_id, event_name: r.event_name, matchDateTime: new Date(r.start_time).toISOString(), sportId: r.sport_id, markets: new Map() };
      events.set(r.match_id, event);
      const market = event.markets.get(r.market_id) ?? { market_type: MARKET_TYPE_OF[r.kind], market_id: r.market_id, market_name: r.market_name, selections: [] };
      event.markets.set(r.market_id, market);
      market.selections.push({ selection_name: r.selection_name, totalStake: paiseToRupees(Number(r.total)) });
    }
    return { eventAnalysis: [...events.values()].map((e) => ({ ...e, markets: [...e.markets.values()] })) };
  });

  // Each direct child with its whole branch's settled sports P&L (net of commission) and third-party casino P&L, from the players' side.
  route({ method: 'GET', url: '/api/bet/downline/profit-loss', access: { admin: 'view-bets' }, tag: 'Back office', summary: 'Settled P&L of each direct downline branch', query: DownlinePnlQuery }, async (req, { query: q }) => {
    const params: unknown[] = [req.auth!.sub];
    let where = 'c.parent_id = $1';
    // SPEC.md section 6: the User report type leaves out the rows of players.
    if (q.reportType === 'user') where += ` and c.role <> 'user'`;
    if (q.search) where += ` and c.username_lower like $${params.push(like(q.search))}`;
    const { rows: count } = await sql.query<{ n: string }>(`select count(*) as n from rm_users c where ${where}`, params);
    const { rows } = await sql.query<{ user_id: string; username: string; role: RoleSlug; pnl: string }>(
      `with recursive branch(root, user_id) as (
         select c.user_id, c.user_id from rm_users c where c.parent_id = $1
         union all
         select b.root, u.user_id from rm_users u join branch b on u.parent_id = b.user_id
       )
       select c.user_id, c.username, c.role,
              coalesce((select sum(s.pnl - s.commission) from branch b join rm_bet_settlements s on s.user_id = b.user_id where b.root = c.user_id), 0) as pnl
         from rm_users c where ${where} order by c.username_lower ${pageSql(q.page, q.limit)}`,
      params,
    );
    const thirdParty = await thirdPartyPnlByBranch(sql, rows.map((r) => r.user_id));
    const users = rows.map((r) => {
      const sports = Number(r.pnl);
      const third = thirdParty.get(r.user_id) ?? 0;
      return {
        _id: r.user_id,
        username: r.username,
        role: { slug: r.role, name: ROLE_NAME[r.role] },
        profitLoss: { casino: { netProfitLoss: 0 }, sports: { netProfitLoss: paiseToRupees(sports) }, thirdParty: { netProfitLoss: paiseToRupees(third) }, netProfitLoss: paiseToRupees(sports + third) },
        netProfitLoss: paiseToRupees(sports + third),
      };
    });
    return { users, total: Number(count[0]!.n) };
  });
}

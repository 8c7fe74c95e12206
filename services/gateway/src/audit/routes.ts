import type * as v from 'valibot';
import {
  AuditCsvQuery,
  AuditQuery,
  type AuditAction,
  type AuditObjectKind,
  type AuditRow,
  type AuditValue,
  type Paged,
  type SqlClient,
} from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { downlineCte, pageSql } from '@exch/projector/read';
import { paginated } from '../http/paging.js';
import { csvRoute, CSV_MAX_ROWS } from '../http/csv.js';

type AuditFilter = v.InferOutput<typeof AuditCsvQuery>;

interface AuditDbRow {
  position: string;
  at: Date | string;
  actor: string | null;
  ip: string | null;
  action: AuditAction;
  target: string | null;
  object_kind: AuditObjectKind | null;
  object_id: string | null;
  label: string | null;
  value_before: AuditValue;
  value_after: AuditValue;
}

/** Usernames of who acted and on whom, and a readable name for a market, match or casino table. */
const FROM = `rm_audit a
  left join rm_users au on au.user_id = a.actor_id
  left join rm_users tu on tu.user_id = a.target_user_id`;
const LABELS = `
  left join rm_markets mk on a.object_kind = 'market' and mk.market_id = a.object_id
  left join rm_matches mt on mt.match_id = case when a.object_kind = 'match' then a.object_id else mk.match_id end
  left join rm_casino_tables ct on a.object_kind = 'casino-table' and ct.table_code = a.object_id`;
const LABEL = `case a.object_kind
  when 'market' then concat_ws(' / ', mt.name, mk.name)
  when 'match' then mt.name
  when 'casino-table' then ct.name end`;

/**
 * The rows the viewer may see, filtered: the top admin every row; any other back-office login a row
 * it or its downline acted in, or one acting on its downline (one recursive query, not row by row).
 */
async function auditWhere(
  sql: SqlClient,
  viewerId: string,
  q: AuditFilter,
): Promise<{ cte: string; where: string; params: unknown[] }> {
  const { rows } = await sql.query<{ top: boolean }>(
    'select parent_id is null as top from rm_users where user_id = $1',
    [viewerId],
  );
  const top = rows[0]?.top === true;
  // The viewer's id is $1 only where the downline is read: an unused parameter has no type.
  const params: unknown[] = top ? [] : [viewerId];
  const where = top
    ? ['true']
    : [
        `(a.actor_id = $1 or a.actor_id in (select user_id from downline) or a.target_user_id in (select user_id from downline))`,
      ];
  if (q.actor) where.push(`au.username_lower = lower($${params.push(q.actor)})`);
  if (q.target) where.push(`tu.username_lower = lower($${params.push(q.target)})`);
  if (q.action) where.push(`a.action = $${params.push(q.action)}`);
  if (q.from) where.push(`a.at >= $${params.push(q.from)}::date`);
  if (q.to) where.push(`a.at < ($${params.push(q.to)}::date + 1)`);
  return { cte: top ? '' : downlineCte(1), where: where.join(' and '), params };
}

async function auditRows(
  sql: SqlClient,
  viewerId: string,
  q: AuditFilter,
  page: { page: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const { cte, where, params } = await auditWhere(sql, viewerId, q);
  const { rows: count } = await sql.query<{ n: string }>(
    `${cte} select count(*) as n from ${FROM} where ${where}`,
    params,
  );
  const { rows } = await sql.query<AuditDbRow>(
    `${cte} select a.position, a.at, au.username as actor, a.ip, a.action, tu.username as target,
       a.object_kind, a.object_id, ${LABEL} as label, a.value_before, a.value_after
     from ${FROM} ${LABELS} where ${where} order by a.position desc ${pageSql(page.page, page.limit)}`,
    params,
  );
  return { rows: rows.map(toAuditRow), total: Number(count[0]!.n) };
}

const toAuditRow = (r: AuditDbRow): AuditRow => ({
  _id: String(r.position),
  at: new Date(r.at).toISOString(),
  actor: r.actor,
  ip: r.ip,
  action: r.action,
  targetUser: r.target,
  object: r.object_kind && r.object_id ? { kind: r.object_kind, id: r.object_id, label: r.label || r.object_id } : null,
  before: r.value_before,
  after: r.value_after,
});

const value = (x: AuditValue): string | null => (x === null ? null : JSON.stringify(x));

/** GET /api/admin/audit and its CSV: who changed what, when, from where (docs/audit.md). */
export function auditRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/audit',
      access: { admin: 'audit-trail' },
      tag: 'Reports',
      summary:
        "Audit trail: every admin action the caller's branch did or had done to it, newest first, with who, when, IP, on whom or what, and the value before and after",
      query: AuditQuery,
    },
    async (req, { query: q }): Promise<Paged<AuditRow>> => {
      const { rows, total } = await auditRows(sql, req.auth!.sub, q, q);
      return paginated(rows, q.page, q.limit, total);
    },
  );

  csvRoute(
    route,
    {
      url: '/api/admin/audit.csv',
      access: { admin: 'audit-trail' },
      tag: 'Reports',
      summary: 'The audit trail as CSV (same filters, all rows; before and after as JSON)',
      query: AuditCsvQuery,
    },
    async (req, { query: q }) => {
      // One row past the cap, so an oversized export is refused rather than cut short.
      const { rows } = await auditRows(sql, req.auth!.sub, q, { page: 1, limit: CSV_MAX_ROWS + 1 });
      return {
        name: 'audit-trail',
        header: ['Position', 'When', 'Who', 'IP', 'Action', 'On user', 'On', 'Before', 'After'],
        rows: rows.map((r) => [
          r._id,
          r.at,
          r.actor,
          r.ip,
          r.action,
          r.targetUser,
          r.object ? `${r.object.kind}: ${r.object.label}` : null,
          value(r.before),
          value(r.after),
        ]),
      };
    },
  );
}

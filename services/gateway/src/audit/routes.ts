import type * as v from 'valibot';
import { AuditCsvQuery, AuditQuery, type AuditRow, type AuditValue, type Paged, type SqlClient } from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { auditCount, auditEntries, isTopAccount, type AuditEntryRow, type Count } from '@exch/projector/read';
import { paginated } from '../http/paging.js';
import { csvRoute, CSV_MAX_ROWS } from '../http/csv.js';

type AuditFilter = v.InferOutput<typeof AuditCsvQuery>;

async function auditRows(
  sql: SqlClient,
  viewerId: string,
  q: AuditFilter,
  page: { page: number; limit: number },
): Promise<{ rows: AuditRow[]; total: Count }> {
  // The top admin sees every row; any other back-office login its own branch's.
  const f = { ...q, branchOf: (await isTopAccount(sql, viewerId)) ? undefined : viewerId };
  const total = await auditCount(sql, f);
  const rows = await auditEntries(sql, f, { limit: page.limit, offset: (page.page - 1) * page.limit });
  return { rows: rows.map(toAuditRow), total };
}

const toAuditRow = (r: AuditEntryRow): AuditRow => ({
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

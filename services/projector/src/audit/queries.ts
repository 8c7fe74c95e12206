import type { AuditAction, SqlClient } from '@exch/contracts';
import { downlineCte } from '../users/downline.js';
import { cappedCount, COUNT_CAP, type Count } from '../paging.js';
import type { AuditEntryRow } from './rows.js';

// The audit trail's reads: the queries the gateway makes on rm_audit, with the usernames (rm_users)
// and the names of markets, matches and casino tables it joins.

/**
 * Which rows: the whole trail, or with `branchOf` the rows that account or its downline acted in, or
 * acting on its downline (one recursive query, not row by row); then the viewer's filters.
 */
export interface AuditFilter {
  branchOf?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
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
  when 'casino-table' then ct.name
  when 'projection' then a.object_id end`;

function auditWhere(f: AuditFilter): { cte: string; where: string; params: unknown[] } {
  const all = f.branchOf === undefined;
  // The viewer's id is $1 only where the downline is read: an unused parameter has no type.
  const params: unknown[] = all ? [] : [f.branchOf];
  const where = all
    ? ['true']
    : [
        `(a.actor_id = $1 or a.actor_id in (select user_id from downline) or a.target_user_id in (select user_id from downline))`,
      ];
  if (f.actor) where.push(`au.username_lower = lower($${params.push(f.actor)})`);
  if (f.target) where.push(`tu.username_lower = lower($${params.push(f.target)})`);
  if (f.action) where.push(`a.action = $${params.push(f.action)}`);
  if (f.from) where.push(`a.at >= $${params.push(f.from)}::date`);
  if (f.to) where.push(`a.at < ($${params.push(f.to)}::date + 1)`);
  return { cte: all ? '' : downlineCte(1), where: where.join(' and '), params };
}

/** The trail's rows, counted up to the cap: without dates the trail is years of rows (paging.ts). */
export function auditCount(sql: SqlClient, f: AuditFilter): Promise<Count> {
  const { cte, where, params } = auditWhere(f);
  return cappedCount(sql, `from ${FROM} where ${where}`, params, COUNT_CAP, cte);
}

/** A page of the trail, newest first. */
export async function auditEntries(
  sql: SqlClient,
  f: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditEntryRow[]> {
  const { cte, where, params } = auditWhere(f);
  const { rows } = await sql.query<AuditEntryRow>(
    `${cte} select a.position, a.at, au.username as actor, a.ip, a.action, tu.username as target,
       a.object_kind, a.object_id, ${LABEL} as label, a.value_before, a.value_after
     from ${FROM} ${LABELS} where ${where} order by a.position desc limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return rows;
}

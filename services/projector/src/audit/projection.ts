import { isDeepStrictEqual } from 'node:util';
import type { SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';
import type { AuditState } from './entry.js';
import { foldAudit, stateKeyOf } from './values.js';

const DDL = [
  `create table if not exists rm_audit (
    position bigint primary key,
    at timestamptz not null,
    actor_id text not null,
    ip text,
    action text not null,
    target_user_id text,
    object_kind text,
    object_id text,
    value_before jsonb,
    value_after jsonb
  )`,
  'create index if not exists rm_audit_actor on rm_audit (actor_id, position)',
  'create index if not exists rm_audit_target on rm_audit (target_user_id, position)',
  `create table if not exists rm_audit_state (
    key text primary key,
    value jsonb not null
  )`,
];

/**
 * The audit trail (docs/audit.md): one row per admin action, with who, when, from which IP, on
 * whom or what, and the value before and after. An event is an admin action when a login caused
 * it (the system's own have no actor) and it is of the listed kinds; values that did not change
 * are no action. "Before" comes from the fold's own state table (values.ts), never another read model.
 */
export const auditProjection: Projection = {
  name: 'audit',
  version: 2,
  tables: ['rm_audit', 'rm_audit_state'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const keyed = events.flatMap((e) => {
      const key = stateKeyOf(e);
      return key === null && !ROW_ONLY.has(e.type) ? [] : [{ e, key }];
    });
    if (keyed.length === 0) return;
    const keys = [...new Set(keyed.flatMap(({ key }) => (key === null ? [] : [key])))];
    const state = new Map<string, AuditState>();
    if (keys.length > 0) {
      const { rows } = await tx.query<{ key: string; value: AuditState }>(
        'select key, value from rm_audit_state where key = any($1::text[])',
        [keys],
      );
      for (const r of rows) state.set(r.key, r.value);
    }
    const changed = new Set<string>();
    const audit: object[] = [];
    for (const { e, key } of keyed) {
      const { state: next, entry } = foldAudit(e, key === null ? null : (state.get(key) ?? null));
      if (key !== null && next !== null && next !== state.get(key)) {
        state.set(key, next);
        changed.add(key);
      }
      if (!entry || e.metadata.actor === null) continue;
      if (isDeepStrictEqual(entry.before, entry.after)) continue;
      audit.push({
        position: e.position,
        at: e.metadata.at,
        actor_id: e.metadata.actor,
        ip: e.metadata.ip,
        action: entry.action,
        target_user_id: entry.targetUserId,
        object_kind: entry.object?.kind ?? null,
        object_id: entry.object?.id ?? null,
        value_before: entry.before,
        value_after: entry.after,
      });
    }
    if (changed.size > 0)
      await tx.query(
        `insert into rm_audit_state (key, value)
         select key, value from jsonb_to_recordset($1::jsonb) as r(key text, value jsonb)
         on conflict (key) do update set value = excluded.value`,
        [JSON.stringify([...changed].map((key) => ({ key, value: state.get(key) })))],
      );
    if (audit.length > 0)
      await tx.query(
        `insert into rm_audit (position, at, actor_id, ip, action, target_user_id, object_kind, object_id, value_before, value_after)
         select position, at, actor_id, ip, action, target_user_id, object_kind, object_id, value_before, value_after
         from jsonb_to_recordset($1::jsonb) as r(position bigint, at timestamptz, actor_id text, ip text, action text,
           target_user_id text, object_kind text, object_id text, value_before jsonb, value_after jsonb)
         on conflict (position) do nothing`,
        [JSON.stringify(audit)],
      );
  },
};

/** Audited events that need no state: their row says all from the event itself. */
const ROW_ONLY: ReadonlySet<string> = new Set(['PasswordChanged', 'ChipsTransferred', 'BetDeleted']);

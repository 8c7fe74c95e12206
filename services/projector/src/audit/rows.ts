import type { AuditAction, AuditObjectKind, AuditValue } from '@exch/contracts';

// The rows of the audit trail's read-model table (rm_audit; DDL in ./projection.ts) as its queries
// (./queries.ts) return them. The gateway reads the trail only through those.

/** An action of the trail with the usernames of who acted and on whom, and its object's readable name. */
export interface AuditEntryRow {
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

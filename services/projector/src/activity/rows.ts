// The rows of the activity log's read-model table (rm_activity; DDL in ./projection.ts) as its
// queries (./queries.ts) return them. The gateway reads the log only through those.

/** A login or security action, with the username of who did it when not the account itself. */
export interface ActivityEntryRow {
  position: string;
  action: string;
  at: Date | string;
  ip: string | null;
  device: string | null;
  actor: string | null;
}

// The rows of the risk read-model tables (rm_risk_thresholds, rm_watch, rm_suspensions; DDL in
// ./projection.ts) as its queries (./queries.ts) return them. The gateway reads these tables only
// through those; rm_suspensions is joined by the bets' alert queries (../bets/queries.ts).

/** A watch: `watcher_id` (a back-office login) watches the account `user_id`. */
export interface WatchRow {
  watcher_id: string;
  user_id: string;
}

/** A watched account with its name, as the watcher's settings list it. */
export interface WatchedRow {
  user_id: string;
  username: string;
}

// The row of the streams' read-model table (rm_match_streams; DDL in ./projection.ts) as its query
// (./queries.ts) returns it. The gateway reads this table only through that.

/** A match's live TV and score frame URLs as set, each null when none is. */
export interface MatchStreamsRow {
  tv_url: string | null;
  score_url: string | null;
}

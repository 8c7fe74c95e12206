import type { SqlClient } from '@exch/contracts';
import type { MatchStreamsRow } from './rows.js';

// The streams' reads: every query the gateway makes on rm_match_streams.

/** A match's stream URLs, null when none were ever set. */
export async function matchStreams(sql: SqlClient, matchId: string): Promise<MatchStreamsRow | null> {
  const { rows } = await sql.query<MatchStreamsRow>(
    `select tv_url, score_url from rm_match_streams where match_id = $1`,
    [matchId],
  );
  return rows[0] ?? null;
}

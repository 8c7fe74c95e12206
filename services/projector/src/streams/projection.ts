import type { MatchStreamsSet, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = [
  `create table if not exists rm_match_streams (
    match_id text primary key,
    tv_url text,
    score_url text,
    position bigint not null,
    updated_at timestamptz not null
  )`,
];

/** Each match's live TV and score frame URLs as an admin last set them (the latest by log position wins). */
export const streamsProjection: Projection = {
  name: 'streams',
  version: 1,
  tables: ['rm_match_streams'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const latest = new Map<string, object>();
    for (const e of events) {
      if (e.type !== 'MatchStreamsSet') continue;
      const d = e.data as MatchStreamsSet;
      latest.set(d.matchId, {
        match_id: d.matchId,
        tv_url: d.tvUrl,
        score_url: d.scoreUrl,
        position: e.position,
        updated_at: e.metadata.at,
      });
    }
    if (latest.size === 0) return;
    await tx.query(
      `insert into rm_match_streams (match_id, tv_url, score_url, position, updated_at)
       select match_id, tv_url, score_url, position, updated_at
       from jsonb_to_recordset($1::jsonb) as r(match_id text, tv_url text, score_url text, position bigint, updated_at timestamptz)
       on conflict (match_id) do update set tv_url = excluded.tv_url, score_url = excluded.score_url, position = excluded.position, updated_at = excluded.updated_at
         where rm_match_streams.position < excluded.position`,
      [JSON.stringify([...latest.values()])],
    );
  },
};

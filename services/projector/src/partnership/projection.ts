import type { PartnershipSet, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

/**
 * Every partnership share ever set, one row per event: the share in force at a log position is the
 * latest row at or before it, so reports split each settlement by the shares of its moment and the
 * as-of view reads the shares at any time. Rows are keyed by position, so partitions folded in any
 * order give the same table.
 */
const DDL = [
  `create table if not exists rm_partnership_shares (
    user_id text not null,
    position bigint not null,
    parent_id text not null,
    share_bp int not null,
    actor_id text,
    at timestamptz not null,
    primary key (user_id, position)
  )`,
];

export const partnershipProjection: Projection = {
  name: 'partnership',
  version: 1,
  tables: ['rm_partnership_shares'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const rows = events
      .filter((e) => e.type === 'PartnershipSet')
      .map((e) => {
        const d = e.data as PartnershipSet;
        return {
          user_id: d.userId,
          position: e.position,
          parent_id: d.parentId,
          share_bp: d.shareBp,
          actor_id: e.metadata.actor,
          at: e.metadata.at,
        };
      });
    if (rows.length === 0) return;
    await tx.query(
      `insert into rm_partnership_shares (user_id, position, parent_id, share_bp, actor_id, at)
       select user_id, position, parent_id, share_bp, actor_id, at
       from jsonb_to_recordset($1::jsonb) as r(user_id text, position bigint, parent_id text, share_bp int, actor_id text, at timestamptz)
       on conflict do nothing`,
      [JSON.stringify(rows)],
    );
  },
};

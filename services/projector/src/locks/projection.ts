import type { MarketLockSet, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

/** '' stands for "every" (a null kind or market id) so the target can be a primary key. */
const DDL = [
  `create table if not exists rm_market_locks (
    user_id text not null,
    match_id text not null,
    market_kind text not null,
    market_id text not null,
    locked boolean not null,
    updated_at timestamptz not null,
    primary key (user_id, match_id, market_kind, market_id)
  )`,
];

/** Bet locks an upline set on a downline user for a match, a kind of market or one market. */
export const marketLocksProjection: Projection = {
  name: 'market-locks',
  version: 1,
  tables: ['rm_market_locks'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    // The last setting of a target in the batch wins.
    const latest = new Map<string, object>();
    for (const e of events) {
      if (e.type !== 'MarketLockSet') continue;
      const d = e.data as MarketLockSet;
      const row = {
        user_id: d.userId,
        match_id: d.matchId,
        market_kind: d.marketKind ?? '',
        market_id: d.marketId ?? '',
        locked: d.locked,
        updated_at: e.metadata.at,
      };
      latest.set(JSON.stringify([row.user_id, row.match_id, row.market_kind, row.market_id]), row);
    }
    if (latest.size === 0) return;
    await tx.query(
      `insert into rm_market_locks (user_id, match_id, market_kind, market_id, locked, updated_at)
       select user_id, match_id, market_kind, market_id, locked, updated_at
       from jsonb_to_recordset($1::jsonb) as r(user_id text, match_id text, market_kind text, market_id text, locked boolean, updated_at timestamptz)
       on conflict (user_id, match_id, market_kind, market_id) do update set locked = excluded.locked, updated_at = excluded.updated_at`,
      [JSON.stringify([...latest.values()])],
    );
  },
};

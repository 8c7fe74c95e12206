import type {
  BigBetThresholdSet,
  FeedMarketStateSet,
  MarketStatusSet,
  SqlClient,
  StoredEvent,
  WatchSet,
} from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = [
  `create table if not exists rm_risk_thresholds (
    user_id text primary key,
    big_bet bigint not null
  )`,
  `create table if not exists rm_watch (
    watcher_id text not null,
    user_id text not null,
    since timestamptz not null,
    primary key (watcher_id, user_id)
  )`,
  `create index if not exists rm_watch_user on rm_watch (user_id)`,
  // When each market was suspended, by an admin or by its feed's market definition: the risk desk
  // looks for bets placed just before.
  `create table if not exists rm_suspensions (
    market_id text not null,
    at timestamptz not null,
    position bigint not null,
    primary key (market_id, position)
  )`,
  `create index if not exists rm_suspensions_at on rm_suspensions (at)`,
];

/**
 * What back-office logins keep for the tape and the risk desk (their big-bet thresholds and watch
 * lists), and when markets were suspended. Each event is its own row or upsert, so batches fold in
 * log order and a replay writes the same rows.
 */
export const riskProjection: Projection = {
  name: 'risk',
  version: 1,
  tables: ['rm_risk_thresholds', 'rm_watch', 'rm_suspensions'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    for (const e of events) {
      if (e.type === 'BigBetThresholdSet') {
        const d = e.data as BigBetThresholdSet;
        await tx.query(
          `insert into rm_risk_thresholds (user_id, big_bet) values ($1, $2)
           on conflict (user_id) do update set big_bet = excluded.big_bet`,
          [d.userId, d.amount],
        );
      } else if (e.type === 'WatchSet') {
        const d = e.data as WatchSet;
        await tx.query(
          d.watched
            ? `insert into rm_watch (watcher_id, user_id, since) values ($1, $2, $3) on conflict do nothing`
            : `delete from rm_watch where watcher_id = $1 and user_id = $2`,
          d.watched ? [d.watcherId, d.userId, e.metadata.at] : [d.watcherId, d.userId],
        );
      } else if (
        (e.type === 'MarketStatusSet' && (e.data as MarketStatusSet).status === 'SUSPENDED') ||
        (e.type === 'FeedMarketStateSet' && (e.data as FeedMarketStateSet).status === 'SUSPENDED')
      ) {
        await tx.query(
          `insert into rm_suspensions (market_id, at, position) values ($1, $2, $3) on conflict do nothing`,
          [(e.data as { marketId: string }).marketId, e.metadata.at, e.position],
        );
      }
    }
  },
};

import type {
  FeedMarketStateSet,
  HousePriceCleared,
  HousePriceSet,
  MarketListed,
  MarketRenamed,
  MarketSettingsSet,
  MarketSettled,
  MarketStatusSet,
  MarketVoided,
  MatchInPlaySet,
  MatchListed,
  MatchRenamed,
  NewsMessageSet,
  ResultProposed,
  ResultRevoked,
  RunnerRemoved,
  SqlClient,
  StoredEvent,
} from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = [
  `create table if not exists rm_matches (
    match_id text primary key,
    sport_id int not null,
    sport_name text not null,
    series_id text not null,
    series_name text not null,
    name text not null,
    start_time timestamptz not null,
    in_play boolean not null,
    position bigint not null
  )`,
  `create index if not exists rm_matches_sport on rm_matches (sport_id, start_time)`,
  `create table if not exists rm_markets (
    market_id text primary key,
    match_id text not null,
    sport_id int not null,
    kind text not null,
    name text not null,
    fancy_type text,
    runners jsonb not null,
    min_stake bigint not null,
    max_stake bigint not null,
    bet_delay_sec int not null,
    commission_bp int not null,
    status text not null default 'ACTIVE',
    manual boolean not null default false,
    house_prices jsonb not null default '{}'::jsonb,
    result jsonb,
    settlement_id text,
    settled_at timestamptz,
    source text,
    feed_status text,
    feed_bet_delay_sec int not null default 0,
    number_of_winners int not null default 1,
    removed jsonb not null default '[]'::jsonb,
    proposed jsonb,
    position bigint not null
  )`,
  `create index if not exists rm_markets_match on rm_markets (match_id, position)`,
  `create table if not exists rm_news (
    id int primary key,
    text text not null,
    updated_at timestamptz not null
  )`,
];

type Handler = (tx: SqlClient, e: StoredEvent) => Promise<unknown>;

/** Catalogue events are few (a listing, an admin's change): one statement each keeps them in order. */
const HANDLERS: Record<string, Handler> = {
  MatchListed: (tx, e) => {
    const d = e.data as MatchListed;
    return tx.query(
      `insert into rm_matches (match_id, sport_id, sport_name, series_id, series_name, name, start_time, in_play, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (match_id) do update set name = excluded.name, start_time = excluded.start_time, in_play = excluded.in_play`,
      [d.matchId, d.sportId, d.sportName, d.seriesId, d.seriesName, d.name, d.startTime, d.inPlay, e.position],
    );
  },
  MatchRenamed: (tx, e) => {
    const d = e.data as MatchRenamed;
    return tx.query(`update rm_matches set name = $2, series_name = $3 where match_id = $1`, [
      d.matchId,
      d.name,
      d.seriesName,
    ]);
  },
  MatchInPlaySet: (tx, e) => {
    const d = e.data as MatchInPlaySet;
    return tx.query(`update rm_matches set in_play = $2 where match_id = $1`, [d.matchId, d.inPlay]);
  },
  MarketListed: (tx, e) => {
    const d = e.data as MarketListed;
    return tx.query(
      `insert into rm_markets (market_id, match_id, sport_id, kind, name, fancy_type, runners, min_stake, max_stake, bet_delay_sec, commission_bp, position, source)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13)
       on conflict (market_id) do nothing`,
      [
        d.marketId,
        d.matchId,
        d.sportId,
        d.kind,
        d.name,
        d.fancyType,
        JSON.stringify(d.runners),
        d.minStake,
        d.maxStake,
        d.betDelaySec,
        d.commissionBp,
        e.position,
        d.source ?? null,
      ],
    );
  },
  MarketRenamed: (tx, e) => {
    const d = e.data as MarketRenamed;
    return tx.query(`update rm_markets set name = $2, runners = $3::jsonb where market_id = $1`, [
      d.marketId,
      d.name,
      JSON.stringify(d.runners),
    ]);
  },
  MarketSettingsSet: (tx, e) => {
    const d = e.data as MarketSettingsSet;
    return tx.query(
      `update rm_markets set min_stake = $2, max_stake = $3, bet_delay_sec = $4, commission_bp = $5 where market_id = $1`,
      [d.marketId, d.minStake, d.maxStake, d.betDelaySec, d.commissionBp],
    );
  },
  MarketStatusSet: (tx, e) => {
    const d = e.data as MarketStatusSet;
    return tx.query(`update rm_markets set status = $2 where market_id = $1`, [d.marketId, d.status]);
  },
  MarketSettled: (tx, e) => {
    const d = e.data as MarketSettled;
    return tx.query(
      `update rm_markets set status = 'SETTLED', result = $2::jsonb, settlement_id = $3, settled_at = $4 where market_id = $1`,
      [d.marketId, JSON.stringify(d.result), d.settlementId, e.metadata.at],
    );
  },
  MarketVoided: (tx, e) => {
    const d = e.data as MarketVoided;
    return tx.query(
      `update rm_markets set status = 'SETTLED', result = '{"void":true}'::jsonb, settlement_id = $2, settled_at = $3 where market_id = $1`,
      [d.marketId, d.settlementId, e.metadata.at],
    );
  },
  // After a revoke the market waits CLOSED for a new result; the revoked settlement's id stays as the last one.
  ResultRevoked: (tx, e) => {
    const d = e.data as ResultRevoked;
    return tx.query(`update rm_markets set status = 'CLOSED', result = null, settled_at = null where market_id = $1`, [
      d.marketId,
    ]);
  },
  FeedMarketStateSet: (tx, e) => {
    const d = e.data as FeedMarketStateSet;
    return tx.query(
      `update rm_markets set source = $2, feed_status = $3, number_of_winners = $4, feed_bet_delay_sec = $5 where market_id = $1`,
      [d.marketId, d.source, d.status, d.numberOfWinners, d.betDelaySec],
    );
  },
  // A non-runner stays in the runner list, marked, so the race card can show it with its factor.
  RunnerRemoved: (tx, e) => {
    const d = e.data as RunnerRemoved;
    return tx.query(`update rm_markets set removed = removed || $2::jsonb where market_id = $1`, [
      d.marketId,
      JSON.stringify([
        { selectionId: d.selectionId, adjustmentFactorBp: d.adjustmentFactorBp, removedAt: d.removedAt },
      ]),
    ]);
  },
  ResultProposed: (tx, e) => {
    const d = e.data as ResultProposed;
    return tx.query(`update rm_markets set proposed = $2::jsonb where market_id = $1`, [
      d.marketId,
      JSON.stringify(d.selectionIds),
    ]);
  },
  // A bookmaker runner's house price under its selection id, a fancy's under "0"; the market follows them until cleared.
  HousePriceSet: (tx, e) => {
    const d = e.data as HousePriceSet;
    const key = d.price.type === 'bookmaker' ? String(d.price.selectionId) : '0';
    return tx.query(
      `update rm_markets set manual = true, house_prices = house_prices || jsonb_build_object($2::text, $3::jsonb) where market_id = $1`,
      [d.marketId, key, JSON.stringify(d.price)],
    );
  },
  HousePriceCleared: (tx, e) => {
    const d = e.data as HousePriceCleared;
    return tx.query(`update rm_markets set manual = false, house_prices = '{}'::jsonb where market_id = $1`, [
      d.marketId,
    ]);
  },
  NewsMessageSet: (tx, e) => {
    const d = e.data as NewsMessageSet;
    return tx.query(
      `insert into rm_news (id, text, updated_at) values (1, $1, $2) on conflict (id) do update set text = excluded.text, updated_at = excluded.updated_at`,
      [d.text, e.metadata.at],
    );
  },
};

const MARKET_CHANGES = new Set([
  'MarketRenamed',
  'MarketSettingsSet',
  'MarketStatusSet',
  'MarketSettled',
  'MarketVoided',
  'ResultRevoked',
  'HousePriceSet',
  'HousePriceCleared',
  'FeedMarketStateSet',
  'RunnerRemoved',
  'ResultProposed',
]);

/** Markets whose names, settings, status, house prices or result a batch changed: their match rooms get the new state. */
export const marketsTouched = (events: StoredEvent[]): string[] => [
  ...new Set(events.filter((e) => MARKET_CHANGES.has(e.type)).map((e) => (e.data as { marketId: string }).marketId)),
];

/** Sports matches and their markets with settings, admin status, house prices and result, and the news line. */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  version: 4,
  tables: ['rm_matches', 'rm_markets', 'rm_news'],
  indexes: {
    // The lobby's open matches and event management's open markets: what is not settled, whatever the history.
    rm_markets_open: `rm_markets (match_id) where status <> 'SETTLED'`,
    // Event management's settled view: the latest declared.
    rm_markets_settled: `rm_markets (settled_at desc) where status = 'SETTLED'`,
  },
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    for (const e of events) await HANDLERS[e.type]?.(tx, e);
  },
};

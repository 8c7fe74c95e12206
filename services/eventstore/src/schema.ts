/**
 * The one schema both drivers run (DESIGN.md: "over the same SQL"). Every statement is
 * idempotent so opening a store on an existing log is safe.
 */
export const SCHEMA_STATEMENTS: readonly string[] = [
  `create table if not exists events (
    position bigint primary key,
    stream_id text not null,
    stream_version int not null,
    event_id text not null unique,
    type text not null,
    schema_version int not null,
    data jsonb not null,
    metadata jsonb not null,
    recorded_at timestamptz not null default now(),
    unique (stream_id, stream_version)
  )`,
  // One row (id is always true) holding the writer's epoch. A general append locks it (serialising
  // writers, so a rolled-back append consumes no position); the single writer's positioned appends
  // hold it shared, so a new leader's epoch claim waits for them. The head is the last event's
  // position (the position column is kept for old logs and no longer advanced).
  `create table if not exists log_head (
    id boolean primary key default true check (id),
    position bigint not null,
    epoch bigint not null
  )`,
  `insert into log_head (id, position, epoch) values (true, 0, 0) on conflict (id) do nothing`,
  // A market's events (its bets' too: each carries marketId), for a decision on a market whose bets
  // left the engine's state (a revoke after the window): read by index, never by scanning the log.
  // Partial: events that name no market (accounts, casino, payments) stay out of it and cost nothing more to append.
  `create index if not exists events_by_market on events ((data->>'marketId'), position)
    where data->>'marketId' is not null`,
  // The deposits that named a UTR, for a UTR the engine's state no longer holds (a request decided
  // before the payments window): partial, so only deposit requests pay for it.
  `create index if not exists events_by_utr on events ((data->>'utr')) where type = 'DepositRequested'`,
  `create table if not exists snapshots (
    name text primary key,
    position bigint not null,
    state jsonb not null,
    saved_at timestamptz not null default now()
  )`,
  // The parts of a snapshot that seldom change (a settled market, a full segment of command ids):
  // each saved once under a key naming its content, so a snapshot rewrites only what changed.
  // Text, not jsonb: nothing queries inside them, and the database need not parse them.
  `create table if not exists snapshot_parts (
    name text not null,
    key text not null,
    body text not null,
    primary key (name, key)
  )`,
  // Written as is: compressing each part (pglz) would cost the embedded database's thread more than the bytes it saves.
  `alter table snapshot_parts alter column body set storage external`,
];

/** The whole DDL as one script (for operators and docs). */
export const SCHEMA_SQL = SCHEMA_STATEMENTS.map((s) => `${s};`).join('\n\n');

/**
 * Advisory lock keys (any fixed 64-bit numbers; these spell "exch" + purpose; migrations lock
 * on their name instead, contracts/src/migrate.ts).
 * Leader: held for as long as a process is the single writer (DESIGN.md rule 3).
 * Relay: held by the one relay that publishes the log; others wait as standbys.
 */
export const LEADER_LOCK_KEY = 0x65786368_0002;
export const RELAY_LOCK_KEY = 0x65786368_0003;

/** The channel PostgreSQL appends notify; the payload is the new head position. */
export const EVENTS_CHANNEL = 'exch_events';

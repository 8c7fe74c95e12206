/** The event log port (DESIGN.md, services/eventstore). Both drivers implement it over one SQL schema. */
export interface EventMetadata {
  /** The command (idempotency key) that caused the event. */
  commandId: string;
  correlationId: string;
  causationId: string | null;
  actor: string | null;
  ip: string | null;
  device: string | null;
  /** When the gateway stamped the command, ISO 8601. Folds read time from here, never from the clock. */
  at: string;
}

export interface NewEvent<D = unknown> {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: D;
  metadata: EventMetadata;
}

export interface StoredEvent<D = unknown> extends NewEvent<D> {
  position: number;
  streamId: string;
  streamVersion: number;
  recordedAt: string;
}

/** A version number (the stream's current last version), 'no_stream' (must be new) or 'any'. */
export type ExpectedVersion = number | 'any' | 'no_stream';

export interface AppendRequest {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface AppendResult {
  streamId: string;
  /** Version of the stream's last event after the append (stream versions start at 1). */
  streamVersion: number;
  /** Global positions of the request's events, in order. */
  positions: number[];
  /** True when every event id was already in the log: nothing was written. */
  duplicate: boolean;
}

export interface AppendOptions {
  /** The writer's epoch; the append fails with StaleEpochError when a newer writer has claimed the log. */
  epoch?: number;
}

export interface Snapshot<S = unknown> {
  name: string;
  position: number;
  state: S;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Position of the last event handed to the handler. */
  readonly position: number;
}

export interface SubscribeOptions {
  batchSize?: number;
  onError?: (err: unknown) => void;
}

export interface SqlResult<R> {
  rows: R[];
}

export interface SqlClient {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<R>>;
  /** Runs fn in one transaction; commits if it resolves, rolls back if it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}

export interface Leadership {
  epoch: number;
  /** Resolves when leadership is lost (the lock's connection dropped). */
  lost: Promise<void>;
  release(): Promise<void>;
}

/** An event whose position and stream version the single writer has already assigned. */
export interface PositionedEvent extends NewEvent {
  position: number;
  streamId: string;
  streamVersion: number;
}

/** A positioned append under way: its rows are written (not yet committed), then it is committed. */
export interface PositionedAppend {
  written: Promise<void>;
  committed: Promise<void>;
}

export interface PositionedAppendOptions {
  /** The writer's epoch (StaleEpochError when a newer writer has claimed the log). */
  epoch: number;
  /**
   * The writer's previous append, still committing: this one writes after it has written (one lock
   * order) and commits only after it committed, failing if it failed, so positions stay gap-free
   * and commit in order while two appends are in flight.
   */
  after: PositionedAppend | null;
}

export interface EventStore {
  readonly driver: 'pglite' | 'postgres';
  readonly sql: SqlClient;
  append(requests: AppendRequest[], options?: AppendOptions): Promise<AppendResult[]>;
  /**
   * The single writer's append (DESIGN.md rule 3): positions and stream versions assigned by the
   * writer, written without the log-wide lock a general append takes, so the next turn can write
   * while this one's commit is in flight. The first position must follow the last committed event.
   */
  appendPositioned(events: PositionedEvent[], options: PositionedAppendOptions): PositionedAppend;
  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  /** Every event whose data names this market (`data.marketId`), oldest first: an indexed read for a market long settled. */
  readMarket(marketId: string): Promise<StoredEvent[]>;
  /**
   * Every event of the payment requests whose deposit named this UTR (`DepositRequested`'s
   * `data.utr`), oldest first: an indexed read for a UTR the engine's state no longer holds.
   */
  readDepositsByUtr(utr: string): Promise<StoredEvent[]>;
  /** Events with position greater than `after`, oldest first, at most `limit`. */
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
  /** Position of the last committed event (0 when the log is empty). */
  head(): Promise<number>;
  /** Catch up from `after`, then follow live appends. The handler is called with one batch at a time. */
  subscribe(after: number, handler: (batch: StoredEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription;
  /**
   * A snapshot serialised by its writer (JSON text), naming the parts it is made of: they were saved
   * before it, and every other part under the name is deleted once it is saved.
   */
  saveSnapshot(name: string, position: number, json: string, parts?: string[]): Promise<void>;
  loadSnapshot<S>(name: string): Promise<Snapshot<S> | null>;
  /** One part of a snapshot (JSON text) under a key that names its content: a key is never saved again with other content. */
  saveSnapshotPart(name: string, key: string, json: string): Promise<void>;
  /** The parts a snapshot names, by key (a key not saved is absent). */
  loadSnapshotParts<P>(name: string, keys: string[]): Promise<Map<string, P>>;
  /** The keys of the parts stored under the name (another leader's snapshots may have replaced some). */
  snapshotPartKeys(name: string): Promise<string[]>;
  /** Become the single writer: waits for the leader lock (PostgreSQL) and claims a new epoch. */
  acquireLeadership(): Promise<Leadership>;
  close(): Promise<void>;
}

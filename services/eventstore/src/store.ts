import {
  StaleEpochError,
  type AppendOptions,
  type AppendRequest,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type Leadership,
  type PositionedAppend,
  type PositionedAppendOptions,
  type PositionedEvent,
  type Snapshot,
  type SqlClient,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '@exch/contracts';
import {
  HEAD_SQL,
  INSERT_ROWS,
  LOCK_HEAD_SQL,
  planBatch,
  WRITE_POSITIONED_SQL,
  type HeadRow,
  type NewRow,
} from './append-plan.js';
import { Tail, type WakeSignal } from './subscription.js';

/** What a driver supplies; everything else (the SQL of the log) is shared. */
export interface StoreDriver {
  readonly name: 'pglite' | 'postgres';
  readonly sql: SqlClient;
  /**
   * Transactions run side by side on connections of their own (PostgreSQL). PGlite runs one at a
   * time: there a positioned append waits for the one before it to commit before it begins, since
   * holding the only connection while waiting for it would never end.
   */
  readonly concurrentTransactions: boolean;
  /**
   * A select-list expression an append runs inside its transaction once its rows are written, `$1`
   * the new head as text (PostgreSQL: a pg_notify, sent on commit). An expression rather than a
   * call of its own so that the positioned append runs it in its gap check's statement.
   */
  readonly noticeSql?: string;
  acquireLeadership(): Promise<Leadership>;
  /** Releases connections; subscriptions are already stopped when this runs. */
  close(): Promise<void>;
}

export interface StoreTiming {
  pollIntervalMs: number;
  retryDelayMs: number;
}

interface EventRow {
  position: number | string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

/** Parts read per query on load: a year of settled markets is thousands of them. */
const PART_READ_BATCH = 500;
/** Parts deleted per statement once a snapshot naming the others is saved. */
const PART_DELETE_BATCH = 50;

const EVENT_COLUMNS =
  'position, stream_id, stream_version, event_id, type, schema_version, data, metadata, recorded_at';

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt:
      row.recorded_at instanceof Date ? row.recorded_at.toISOString() : new Date(row.recorded_at).toISOString(),
  };
}

/** How many of its own latest appends a store keeps to answer readAll without a query. */
const RECENT_EVENTS = 20_000;

class SqlEventStore implements EventStore {
  readonly driver: 'pglite' | 'postgres';
  readonly sql: SqlClient;
  readonly #wake: WakeSignal;
  readonly #tails = new Set<Tail>();
  #closed = false;
  /**
   * The events this store committed last, in position order with no gap: an in-process follower
   * (the projections, the relay) reads what was just appended from here instead of the database.
   * Cleared whenever an append is not contiguous with it (another writer came between).
   */
  #recent: StoredEvent[] = [];

  constructor(
    private readonly impl: StoreDriver,
    wake: WakeSignal,
    private readonly timing: StoreTiming,
  ) {
    this.driver = impl.name;
    this.sql = impl.sql;
    this.#wake = wake;
  }

  async append(requests: AppendRequest[], options: AppendOptions = {}): Promise<AppendResult[]> {
    if (requests.length === 0) return [];
    const eventIds = requests.flatMap((r) => r.events.map((e) => e.eventId));
    const streamIds = [...new Set(requests.map((r) => r.streamId))];
    const outcome = await this.sql.transaction(async (tx) => {
      const { rows: lock } = await tx.query<{ epoch: number | string }>(LOCK_HEAD_SQL);
      if (!lock[0]) throw new Error('log_head row is missing: the schema was not created');
      const epoch = Number(lock[0].epoch);
      if (options.epoch !== undefined && options.epoch !== epoch) throw new StaleEpochError(options.epoch, epoch);
      const { rows } = await tx.query<HeadRow>(HEAD_SQL, [JSON.stringify(eventIds), JSON.stringify(streamIds)]);
      const plan = planBatch(rows[0]!, requests);
      if (plan.rows.length > 0) {
        await tx.query(INSERT_ROWS, [JSON.stringify(plan.rows)]);
        if (this.impl.noticeSql) await tx.query(`select ${this.impl.noticeSql}`, [String(plan.head)]);
      }
      return plan;
    });
    // Only after commit: a subscriber must never be woken for rows it cannot see yet.
    if (outcome.rows.length > 0) {
      this.#remember(outcome.rows);
      this.#wake.fire();
    }
    return outcome.results;
  }

  #remember(rows: NewRow[]): void {
    const recordedAt = new Date().toISOString();
    const last = this.#recent.at(-1)?.position;
    if (last !== undefined && rows[0]!.position !== last + 1) this.#recent = [];
    for (const r of rows) {
      this.#recent.push({
        position: r.position,
        streamId: r.stream_id,
        streamVersion: r.stream_version,
        eventId: r.event_id,
        type: r.type,
        schemaVersion: r.schema_version,
        data: r.data ?? null,
        metadata: r.metadata,
        recordedAt,
      });
    }
    if (this.#recent.length > RECENT_EVENTS * 1.5) this.#recent = this.#recent.slice(-RECENT_EVENTS);
  }

  appendPositioned(events: PositionedEvent[], options: PositionedAppendOptions): PositionedAppend {
    const rows: NewRow[] = events.map((e) => ({
      position: e.position,
      stream_id: e.streamId,
      stream_version: e.streamVersion,
      event_id: e.eventId,
      type: e.type,
      schema_version: e.schemaVersion,
      data: e.data,
      metadata: e.metadata,
    }));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const committed = (async () => {
      try {
        if (rows.length === 0) return await options.after?.committed;
        // PGlite has one connection: holding it while the append before commits would never end.
        if (!this.impl.concurrentTransactions) await options.after?.committed;
        else await options.after?.written;
        const first = rows[0]!.position;
        await this.sql.transaction(async (tx) => {
          const { rows: head } = await tx.query<{ epoch: number | string | null }>(WRITE_POSITIONED_SQL, [
            JSON.stringify(rows),
            options.epoch,
          ]);
          // Under another epoch nothing was written, and the transaction rolls back on the throw.
          const epoch = head[0]?.epoch == null ? Number.NaN : Number(head[0].epoch);
          if (epoch !== options.epoch) throw new StaleEpochError(options.epoch, epoch);
          wrote();
          // Commit only after the previous append did (its failure fails this one), and only right
          // behind the last committed event: the log stays gap-free and in commit order.
          await options.after?.committed;
          // The notice rides on the gap check's statement: one round trip for both.
          const notice = this.impl.noticeSql;
          const last = String(rows.at(-1)!.position);
          if (first > 1) {
            const { rows: before } = notice
              ? await tx.query(`select ${notice} from events where position = $2`, [last, first - 1])
              : await tx.query('select 1 from events where position = $1', [first - 1]);
            if (before.length === 0) throw new Error(`position ${first} does not follow the last committed event`);
          } else if (notice) await tx.query(`select ${notice}`, [last]);
        });
      } finally {
        wrote();
      }
      if (rows.length > 0) {
        this.#remember(rows);
        this.#wake.fire();
      }
    })();
    return { written, committed };
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    const { rows } = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
      [streamId, fromVersion],
    );
    return rows.map(toStoredEvent);
  }

  async readMarket(marketId: string): Promise<StoredEvent[]> {
    const { rows } = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where data->>'marketId' = $1 order by position`,
      [marketId],
    );
    return rows.map(toStoredEvent);
  }

  async readDepositsByUtr(utr: string): Promise<StoredEvent[]> {
    const { rows } = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where stream_id in
         (select stream_id from events where type = 'DepositRequested' and data->>'utr' = $1)
       order by position`,
      [utr],
    );
    return rows.map(toStoredEvent);
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    const first = this.#recent[0]?.position;
    if (first !== undefined && after + 1 >= first && after < this.#recent.at(-1)!.position) {
      return this.#recent.slice(after + 1 - first, after + 1 - first + limit);
    }
    const { rows } = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where position > $1 order by position limit $2`,
      [after, limit],
    );
    return rows.map(toStoredEvent);
  }

  async head(): Promise<number> {
    const { rows } = await this.sql.query<{ position: number | string }>(
      'select coalesce(max(position), 0) as position from events',
    );
    return Number(rows[0]?.position ?? 0);
  }

  subscribe(after: number, handler: (batch: StoredEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription {
    if (this.#closed) throw new Error('The event store is closed');
    const source = { readAll: (a: number, l: number) => this.readAll(a, l), wake: this.#wake, ...this.timing };
    const tail: Tail = new Tail(source, after, handler, options, () => this.#tails.delete(tail));
    this.#tails.add(tail);
    return tail;
  }

  async saveSnapshot(name: string, position: number, json: string, parts: string[] = []): Promise<void> {
    await this.sql.query(
      `insert into snapshots (name, position, state) values ($1, $2, $3::jsonb)
       on conflict (name) do update set position = excluded.position, state = excluded.state, saved_at = now()`,
      [name, position, json],
    );
    // Only once the snapshot naming them is saved: a crash before leaves the previous one whole.
    const named = new Set(parts);
    const stale = (await this.snapshotPartKeys(name)).filter((key) => !named.has(key));
    // A batch a turn: on PGlite, deleting the previous snapshot's 500 slices in one statement held
    // the engine's thread 15 ms.
    for (let i = 0; i < stale.length; i += PART_DELETE_BATCH) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      await this.sql.query('delete from snapshot_parts where name = $1 and key = any($2::text[])', [
        name,
        stale.slice(i, i + PART_DELETE_BATCH),
      ]);
    }
  }

  async loadSnapshot<S>(name: string): Promise<Snapshot<S> | null> {
    const { rows } = await this.sql.query<{ position: number | string; state: S }>(
      'select position, state from snapshots where name = $1',
      [name],
    );
    const row = rows[0];
    return row ? { name, position: Number(row.position), state: row.state } : null;
  }

  async saveSnapshotPart(name: string, key: string, json: string): Promise<void> {
    await this.sql.query(
      `insert into snapshot_parts (name, key, body) values ($1, $2, $3)
       on conflict (name, key) do update set body = excluded.body`,
      [name, key, json],
    );
  }

  async loadSnapshotParts<P>(name: string, keys: string[]): Promise<Map<string, P>> {
    const parts = new Map<string, P>();
    for (let i = 0; i < keys.length; i += PART_READ_BATCH) {
      const { rows } = await this.sql.query<{ key: string; body: string }>(
        'select key, body from snapshot_parts where name = $1 and key = any($2::text[])',
        [name, keys.slice(i, i + PART_READ_BATCH)],
      );
      for (const row of rows) parts.set(row.key, JSON.parse(row.body) as P);
    }
    return parts;
  }

  async snapshotPartKeys(name: string): Promise<string[]> {
    const { rows } = await this.sql.query<{ key: string }>('select key from snapshot_parts where name = $1', [name]);
    return rows.map((r) => r.key);
  }

  acquireLeadership(): Promise<Leadership> {
    return this.impl.acquireLeadership();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#tails].map((tail) => tail.stop()));
    await this.impl.close();
  }
}

export function createEventStore(driver: StoreDriver, wake: WakeSignal, timing: StoreTiming): EventStore {
  return new SqlEventStore(driver, wake, timing);
}

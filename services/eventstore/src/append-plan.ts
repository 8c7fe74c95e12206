import { WrongExpectedVersionError, type AppendRequest, type AppendResult, type EventMetadata } from '@exch/contracts';

// An append's statements and the plan of its batch: what the store writes, decided before it writes.

/** One row per known event id / stream, aggregated as json so the whole read is one round trip. */
export interface HeadRow {
  position: number | string;
  epoch: number | string;
  existing: { eventId: string; position: number; streamVersion: number }[];
  streams: { streamId: string; version: number }[];
}

export interface NewRow {
  position: number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
}

// Locks the log_head row first: that lock is what serialises general appends, and it waits for the
// single writer's positioned appends in flight (they hold it shared). The head is the last event's
// position, read once the lock is held.
export const LOCK_HEAD_SQL = `select epoch from log_head where id for update`;
export const HEAD_SQL = `
  select (select coalesce(max(position), 0) from events) as position, 0 as epoch,
    (select coalesce(json_agg(json_build_object(
        'eventId', e.event_id, 'position', e.position, 'streamVersion', e.stream_version)), '[]'::json)
      from events e where e.event_id in (select jsonb_array_elements_text($1::jsonb))) as existing,
    (select coalesce(json_agg(json_build_object('streamId', v.stream_id, 'version', v.version)), '[]'::json)
      from (select stream_id, max(stream_version) as version from events
             where stream_id in (select jsonb_array_elements_text($2::jsonb)) group by stream_id) v) as streams`;

// Every row of the batch in one statement: batching rows is worth 5-10x (STACK.md). A stream's
// version is its last event's (the unique (stream_id, stream_version) index finds it), so an append
// updates no shared row two appends in flight could both need.
export const INSERT_ROWS = `
  insert into events (position, stream_id, stream_version, event_id, type, schema_version, data, metadata)
  select position, stream_id, stream_version, event_id, type, schema_version, coalesce(data, 'null'::jsonb), metadata
    from jsonb_to_recordset($1::jsonb) as r(
      position bigint, stream_id text, stream_version int, event_id text,
      type text, schema_version int, data jsonb, metadata jsonb)`;

// The single writer's positioned append holds log_head shared (appends in flight do not wait for
// each other, and a new leader's epoch claim, which takes it exclusively, waits for them to end)
// and writes its rows only under the epoch it leads with, in one statement: one round trip of the
// turn's where the lock and the insert were two. A data-modifying WITH runs whole whether or not
// the outer select reads it (PostgreSQL's "Data-Modifying Statements in WITH").
export const WRITE_POSITIONED_SQL = `
  with head as (select epoch from log_head where id for share),
  written as (${INSERT_ROWS}
     where (select epoch from head) = $2)
  select (select epoch from head) as epoch`;

function checkExpectedVersion(request: AppendRequest, exists: boolean, current: number): void {
  const { expectedVersion } = request;
  const ok =
    expectedVersion === 'any' ||
    (expectedVersion === 'no_stream' && !exists) ||
    (typeof expectedVersion === 'number' && expectedVersion === current);
  if (!ok) throw new WrongExpectedVersionError(request.streamId, String(expectedVersion), current);
}

/**
 * Decides a whole batch against the log's state: which events are new, their positions
 * and stream versions, and each request's result. Throws on the first conflict, before
 * anything is written. Requests are applied in order, so two requests for one stream chain.
 */
export function planBatch(
  head: HeadRow,
  requests: AppendRequest[],
): { rows: NewRow[]; results: AppendResult[]; head: number } {
  const known = new Map(
    head.existing.map((e) => [e.eventId, { position: Number(e.position), streamVersion: e.streamVersion }]),
  );
  const versions = new Map(head.streams.map((s) => [s.streamId, s.version]));
  let next = Number(head.position);
  const rows: NewRow[] = [];
  const results: AppendResult[] = [];
  for (const request of requests) {
    const duplicate = request.events.length > 0 && request.events.every((e) => known.has(e.eventId));
    const current = versions.get(request.streamId) ?? 0;
    // A retried request is answered as first time, whatever the stream did since.
    if (!duplicate) checkExpectedVersion(request, versions.has(request.streamId), current);
    let version = current;
    let lastVersion = current;
    const positions = request.events.map((event) => {
      const seen = known.get(event.eventId);
      if (seen) {
        lastVersion = seen.streamVersion;
        return seen.position;
      }
      next += 1;
      version += 1;
      lastVersion = version;
      rows.push({
        position: next,
        stream_id: request.streamId,
        stream_version: version,
        event_id: event.eventId,
        type: event.type,
        schema_version: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
      });
      known.set(event.eventId, { position: next, streamVersion: version });
      return next;
    });
    if (version !== current) versions.set(request.streamId, version);
    results.push({
      streamId: request.streamId,
      streamVersion: duplicate ? lastVersion : version,
      positions,
      duplicate,
    });
  }
  return { rows, results, head: next };
}

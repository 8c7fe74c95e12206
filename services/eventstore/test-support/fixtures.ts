// What every part of the EventStore contract (./contract.ts) builds on, and what the drivers' own
// tests use too: events to append, a store on a fresh log, a wait for a condition.
import type t from 'tap';
import type { AppendRequest, EventStore, NewEvent, StoredEvent } from '@exch/contracts';

export type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];
export type OpenStore = () => Promise<EventStore>;

/**
 * The log is large in production and small here: with sequential scans priced out, the plan shows
 * whether an index can serve the read at all (a read that must scan the log would not).
 */
export async function planOf(store: EventStore, sql: string, params: unknown[]): Promise<string> {
  return store.sql.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

export function newEvent(eventId: string, data: unknown = { eventId }, type = 'TestHappened'): NewEvent {
  return {
    eventId,
    type,
    schemaVersion: 1,
    data,
    metadata: {
      commandId: `cmd-${eventId}`,
      correlationId: `cor-${eventId}`,
      causationId: null,
      actor: 'tester',
      ip: null,
      device: null,
      at: '2026-01-01T00:00:00.000Z',
    },
  };
}

/** n single-event requests on one stream, ids prefix-1..prefix-n, expecting nothing in particular. */
export function manyRequests(prefix: string, n: number, streamId = `stream-${prefix}`): AppendRequest[] {
  return Array.from({ length: n }, (_, i) => ({
    streamId,
    expectedVersion: 'any' as const,
    events: [newEvent(`${prefix}-${i + 1}`)],
  }));
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const positionsOf = (events: StoredEvent[]) => events.map((e) => e.position);
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A store on a fresh log, closed when the test ends. */
export async function freshStore(open: OpenStore, tt: TapTest): Promise<EventStore> {
  const store = await open();
  tt.teardown(() => store.close());
  return store;
}

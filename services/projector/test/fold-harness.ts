import pino from 'pino';
import type { CommittedEvent, DomainEvent, EventDataByType, EventType } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner } from '../src/index.js';

// What the fold tests (folds-*.test.ts) share: the read models folded live on PGlite, and rows made comparable.

/** An event of a command before the journal stamps it. */
export const event = <K extends EventType>(type: K, data: EventDataByType[K]): DomainEvent =>
  ({ type, streamId: 'test', data }) as DomainEvent;

/**
 * Every projection folding live on PGlite. `commit` appends one command's events in one append, as
 * the engine does, waits until they are folded and returns them as the engine hands them to the
 * gateway: with their positions and the command's time.
 */
export async function readModels() {
  const store = await openPGliteStore({});
  const runner = new ProjectionRunner(store, allProjections, pino({ level: 'silent' }));
  await runner.start();
  let n = 0;
  return {
    sql: store.sql,
    async commit(...events: DomainEvent[]): Promise<CommittedEvent[]> {
      n++;
      const at = new Date(Date.UTC(2026, 10, 22, 10, n)).toISOString();
      const metadata = {
        commandId: `c${n}`,
        correlationId: `c${n}`,
        causationId: null,
        actor: null,
        ip: null,
        device: null,
        at,
      };
      const [result] = await store.append([
        {
          streamId: 'test',
          expectedVersion: 'any',
          events: events.map((e, i) => ({
            eventId: `e${n}.${i}`,
            type: e.type,
            schemaVersion: 1,
            data: e.data,
            metadata,
          })),
        },
      ]);
      const positions = result!.positions;
      await runner.waitFor(positions.at(-1)!);
      return events.map((e, i) => ({ ...e, position: positions[i]!, at }));
    },
    async close() {
      await runner.stop();
      await store.close();
    },
  };
}

/**
 * A row's columns as values the read and the fold can both give: a timestamp as ISO text, a number
 * as the text a bigint column reads as (the folds keep a column's number where its read gives text).
 */
export const columns = (row: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v instanceof Date ? v.toISOString() : typeof v === 'number' ? String(v) : v,
    ]),
  );

import type { NewEvent } from '@exch/contracts';

let id = 0;

/** A bare `Added` event for the runner's and the lag's tests, with a fresh id and its own command. */
export const addedEvent = (data: Record<string, unknown> = {}): NewEvent => ({
  eventId: `e${++id}`,
  type: 'Added',
  schemaVersion: 1,
  data,
  metadata: {
    commandId: `c${id}`,
    correlationId: 'x',
    causationId: null,
    actor: null,
    ip: null,
    device: null,
    at: '2026-11-22T00:00:00Z',
  },
});

import type { DomainEvent, StoredEvent } from '@exch/contracts';
import { emptyState } from '../state.js';
import { evolvePayments, isPaymentEvent } from './evolve.js';
import type { RecalledRequests } from './state.js';

/**
 * Payment requests folded from their streams as the log holds them (EventStore.readStream,
 * readDepositsByUtr): the same evolve as the engine's, over a state of its own, so a request the
 * payments window forgot comes back with the status and UTR it was decided with.
 */
export function recallRequests(events: readonly StoredEvent[]): RecalledRequests {
  const scratch = emptyState();
  for (const e of events) {
    const event = { type: e.type, streamId: e.streamId, data: e.data } as DomainEvent;
    if (isPaymentEvent(event)) evolvePayments(scratch, event);
  }
  return scratch.payments.requests;
}

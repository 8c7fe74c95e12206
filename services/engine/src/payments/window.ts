import { PAYMENT_WINDOW_STREAM, type DomainEvent } from '@exch/contracts';
import type { EngineState } from '../state.js';
import type { PaymentRequests, PaymentsState } from './state.js';

/**
 * A turn of the payments window when it last turned before `turnBefore` (or never did) and the
 * turn would move or forget something: an engine with only pending requests writes nothing.
 */
export function paymentsWindowTurn(state: Readonly<EngineState>, turnBefore: string, at: string): DomainEvent[] {
  const pay = state.payments;
  if (pay.turnedAt !== null && pay.turnedAt >= turnBefore) return [];
  const forgets = Object.keys(pay.previous.requests).length > 0;
  const moves = Object.values(pay.requests).some((r) => r.status !== 'pending');
  if (!forgets && !moves) return [];
  return [{ type: 'PaymentWindowTurned', streamId: PAYMENT_WINDOW_STREAM, data: { turnedAt: at } }];
}

/**
 * Pending requests stay; those decided since the last turn move, with their UTRs, to the previous
 * generation, which is still looked up; the generation before it is forgotten. So a decided
 * request is held for at least one period and at most two, and then read back when named.
 */
export function turnPaymentsWindow(pay: PaymentsState, turnedAt: string): void {
  const current: PaymentRequests = { requests: {}, utrs: {} };
  const previous: PaymentRequests = { requests: {}, utrs: {} };
  for (const [id, r] of Object.entries(pay.requests)) (r.status === 'pending' ? current : previous).requests[id] = r;
  for (const [utr, id] of Object.entries(pay.utrs)) (current.requests[id] ? current : previous).utrs[utr] = id;
  pay.requests = current.requests;
  pay.utrs = current.utrs;
  pay.previous = previous;
  pay.turnedAt = turnedAt;
}

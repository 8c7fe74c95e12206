import type { DomainEvent, Refusal } from '@exch/contracts';

export type Decision = { ok: true; events: DomainEvent[] } | { ok: false; refusal: Refusal };

/** Events already in an array, accepted as they are: no copy through a spread (the bet path builds its own). */
export const acceptAll = (events: DomainEvent[]): Decision => ({ ok: true, events });
export const accept = (...events: DomainEvent[]): Decision => acceptAll(events);
export const refuse = (code: string, message: string): Decision => ({ ok: false, refusal: { code, message } });

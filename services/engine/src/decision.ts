import type { DomainEvent, Refusal } from '@exch/contracts';

export type Decision = { ok: true; events: DomainEvent[] } | { ok: false; refusal: Refusal };

export const accept = (...events: DomainEvent[]): Decision => ({ ok: true, events });
export const refuse = (code: string, message: string): Decision => ({ ok: false, refusal: { code, message } });

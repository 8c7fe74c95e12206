import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  mergeReadTokens,
  readTokenOf,
  type Command,
  type CommandBus,
  type CommittedEvent,
  type ExecuteResult,
  type ReadBarrier,
  type ReadToken,
} from '@exch/contracts';
import { HttpError, refusalError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request's commands wrote: sent back as X-Read-After for the client's next reads. */
    readToken: ReadToken | null;
  }
}

/** How routes reach the engine: the bus, the read side's partitioning for read tokens, and who hears of what was committed. */
export interface Commands {
  bus: CommandBus;
  reads: ReadBarrier;
  committed(events: readonly CommittedEvent[]): void;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * Stamps a command at the edge (id, time, actor, IP, device: DESIGN.md rule 5) and sends it to the
 * engine; the answer holds the committed events, for the route to answer from. A client's
 * `Idempotency-Key` header makes a retry return the first answer; it is scoped to the caller so one
 * user's key can never collide with another's.
 */
export async function send(
  { bus, reads, committed }: Commands,
  req: FastifyRequest,
  command: Command,
  keySuffix = '',
): Promise<Extract<ExecuteResult, { ok: true }>> {
  const key = req.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    throw new HttpError(400, 'Idempotency-Key must be 8 to 100 letters, digits or _.:-');
  }
  const actor = req.auth?.sub ?? null;
  const result = await bus.execute({
    commandId: key ? `${actor}:${key}${keySuffix}` : randomUUID(),
    correlationId: String(req.id),
    actor,
    ip: req.ip,
    device: req.headers['user-agent']?.slice(0, 300) ?? null,
    at: new Date().toISOString(),
    command,
  });
  if (!result.ok) throw refusalError(result.refusal);
  if (result.events.length > 0) {
    committed(result.events);
    const token = readTokenOf(result.events, (streamId) => reads.partitionOf(streamId));
    req.readToken = req.readToken ? mergeReadTokens(req.readToken, token) : token;
  }
  return result;
}

import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Command, CommandBus, ExecuteResult } from '@exch/contracts';
import { HttpError, refusalError } from './errors.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * Stamps a command at the edge (id, time, actor, IP, device: DESIGN.md rule 5) and sends it to the
 * engine. A client's `Idempotency-Key` header makes a retry return the first answer; it is scoped
 * to the caller so one user's key can never collide with another's.
 */
export async function send(bus: CommandBus, req: FastifyRequest, command: Command, keySuffix = ''): Promise<Extract<ExecuteResult, { ok: true }>> {
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
  return result;
}

import type { FastifyInstance } from 'fastify';
import { formatReadToken, parseReadToken, READ_AFTER_HEADER, type ReadBarrier } from '@exch/contracts';
import { HttpError } from './errors.js';

/**
 * Read-your-writes on the next request: a command's answer carries X-Read-After with what it wrote
 * (http/commands.ts), and a request that sends one back is handled once the read models have folded
 * it, authentication included (a user just created can be acted on at once).
 */
export function readYourWrites(app: FastifyInstance, reads: ReadBarrier): void {
  app.decorateRequest('readToken', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers[READ_AFTER_HEADER];
    if (header === undefined) return;
    const token = typeof header === 'string' ? parseReadToken(header) : null;
    if (!token) throw new HttpError(400, 'X-Read-After must be the token an earlier answer carried');
    await reads.waitFor(token);
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.readToken) reply.header(READ_AFTER_HEADER, formatReadToken(req.readToken));
  });
}

import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { keepRawBody } from './signing.js';
import { valibotValidator } from './validate.js';

/**
 * The provider's fastify instance before its routes: JSON bodies kept as sent (for signatures),
 * its own security headers on every answer, request schemas checked by valibot, and errors as
 * `{ message }` (a 4xx its own, anything else a logged 500 that tells nothing).
 */
export function providerApp(log: FastifyBaseLogger, frameAncestors: () => string[]): FastifyInstance {
  const app = Fastify({ loggerInstance: log, bodyLimit: 16 * 1024 });
  app.setValidatorCompiler(valibotValidator);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    keepRawBody(req, body as string);
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Malformed JSON in request body'), { statusCode: 400 }), undefined);
    }
  });
  app.addHook('onSend', async (req, reply) => {
    const ancestors = frameAncestors().join(' ') || "'none'";
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'self'; object-src 'none'`,
    );
    reply.header('x-content-type-options', 'nosniff');
    // Launch tokens ride in page addresses: never sent on to another site.
    reply.header('referrer-policy', 'no-referrer');
    if (req.url.startsWith('/api/') || req.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) log.error({ err }, 'request failed');
    return reply.status(status).send({ message: status === 500 ? 'Something went wrong on our side' : err.message });
  });
  return app;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderCallVerifier } from '@exch/contracts/node';

type WithRawBody = FastifyRequest & { rawBody?: string };

/** Keeps the exact body text on the request: the operator's signature covers its bytes. */
export const keepRawBody = (req: FastifyRequest, body: string): void => {
  (req as WithRawBody).rawBody = body;
};

/**
 * The hook of the operator's calls: a call not signed with the shared secret is refused with 401.
 * It runs before validation, so an unsigned caller learns nothing about the input rules.
 */
export const signedCalls =
  (verifier: ProviderCallVerifier) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = verifier.verify(req.headers, {
      method: req.method,
      url: req.url,
      body: (req as WithRawBody).rawBody ?? '',
    });
    if (!verdict.ok) return reply.status(401).send({ message: `Signature refused: ${verdict.reason}` });
  };

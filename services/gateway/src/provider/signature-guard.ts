import type { FastifyRequest } from 'fastify';
import { WALLET_SESSION_HEADER } from '@exch/contracts';
import { ProviderCallVerifier } from '@exch/contracts/node';
import { HttpError } from '../http/errors.js';

/**
 * preHandler of 'provider' routes: the call must carry the provider's signature over its exact
 * bytes, fresh and not seen before (contracts' ProviderCallVerifier). Nothing else authenticates
 * it: a player's or an admin's bearer token counts for nothing here. Without a provider set up,
 * every call is refused.
 */
export function providerSignatureGuard(secret: string | null) {
  const verifier = secret === null ? null : new ProviderCallVerifier(secret);
  return async (req: FastifyRequest): Promise<void> => {
    if (!verifier) throw new HttpError(401, 'No game provider is set up here', 'INVALID_SIGNATURE');
    const session = req.headers[WALLET_SESSION_HEADER];
    const verdict = verifier.verify(req.headers, {
      method: req.method,
      url: req.url,
      body: req.rawBody ?? '',
      walletSession: typeof session === 'string' ? session : undefined,
    });
    if (!verdict.ok) throw new HttpError(401, `Signature refused: ${verdict.reason}`, 'INVALID_SIGNATURE');
  };
}

import { hmacSha256, SignedRequests, type SignatureVerdict } from '../signature.js';

/**
 * Calls between the operator and a game provider, both ways (launches one way, wallet calls the
 * other), are signed with the secret they share: HMAC-SHA256 over the timestamp, the method, the
 * path with its query, the wallet session header and the exact body. A player's bearer token counts
 * for nothing on these routes. Node only (`@exch/contracts/node`).
 */
export const PROVIDER_TIMESTAMP_HEADER = 'x-provider-timestamp';
export const PROVIDER_SIGNATURE_HEADER = 'x-provider-signature';

export interface ProviderCall {
  method: string;
  /** Path and query as sent, e.g. `/api/qt/wallet/accounts/u1/session?gameId=roulette`. */
  url: string;
  /** The exact body text ('' for none). */
  body: string;
  /** The Wallet-Session header's value, if any. */
  walletSession?: string;
}

const message = (at: number, c: ProviderCall): string =>
  `${at}\n${c.method.toUpperCase()}\n${c.url}\n${c.walletSession ?? ''}\n${c.body}`;

/** The headers that sign one call. */
export function signProviderCall(secret: string, call: ProviderCall, now = Date.now()): Record<string, string> {
  return {
    [PROVIDER_TIMESTAMP_HEADER]: String(now),
    [PROVIDER_SIGNATURE_HEADER]: hmacSha256(secret, message(now, call)).toString('hex'),
  };
}

type Headers = Record<string, string | string[] | undefined>;
const one = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The receiving side: constant-time compare, a 30 s window, and each signature taken once. */
export class ProviderCallVerifier extends SignedRequests {
  verify(headers: Headers, call: ProviderCall, now = Date.now()): SignatureVerdict {
    return this.check(
      one(headers, PROVIDER_TIMESTAMP_HEADER),
      one(headers, PROVIDER_SIGNATURE_HEADER),
      (at) => message(at, call),
      now,
    );
  }
}

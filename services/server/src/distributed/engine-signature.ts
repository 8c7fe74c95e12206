import type { IncomingHttpHeaders } from 'node:http';
import { hmacSha256, SignedRequests, SIGNATURE_WINDOW_MS } from '@exch/contracts/node';

/**
 * Gateway-to-engine authentication (docs/distributed.md): an envelope is taken only with an
 * HMAC-SHA256, under the cluster secret ENGINE_SECRET, over the leader's epoch, a timestamp and the
 * exact body. The epoch binds a request to one leader (a process that loses the lock never leads
 * again), the timestamp bounds how long a copy stays valid, and the leader remembers the signatures
 * it took inside that window: a captured request is refused when sent again, to this leader or to
 * any later one. The signing and checking are contracts' SignedRequests, shared with the casino
 * provider's wallet calls.
 */
export const EPOCH_HEADER = 'x-engine-epoch';
export const TIMESTAMP_HEADER = 'x-engine-timestamp';
export const SIGNATURE_HEADER = 'x-engine-signature';
export { SIGNATURE_WINDOW_MS };

const message = (epoch: number, timestamp: number, body: string): string => `${epoch}\n${timestamp}\n${body}`;

/** The headers that let the leader of `epoch` take `body`, once. */
export function signCommand(secret: string, epoch: number, body: string, now = Date.now()): Record<string, string> {
  return {
    [EPOCH_HEADER]: String(epoch),
    [TIMESTAMP_HEADER]: String(now),
    [SIGNATURE_HEADER]: hmacSha256(secret, message(epoch, now, body)).toString('hex'),
  };
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

export type Verdict = { ok: true; epoch: number } | { ok: false; reason: string };

/** The engine's side: checks each request and remembers the signatures it accepted while they are inside the window. */
export class CommandVerifier extends SignedRequests {
  verify(headers: IncomingHttpHeaders, body: string, now = Date.now()): Verdict {
    const epoch = header(headers, EPOCH_HEADER);
    if (!epoch || !/^\d+$/.test(epoch)) return { ok: false, reason: 'unsigned request' };
    const verdict = this.check(
      header(headers, TIMESTAMP_HEADER),
      header(headers, SIGNATURE_HEADER),
      (at) => message(Number(epoch), at, body),
      now,
    );
    return verdict.ok ? { ok: true, epoch: Number(epoch) } : verdict;
  }
}

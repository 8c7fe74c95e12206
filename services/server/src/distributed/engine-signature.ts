import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Gateway-to-engine authentication (docs/distributed.md): an envelope is taken only with an
 * HMAC-SHA256, under the cluster secret ENGINE_SECRET, over the leader's epoch, a timestamp and the
 * exact body. The epoch binds a request to one leader (a process that loses the lock never leads
 * again), the timestamp bounds how long a copy stays valid, and the leader remembers the signatures
 * it took inside that window: a captured request is refused when sent again, to this leader or to
 * any later one.
 */
export const EPOCH_HEADER = 'x-engine-epoch';
export const TIMESTAMP_HEADER = 'x-engine-timestamp';
export const SIGNATURE_HEADER = 'x-engine-signature';
/** How far a request's timestamp may be from the engine's clock, either way (clock skew plus transit). */
export const SIGNATURE_WINDOW_MS = 30_000;

const mac = (secret: string, epoch: number, timestamp: number, body: string): Buffer =>
  createHmac('sha256', secret).update(`${epoch}\n${timestamp}\n${body}`).digest();

/** The headers that let the leader of `epoch` take `body`, once. */
export function signCommand(secret: string, epoch: number, body: string, now = Date.now()): Record<string, string> {
  return { [EPOCH_HEADER]: String(epoch), [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: mac(secret, epoch, now, body).toString('hex') };
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

export type Verdict = { ok: true; epoch: number } | { ok: false; reason: string };

/** The engine's side: checks each request and remembers the signatures it accepted while they are inside the window. */
export class CommandVerifier {
  /** Signature (hex) -> when its timestamp leaves the window; in arrival order. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly secret: string,
    private readonly windowMs = SIGNATURE_WINDOW_MS,
  ) {}

  verify(headers: IncomingHttpHeaders, body: string, now = Date.now()): Verdict {
    const epoch = header(headers, EPOCH_HEADER);
    const timestamp = header(headers, TIMESTAMP_HEADER);
    const signature = header(headers, SIGNATURE_HEADER);
    if (!epoch || !timestamp || !signature || !/^\d+$/.test(epoch) || !/^\d+$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
      return { ok: false, reason: 'unsigned request' };
    }
    const at = Number(timestamp);
    if (Math.abs(now - at) > this.windowMs) return { ok: false, reason: 'timestamp outside the window' };
    if (!timingSafeEqual(Buffer.from(signature, 'hex'), mac(this.secret, Number(epoch), at, body))) return { ok: false, reason: 'bad signature' };
    this.forgetExpired(now);
    if (this.seen.has(signature)) return { ok: false, reason: 'replayed request' };
    this.seen.set(signature, at + this.windowMs);
    return { ok: true, epoch: Number(epoch) };
  }

  /** Past its expiry a copy fails the timestamp check anyway. Stops at the first live entry: a later one may wait a little longer. */
  private forgetExpired(now: number): void {
    for (const [signature, expires] of this.seen) {
      if (expires >= now) return;
      this.seen.delete(signature);
    }
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Requests between our own processes and partners are signed with a shared secret: HMAC-SHA256
 * over a message that names a timestamp (milliseconds) and the exact body. Node only (node:crypto):
 * exported as `@exch/contracts/node`, never from the index the web app bundles.
 */
export const hmacSha256 = (secret: string, message: string): Buffer =>
  createHmac('sha256', secret).update(message).digest();

/** How far a request's timestamp may be from the receiver's clock, either way (clock skew plus transit). */
export const SIGNATURE_WINDOW_MS = 30_000;

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The receiver's side: a request is taken only with a well-formed signature of its message at its
 * timestamp, compared in constant time, inside the window, and once. It remembers each signature it
 * took until its timestamp leaves the window, so a captured request is refused when sent again (a
 * sender's retry is signed afresh and is a new request).
 */
export class SignedRequests {
  /** Signature (hex) -> when its timestamp leaves the window; in arrival order. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly secret: string,
    private readonly windowMs = SIGNATURE_WINDOW_MS,
  ) {}

  /** `message(at)` is what the sender signed at that timestamp. */
  check(
    timestamp: string | undefined,
    signature: string | undefined,
    message: (at: number) => string,
    now = Date.now(),
  ): SignatureVerdict {
    if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
      return { ok: false, reason: 'unsigned request' };
    const at = Number(timestamp);
    if (Math.abs(now - at) > this.windowMs) return { ok: false, reason: 'timestamp outside the window' };
    if (!timingSafeEqual(Buffer.from(signature, 'hex'), hmacSha256(this.secret, message(at))))
      return { ok: false, reason: 'bad signature' };
    this.forgetExpired(now);
    if (this.seen.has(signature)) return { ok: false, reason: 'replayed request' };
    this.seen.set(signature, at + this.windowMs);
    return { ok: true };
  }

  /** Past its expiry a copy fails the timestamp check anyway. Stops at the first live entry: a later one may wait a little longer. */
  private forgetExpired(now: number): void {
    for (const [signature, expires] of this.seen) {
      if (expires >= now) return;
      this.seen.delete(signature);
    }
  }
}

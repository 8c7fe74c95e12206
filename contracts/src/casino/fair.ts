/**
 * Provably fair dealing (docs/casino.md "Provably fair"). Each round has its own server seed (32
 * random bytes as 64 lowercase hex characters); SHA-256 of that text is published before betting
 * opens and the seed itself after the result. The round's shoe is shuffled by Fisher-Yates driven by
 * HMAC-SHA256(key = the seed's text, message = `${clientSeed}:${nonce}:${block}`), block = 0, 1, 2...
 *
 * The HMAC itself is left to the caller, so this file runs anywhere: the engine hashes with
 * node:crypto (synchronous), a browser with Web Crypto (below, asynchronous). Both feed the same
 * digests to `fairShuffle`.
 */

/** Recorded on every round, so a verifier knows which rules produced its shuffle. */
export const FAIR_ALGORITHM = 'hmac-sha256:fisher-yates:v1';

export const isServerSeed = (seed: string): boolean => /^[0-9a-f]{64}$/.test(seed);

const FLOAT_BYTES = 4;
const DIGEST_BYTES = 32;
const FLOATS_PER_DIGEST = DIGEST_BYTES / FLOAT_BYTES;

/** The HMAC messages whose digests shuffle a shoe of `cards` cards, in order: one float per swap (cards - 1), eight per digest. */
export function fairMessages(clientSeed: string, nonce: number, cards: number): string[] {
  const blocks = Math.ceil(Math.max(0, cards - 1) / FLOATS_PER_DIGEST);
  return Array.from({ length: blocks }, (_, block) => `${clientSeed}:${nonce}:${block}`);
}

/**
 * Fisher-Yates from the end: for i = n-1 down to 1, swap position i with j = floor(f * (i + 1)),
 * where f is the next float, 4 bytes b0..b3 read as b0/256 + b1/256^2 + b2/256^3 + b3/256^4 (Stake's
 * conversion). Every step is exact in double precision (f has 32 bits, f * (i + 1) fewer than 53).
 */
export function fairShuffle<T>(shoe: readonly T[], digests: readonly Uint8Array[]): T[] {
  const out = shoe.slice();
  for (let i = out.length - 1, k = 0; i >= 1; i--, k++) {
    const digest = digests[Math.floor(k / FLOATS_PER_DIGEST)];
    if (digest?.length !== DIGEST_BYTES)
      throw new Error(`fairShuffle: digest ${Math.floor(k / FLOATS_PER_DIGEST)} missing or not ${DIGEST_BYTES} bytes`);
    const at = (k % FLOATS_PER_DIGEST) * FLOAT_BYTES;
    const f = digest[at]! / 256 + digest[at + 1]! / 256 ** 2 + digest[at + 2]! / 256 ** 3 + digest[at + 3]! / 256 ** 4;
    const j = Math.floor(f * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the seed's text, as published before the round: what a player checks the revealed seed against. */
export async function commitmentWithWebCrypto(serverSeed: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', utf8(serverSeed)));
}

/** A round's shuffle re-derived with Web Crypto (browsers, and Node 20+), for players who verify a revealed seed. */
export async function shuffleWithWebCrypto<T>(
  shoe: readonly T[],
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Promise<T[]> {
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', utf8(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digests = await Promise.all(
    fairMessages(clientSeed, nonce, shoe.length).map(
      async (m) => new Uint8Array(await subtle.sign('HMAC', key, utf8(m))),
    ),
  );
  return fairShuffle(shoe, digests);
}

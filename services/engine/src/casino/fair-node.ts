import { createHash, createHmac, randomBytes } from 'node:crypto';
import { fairMessages, fairShuffle } from '@exch/contracts';

/**
 * The engine's side of the provably fair scheme (contracts/src/casino/fair.ts), with node:crypto
 * so that dealing stays synchronous inside a decision.
 */

/** A fresh server seed. Random, so it must be drawn at the edge and enter the engine in a command (DESIGN.md rule 5). */
export const newServerSeed = (): string => randomBytes(32).toString('hex');

/** SHA-256 of the seed's text: published when the round opens. */
export const commitmentWithNodeCrypto = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed).digest('hex');

export function shuffleWithNodeCrypto<T>(
  shoe: readonly T[],
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): T[] {
  const digests = fairMessages(clientSeed, nonce, shoe.length).map((m) =>
    createHmac('sha256', serverSeed).update(m).digest(),
  );
  return fairShuffle(shoe, digests);
}

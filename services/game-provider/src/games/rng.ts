import { randomInt } from 'node:crypto';

/** Where outcomes come from: the operating system's CSPRNG in play, a seeded one in tests. */
export interface Rng {
  /** A whole number in [0, n), uniform. */
  below(n: number): number;
}

export const cryptoRng: Rng = { below: (n) => randomInt(n) };

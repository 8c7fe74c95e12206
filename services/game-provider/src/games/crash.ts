import type { Rng } from './rng.js';

/**
 * "Rocket": a multiplier climbs from 1.00x until it crashes; a round pays the stake times the
 * player's cash-out target if the rocket reaches it. Chosen before launch (auto cash-out): the page
 * shows the flight, the server has decided it. Crash point, in hundredths, from a uniform 32-bit r:
 * floor(99 · 2^32 / (2^32 − r)), at least 100; it reaches a target t with chance about 0.99 / t, so
 * every target returns 99%: a 1% edge.
 */
const TWO_32 = 2 ** 32;
export const RTP_BP = 9_900;
/** Targets from 1.01x to 1,000.00x, in hundredths. */
export const MIN_TARGET = 101;
export const MAX_TARGET = 100_000;

export const crashPoint = (r: number): number => Math.max(100, Math.floor((99 * TWO_32) / (TWO_32 - r)));

/** Exact chance of reaching `target` (hundredths): the share of the 2^32 values of r whose crash point is at least it. */
export const reachChance = (target: number): number => (TWO_32 - Math.ceil(TWO_32 * (1 - 99 / target))) / TWO_32;

export function launch(
  stake: number,
  target: number,
  rng: Rng,
): { crashAt: number; target: number; cashedOut: boolean; win: number } {
  // Two draws of 16 bits: randomInt takes ranges below 2^48, and this keeps the seeded test RNG simple.
  const r = rng.below(65_536) * 65_536 + rng.below(65_536);
  const crashAt = crashPoint(r);
  const cashedOut = crashAt >= target;
  // Profit rounds down to the paisa.
  return { crashAt, target, cashedOut, win: cashedOut ? Math.floor((stake * target) / 100) : 0 };
}

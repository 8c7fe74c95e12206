/**
 * The exchange price ladder (DESIGN.md reference facts, Betfair's increments): 350 valid prices
 * from 1.01 to 1000, as integer hundredths (1.85 -> 185).
 */
const BANDS: [from: number, to: number, step: number][] = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1000, 20],
  [1000, 2000, 50],
  [2000, 3000, 100],
  [3000, 5000, 200],
  [5000, 10000, 500],
  [10000, 100000, 1000],
];

export const LADDER: readonly number[] = BANDS.flatMap(([from, to, step]) =>
  Array.from({ length: (to - from) / step }, (_, i) => from + step * (i + 1)),
);

const INDEX = new Map(LADDER.map((p, i) => [p, i]));

export const MIN_PRICE = LADDER[0]!;
export const MAX_PRICE = LADDER[LADDER.length - 1]!;

export const isLadderPrice = (price: number): boolean => INDEX.has(price);

/** The price `ticks` steps away on the ladder (negative = shorter), clamped to its ends; null if `price` is off the ladder. */
export function tickFrom(price: number, ticks: number): number | null {
  const i = INDEX.get(price);
  if (i === undefined) return null;
  return LADDER[Math.min(LADDER.length - 1, Math.max(0, i + ticks))]!;
}

/** The nearest ladder price at or below (`down`) or at or above (`up`) any price in hundredths. */
export function snapToLadder(price: number, direction: 'up' | 'down'): number {
  if (price <= MIN_PRICE) return MIN_PRICE;
  if (price >= MAX_PRICE) return MAX_PRICE;
  let lo = 0;
  let hi = LADDER.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (LADDER[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  const above = LADDER[lo]!;
  return above === price || direction === 'up' ? above : LADDER[lo - 1]!;
}

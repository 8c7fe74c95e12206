import type { Paise } from '../money.js';

/**
 * The average price a bet was matched at: its fills' prices weighted by their stakes, rounded to the
 * nearest hundredth (half up), as Betfair's averagePriceMatched. Null while nothing is matched. For
 * display only: P&L is always computed fill by fill (betOutcome), never from this average.
 */
export function averageMatchedPrice(fills: readonly { price: number; size: Paise }[]): number | null {
  let weighted = 0n;
  let stake = 0n;
  for (const { price, size } of fills) {
    weighted += BigInt(price) * BigInt(size);
    stake += BigInt(size);
  }
  if (stake === 0n) return null;
  return Number((2n * weighted + stake) / (2n * stake));
}

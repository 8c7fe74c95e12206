import type { Paise } from '@exch/contracts';

/**
 * What one bet wins or loses, in paise (SPEC.md section 9). Profit rounds down and liability rounds
 * up (DESIGN.md rule 1), so rounding never favours the player against the book.
 */
export interface Outcome {
  /** Paid to the player when the bet wins. */
  win: Paise;
  /** Taken from the player when the bet loses (a positive number). */
  lose: Paise;
}

/** Stakes above this could overflow 2^53 at the longest odds (1000 x 10^10 paise < 9 x 10^15). */
export const MAX_STAKE_PAISE = 10_000_000_000;

const floorDiv100 = (n: number) => Math.floor(n / 100);
const ceilDiv100 = (n: number) => Math.ceil(n / 100);

/** Match odds: back profit = odds x stake - stake, loss = stake; lay the reverse. Odds in hundredths. */
export function exchangeOutcome(side: 'back' | 'lay', odds: number, stake: Paise): Outcome {
  const edge = (odds - 100) * stake;
  return side === 'back' ? { win: floorDiv100(edge), lose: stake } : { win: stake, lose: ceilDiv100(edge) };
}

/** Bookmaker: profit = rate x stake / 100 (a rate of 85 pays 0.85 per rupee); lay the reverse. */
export function bookmakerOutcome(side: 'back' | 'lay', rate: number, stake: Paise): Outcome {
  const edge = rate * stake;
  return side === 'back' ? { win: floorDiv100(edge), lose: stake } : { win: stake, lose: ceilDiv100(edge) };
}

/** Fancy: Yes profit = volume x stake / 100, loss = stake; No wins the stake and loses volume x stake / 100. */
export function fancyOutcome(side: 'yes' | 'no', volume: number, stake: Paise): Outcome {
  const edge = volume * stake;
  return side === 'yes' ? { win: floorDiv100(edge), lose: stake } : { win: stake, lose: ceilDiv100(edge) };
}

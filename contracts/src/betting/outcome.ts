import type { MarketKind } from '../market/feed.js';
import type { Paise } from '../money.js';
import type { Side } from './events.js';

/**
 * What one bet wins or loses, in paise (SPEC.md section 9). Profit rounds down and liability rounds
 * up (DESIGN.md rule 1), so rounding never favours the player against the book. Shared by the
 * engine (exposure, settlement), the gateway (potential win/loss, books) and the web (previews).
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
export const exchangeOutcome = (side: Side, odds: number, stake: Paise): Outcome =>
  betOutcome('match_odds', side, [{ price: odds, size: stake }], null);

/** Bookmaker: profit = rate x stake / 100 (a rate of 85 pays 0.85 per rupee); lay the reverse. */
export const bookmakerOutcome = (side: Side, rate: number, stake: Paise): Outcome =>
  betOutcome('bookmaker', side, [{ price: rate, size: stake }], null);

/** Fancy: Yes profit = volume x stake / 100, loss = stake; No wins the stake and loses volume x stake / 100. */
export const fancyOutcome = (side: 'yes' | 'no', volume: number, stake: Paise): Outcome =>
  betOutcome('fancy', side === 'yes' ? 'back' : 'lay', [{ price: 0, size: stake }], volume);

/**
 * What a part of `size` at `price` adds to a bet's edge, the profit per unit of stake x 100 times the
 * size: match odds price - 100 (hundredths), bookmaker the rate, fancy the bet's volume. The engine
 * keeps it summed per bet as fills arrive.
 */
export const fillEdge = (kind: MarketKind, price: number, size: Paise, volume: number | null): number =>
  kind === 'match_odds' ? (price - 100) * size : kind === 'bookmaker' ? price * size : (volume ?? 0) * size;

/**
 * A bet's parts together: each part at its own price (match odds in hundredths, bookmaker rate;
 * fancy at the bet's volume), rounded once for the whole bet, as the engine reserves and settles it.
 */
export function betOutcome(
  kind: MarketKind,
  side: Side,
  parts: readonly { price: number; size: Paise }[],
  volume: number | null,
): Outcome {
  let edge = 0;
  let stake = 0;
  for (const { price, size } of parts) {
    edge += fillEdge(kind, price, size, volume);
    stake += size;
  }
  return side === 'back' ? { win: floorDiv100(edge), lose: stake } : { win: stake, lose: ceilDiv100(edge) };
}

import type { MarketKind } from '../market/feed.js';
import type { Paise } from '../money.js';
import type { Side } from './events.js';
import { betOutcome } from './outcome.js';

/** The markets a position can be cashed out on: the exchange's, and the house's where it quotes both sides. */
export type CashOutKind = Extract<MarketKind, 'match_odds' | 'bookmaker'>;

/** What a player's matched bets on one runner of a match-odds or bookmaker market pay, whichever way it goes. */
export interface RunnerPosition {
  /** Paise to the player if the runner wins (negative: a loss). */
  ifWins: Paise;
  /** Paise to the player if it loses. */
  ifLoses: Paise;
}

/** A position from its bets' fills, each bet rounded once as the engine settles it (contracts' betOutcome). */
export function runnerPosition(
  bets: readonly { side: Side; fills: readonly { price: number; size: Paise }[] }[],
  kind: CashOutKind = 'match_odds',
) {
  const p: RunnerPosition = { ifWins: 0, ifLoses: 0 };
  for (const b of bets) {
    if (b.fills.length === 0) continue;
    const { win, lose } = betOutcome(kind, b.side, b.fills, null);
    if (b.side === 'back') {
      p.ifWins += win;
      p.ifLoses -= lose;
    } else {
      p.ifWins -= lose;
      p.ifLoses += win;
    }
  }
  return p;
}

/**
 * A position whose two outcomes differ by less than a rupee is level: a hedge of a few paise would
 * change nothing a player can see (a cashed-out position stays within a paisa or two of level).
 */
export const isLevel = (p: RunnerPosition): boolean => Math.abs(p.ifWins - p.ifLoses) < 100;

/** The hedge that cashes a position out, and what the player then has whichever way the runner goes. */
export interface CashOutQuote {
  /** Lay a position that gains when the runner wins, back one that gains when it loses. */
  side: Side;
  /** The best price the hedge gets now, as the market prices: match odds in hundredths, a bookmaker rate. */
  price: number;
  /** The hedge's stake for the share asked, in paise. */
  stake: Paise;
  /** The whole position's cash-out value: the lesser of its two outcomes after a full hedge. */
  value: Paise;
}

/**
 * Cash out (docs/exchange.md, issue 24): the one bet on the same runner at the best price now that
 * makes the position pay the same whichever way the runner goes. A position W if it wins, L if it
 * loses is laid at P for (W - L) / P, or backed at P for (L - W) / P; the stake is rounded to the
 * nearest paisa (half up), so the two outcomes can differ by a paisa or two, and the value quoted
 * is the lesser. A share (1 to 100 percent) hedges that share of the stake. Null when the position
 * is level (isLevel) or the side it needs has no price. A bookmaker rate R is the decimal price
 * 1 + R/100 (it pays R per 100 staked), so the same hedge holds at P = 100 + R hundredths.
 */
export function cashOutQuote(
  position: RunnerPosition,
  best: { back: number | null; lay: number | null },
  percent = 100,
  kind: CashOutKind = 'match_odds',
): CashOutQuote | null {
  if (isLevel(position)) return null;
  const gap = position.ifWins - position.ifLoses;
  const side: Side = gap > 0 ? 'lay' : 'back';
  const price = side === 'lay' ? best.lay : best.back;
  if (price === null) return null;
  const hundredths = kind === 'bookmaker' ? 100 + price : price;
  const stakeFor = (share: number) => roundDiv(Math.abs(gap) * share, hundredths);
  const full = stakeFor(100);
  const hedge = betOutcome(kind, side, [{ price, size: full }], null);
  const value =
    side === 'lay'
      ? Math.min(position.ifWins - hedge.lose, position.ifLoses + hedge.win)
      : Math.min(position.ifWins + hedge.win, position.ifLoses - hedge.lose);
  return { side, price, stake: stakeFor(percent), value };
}

/** a / b to the nearest whole number, half up (a ≥ 0, b > 0), exact past 2^53 by BigInt. */
const roundDiv = (a: number, b: number): number => Number((2n * BigInt(a) + BigInt(b)) / (2n * BigInt(b)));

/**
 * The best price a hedge gets on one side of a runner's ladder as the screens show it (best first),
 * leaving out the player's own resting orders there: the engine never matches a player with itself.
 */
export function bestOfLadder(
  levels: readonly { price: number; size: Paise }[],
  own: readonly { price: number; size: Paise }[],
): number | null {
  for (const level of levels) {
    const mine = own.filter((o) => o.price === level.price).reduce((sum, o) => sum + o.size, 0);
    if (level.size - mine > 0) return level.price;
  }
  return null;
}

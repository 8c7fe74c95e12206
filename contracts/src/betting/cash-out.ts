import type { MarketKind, PriceSize } from '../market/feed.js';
import { tickFrom } from '../market/ladder.js';
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
 * What a hedge can take on each side of a runner, best first: `back` the offers a backer takes, `lay`
 * those a layer takes, the player's own resting orders left out (no one is matched with himself).
 */
export interface HedgeLadder {
  back: readonly PriceSize[];
  lay: readonly PriceSize[];
}

/** A cash out priced on the ladder's depth: `short` is the share's stake no level reaches (0 when it all fills). */
export interface LadderQuote extends CashOutQuote {
  short: Paise;
}

/**
 * Cash out on the ladder as the engine matches it (docs/exchange.md "Cash out"): the hedge's price is
 * the worst level its stake has to reach, walking from the best, and the value is the whole position
 * hedged at that price: what the player gets at least, levels above it filling at better prices.
 * Null when level or the side needed has no offer; `short` above zero when the whole ladder cannot
 * take the share's stake (priced then at the last level).
 */
export function cashOutOnLadder(
  position: RunnerPosition,
  ladder: HedgeLadder,
  percent = 100,
  kind: CashOutKind = 'match_odds',
): LadderQuote | null {
  if (isLevel(position)) return null;
  let depth = 0;
  let quote: CashOutQuote | null = null;
  for (const level of ladder[position.ifWins > position.ifLoses ? 'lay' : 'back']) {
    if (level.size <= 0) continue;
    depth += level.size;
    quote = cashOutQuote(position, { back: level.price, lay: level.price }, percent, kind);
    if (quote && quote.stake <= depth) return { ...quote, short: 0 };
  }
  return quote && { ...quote, short: quote.stake - depth };
}

/** The largest share (1 to 100 percent) the ladder can take whole now; 0 when not even 1%. */
export function largestShare(position: RunnerPosition, ladder: HedgeLadder, kind: CashOutKind = 'match_odds'): number {
  for (let percent = 100; percent > 0; percent--)
    if (cashOutOnLadder(position, ladder, percent, kind)?.short === 0) return percent;
  return 0;
}

/**
 * What the share cashed out pays whichever way the runner goes: that share of the position (to the
 * nearest paisa) plus the hedge as it filled. The two can differ by a paisa or two; the value is the lesser.
 */
export function cashedOutShare(
  position: RunnerPosition,
  percent: number,
  hedge: { side: Side; fills: readonly { price: number; size: Paise }[] },
  kind: CashOutKind = 'match_odds',
): RunnerPosition {
  const part = (paise: Paise) => Math.round((paise * percent) / 100);
  const h = betOutcome(kind, hedge.side, hedge.fills, null);
  return hedge.side === 'lay'
    ? { ifWins: part(position.ifWins) - h.lose, ifLoses: part(position.ifLoses) + h.win }
    : { ifWins: part(position.ifWins) + h.win, ifLoses: part(position.ifLoses) - h.lose };
}

/** The price moves a cash out accepts by default while it waits out the in-play delay (the cash-out panel's choice). */
export const CASHOUT_TOLERANCE_TICKS = 2;

/**
 * How much the whole position's value falls if the price its hedge needs moves `ticks` against it
 * (a lay hedge's price up the ladder, a back's down; a bookmaker rate by whole points): what the
 * cash-out panel offers to accept below the value shown while the cash out waits.
 */
export function cashOutTolerance(
  position: RunnerPosition,
  quote: Pick<CashOutQuote, 'side' | 'price' | 'value'>,
  kind: CashOutKind = 'match_odds',
  ticks = CASHOUT_TOLERANCE_TICKS,
): Paise {
  const against = quote.side === 'lay' ? ticks : -ticks;
  const price =
    kind === 'match_odds' ? (tickFrom(quote.price, against) ?? quote.price) : Math.max(1, quote.price + against);
  const moved = cashOutQuote(position, { back: price, lay: price }, 100, kind);
  return moved ? Math.max(0, quote.value - moved.value) : 0;
}

/** One side of a runner's ladder as the screens show it (best first), less the player's own resting orders there. */
export function ladderWithout(
  levels: readonly PriceSize[],
  own: readonly { price: number; size: Paise }[],
): PriceSize[] {
  const out: PriceSize[] = [];
  for (const level of levels) {
    const mine = own.filter((o) => o.price === level.price).reduce((sum, o) => sum + o.size, 0);
    if (level.size - mine > 0) out.push({ price: level.price, size: level.size - mine });
  }
  return out;
}

/** The best price a hedge gets on one side of a runner's ladder as the screens show it (ladderWithout's first). */
export const bestOfLadder = (
  levels: readonly PriceSize[],
  own: readonly { price: number; size: Paise }[],
): number | null => ladderWithout(levels, own)[0]?.price ?? null;

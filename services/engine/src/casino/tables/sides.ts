import { isRed, RANKS, rankLabel, type Card, type Rank } from '@exch/contracts';
import { won, type MarketRule } from './define.js';

/**
 * Markets on one card's face, offered alike by Lucky 7, Amar Akbar Anthony, Bollywood and each side
 * of Dragon Tiger (CASINO-PAYMENTS.md section 2). `sid` is the first market's; the rest follow.
 * `prefix` names the card on tables that deal more than one ("Dragon ").
 */

/** The pick for tables whose facts are their one card. */
export const theCard = (c: Card): Card => c;

/** Even (2 4 6 8 10 Q) 2.12 and Odd (A 3 5 7 9 J K) 1.83: six ranks against seven. */
export const parityMarkets = <F>(sid: number, pick: (f: F) => Card, prefix = ''): MarketRule<F>[] => [
  { sid, name: `${prefix}Even`, group: `${prefix}Even / Odd`, odds: 212, judge: (f) => won(pick(f).rank % 2 === 0) },
  {
    sid: sid + 1,
    name: `${prefix}Odd`,
    group: `${prefix}Even / Odd`,
    odds: 183,
    judge: (f) => won(pick(f).rank % 2 === 1),
  },
];

export const colourMarkets = <F>(sid: number, pick: (f: F) => Card, prefix = ''): MarketRule<F>[] => [
  { sid, name: `${prefix}Red`, group: `${prefix}Red / Black`, odds: 197, judge: (f) => won(isRed(pick(f))) },
  {
    sid: sid + 1,
    name: `${prefix}Black`,
    group: `${prefix}Red / Black`,
    odds: 197,
    judge: (f) => won(!isRed(pick(f))),
  },
];

/** One market per rank ("Card A" ... "Card K"), each paying `odds`. */
export const rankMarkets = <F>(
  sid: number,
  pick: (f: F) => Card,
  odds: number,
  prefix = '',
  ranks: readonly Rank[] = RANKS,
): MarketRule<F>[] =>
  ranks.map((rank, i) => ({
    sid: sid + i,
    name: `${prefix}Card ${rankLabel(rank)}`,
    group: `${prefix}Cards`,
    odds,
    judge: (f) => won(pick(f).rank === rank),
  }));

/** Below 7 and above 7 at 2.00; a seven loses half of both (Lucky 7's Low/High, AAA's Under/Over 7). */
export const sevenMarkets = <F>(
  sid: number,
  pick: (f: F) => Card,
  low: string,
  high: string,
  group: string,
): MarketRule<F>[] => {
  const judge = (above: boolean) => (f: F) => (pick(f).rank === 7 ? 'half-lose' : won(pick(f).rank > 7 === above));
  return [
    { sid, name: low, group, odds: 200, judge: judge(false) },
    { sid: sid + 1, name: high, group, odds: 200, judge: judge(true) },
  ];
};

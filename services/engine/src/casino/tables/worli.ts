import { buildShoe, type Card } from '@exch/contracts';
import { cardsTo, defineTable, take, TABLE_LIMITS, won, type MarketRule } from './define.js';
import type { DealtCard } from './table.js';

/**
 * Instant Worli: the matka draw dealt with cards. Three cards from the aces to tens of one deck (40
 * cards); each is a digit, ace 1 to nine 9 and ten 0. The three digits, written smallest first with 0
 * last (matka's order: 1 2 ... 9 0), are the pana; the last digit of their sum is the single, which
 * the markets are on: each single at 9.00, Line 1 (1-5), Line 2 (6-0), Odd and Even (docs/casino.md).
 */
const digit = (c: Card): number => c.rank % 10;
const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
/** A digit's place in matka's order 1 2 ... 9 0. */
const place = (d: number): number => (d + 9) % 10;

interface Draw {
  readonly pana: string;
  readonly single: number;
}

function facts(dealt: readonly DealtCard[]): Draw {
  const digits = cardsTo(dealt, 'Pana').map(digit);
  return {
    pana: digits.sort((a, b) => place(a) - place(b)).join(''),
    single: digits.reduce((a, b) => a + b, 0) % 10,
  };
}

const singleMarkets: MarketRule<Draw>[] = DIGITS.map((d, i) => ({
  sid: i + 1,
  name: `Single ${d}`,
  group: 'Single',
  odds: 900,
  judge: (f: Draw) => won(f.single === d),
}));

const inLine = (line: 1 | 2) => (f: Draw) => won(place(f.single) < 5 === (line === 1));

export const worli = defineTable<Draw>({
  code: 'worli',
  name: 'Instant Worli',
  category: 30,
  midPrefix: '141',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  deal: (shuffled) => [0, 1, 2].map((i) => ({ card: take(shuffled, i), to: 'Pana' })),
  facts,
  headline: (f) => ({
    code: f.single,
    winner: `Single ${f.single}`,
    description: `Pana ${f.pana}: single ${f.single}`,
  }),
  markets: [
    ...singleMarkets,
    { sid: 11, name: 'Line 1 (1-5)', group: 'Line', odds: 190, judge: inLine(1) },
    { sid: 12, name: 'Line 2 (6-0)', group: 'Line', odds: 190, judge: inLine(2) },
    { sid: 13, name: 'Odd', group: 'Odd / Even', odds: 190, judge: (f) => won(f.single % 2 === 1) },
    { sid: 14, name: 'Even', group: 'Odd / Even', odds: 190, judge: (f) => won(f.single % 2 === 0) },
  ],
});

import { pocketColour, WHEEL, type Pocket } from '@exch/contracts';
import { defineTable, TABLE_LIMITS, take, won, type MarketRule } from './define.js';

/**
 * European roulette: one ball on a wheel of 37 pockets, 0 to 36. The wheel is the shoe (pockets in
 * number order) and the fair shuffle's first pocket is the result. Each number pays 36.00; Red/Black,
 * Odd/Even and 1-18/19-36 2.00, the dozens and columns 3.00, and a zero loses every one of those
 * outside bets. Every market returns 36/37 (docs/casino.md "Roulette").
 */
const NUMBERS = WHEEL.map((p) => p.number);
const ORDINAL = ['1st', '2nd', '3rd'] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The outside bets, each a set of numbers (0 in none of them) at its odds. */
const OUTSIDE: { name: string; group: string; odds: number; holds: (n: number) => boolean }[] = [
  { name: 'Red', group: 'Red / Black', odds: 200, holds: (n) => pocketColour(n) === 'red' },
  { name: 'Black', group: 'Red / Black', odds: 200, holds: (n) => pocketColour(n) === 'black' },
  { name: 'Odd', group: 'Odd / Even', odds: 200, holds: (n) => n % 2 === 1 },
  { name: 'Even', group: 'Odd / Even', odds: 200, holds: (n) => n > 0 && n % 2 === 0 },
  { name: '1-18', group: '1-18 / 19-36', odds: 200, holds: (n) => n >= 1 && n <= 18 },
  { name: '19-36', group: '1-18 / 19-36', odds: 200, holds: (n) => n >= 19 },
  // Dozens 1-12, 13-24, 25-36; columns as the layout's rows: 1st 1, 4 ... 34, 2nd 2, 5 ... 35, 3rd 3, 6 ... 36.
  ...ORDINAL.map((ord, i) => ({
    name: `${ord} Dozen`,
    group: 'Dozens',
    odds: 300,
    holds: (n: number) => n > 0 && Math.ceil(n / 12) === i + 1,
  })),
  ...ORDINAL.map((ord, i) => ({
    name: `${ord} Column`,
    group: 'Columns',
    odds: 300,
    holds: (n: number) => n > 0 && (n - 1) % 3 === i,
  })),
];

const markets: MarketRule<Pocket>[] = [
  // sid = number + 1: Number 0 is sid 1, Number 36 sid 37.
  ...NUMBERS.map((n) => ({
    sid: n + 1,
    name: `Number ${n}`,
    group: 'Numbers',
    odds: 3600,
    judge: (p: Pocket) => won(p.number === n),
  })),
  ...OUTSIDE.map(({ holds, ...m }, i) => ({ sid: 38 + i, ...m, judge: (p: Pocket) => won(holds(p.number)) })),
];

export const roulette = defineTable<Pocket, Pocket>({
  code: 'roulette',
  name: 'Roulette',
  category: 31,
  midPrefix: '137',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => [...WHEEL],
  deal: (shuffled) => [{ card: take(shuffled, 0), to: 'Wheel' }],
  facts: (deal) => {
    const [only] = deal;
    if (!only || deal.length !== 1) throw new Error('roulette draws one pocket');
    return only.card;
  },
  // The code is the pocket's number; the winner names it with its colour ("17 Black", "0 Green").
  headline: (p) => {
    const winner = `${p.number} ${capital(pocketColour(p.number))}`;
    // The outside bets that win, past the colour the winner already names.
    const outside = OUTSIDE.filter((m) => m.group !== 'Red / Black' && m.holds(p.number)).map((m) => m.name);
    return {
      code: p.number,
      winner,
      description: outside.length === 0 ? `${winner}: every outside bet loses` : `${winner}: ${outside.join(', ')}`,
    };
  },
  markets,
});

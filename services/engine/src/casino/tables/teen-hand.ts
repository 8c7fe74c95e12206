import type { Card, Rank } from '@exch/contracts';

/**
 * Teen Patti hands, weakest category first. The ace is high, except in A-2-3, which is the second
 * best sequence after A-K-Q (the common Indian rule; docs/casino.md). Suits never break a tie.
 */
const TEEN_CATEGORIES = ['High Card', 'Pair', 'Colour', 'Sequence', 'Pure Sequence', 'Trail'] as const;
export type TeenCategory = (typeof TEEN_CATEGORIES)[number];

export interface TeenHand {
  readonly category: TeenCategory;
  /** Higher beats lower; equal is a tie. */
  readonly strength: number;
}

const aceHigh = (r: Rank) => (r === 1 ? 14 : r);

/** 0 for no sequence, else 1 (4-3-2) up to 10 (K-Q-J), 11 (A-2-3), 12 (A-K-Q). `v` is sorted high to low. */
function sequence([a, b, c]: readonly [number, number, number]): number {
  if (a === 14 && b === 3 && c === 2) return 11;
  if (a - b !== 1 || b - c !== 1) return 0;
  return a === 14 ? 12 : a - 3;
}

export function teenHand(cards: readonly Card[]): TeenHand {
  if (cards.length !== 3) throw new Error(`a Teen Patti hand has 3 cards, not ${cards.length}`);
  const v = cards.map((c) => aceHigh(c.rank)).sort((x, y) => y - x) as [number, number, number];
  const flush = cards.every((c) => c.suit === cards[0]!.suit);
  const run = sequence(v);
  const [category, tiebreak]: [TeenCategory, number] =
    v[0] === v[2]
      ? ['Trail', v[0]]
      : run && flush
        ? ['Pure Sequence', run]
        : run
          ? ['Sequence', run]
          : flush
            ? ['Colour', v[0] * 256 + v[1] * 16 + v[2]]
            : // Sorted, the middle card is always one of a pair; the kicker is the other end.
              v[0] === v[1] || v[1] === v[2]
              ? ['Pair', v[1] * 16 + (v[0] === v[1] ? v[2] : v[0])]
              : ['High Card', v[0] * 256 + v[1] * 16 + v[2]];
  return { category, strength: TEEN_CATEGORIES.indexOf(category) * 4096 + tiebreak };
}

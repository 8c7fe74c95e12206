import { buildShoe } from '@exch/contracts';
import type { Tally } from '../returns.js';
import { teenHand, type TeenCategory } from '../tables/teen-hand.js';
import type { TableDefinition } from '../tables/table.js';
import { choose } from './counting.js';
import { twoHands } from './markets.js';

/**
 * All 22,100 three-card hands of one deck, grouped by strength. A tie is two disjoint hands of equal
 * strength; by symmetry A and B then win equally often. Pair Plus follows each hand's category.
 */
export function teenPatti(table: TableDefinition): Tally {
  const deck = buildShoe(1);
  const byStrength = new Map<number, number[][]>();
  const categories = new Map<TeenCategory, number>();
  for (let i = 0; i < 52; i++)
    for (let j = i + 1; j < 52; j++)
      for (let k = j + 1; k < 52; k++) {
        const hand = teenHand([deck[i]!, deck[j]!, deck[k]!]);
        const same = byStrength.get(hand.strength) ?? [];
        same.push([i, j, k]);
        byStrength.set(hand.strength, same);
        categories.set(hand.category, (categories.get(hand.category) ?? 0) + 1);
      }
  let ties = 0;
  for (const hands of byStrength.values())
    for (const h1 of hands) for (const h2 of hands) if (!h1.some((c) => h2.includes(c))) ties++;
  const hands = choose(52, 3);
  return twoHands(
    table,
    3,
    ties / (hands * choose(49, 3)),
    (seat) => `Pair Plus ${seat}`,
    [...categories].map(([category, count]) => [category, count / hands]),
  );
}

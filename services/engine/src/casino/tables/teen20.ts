import { buildShoe, type Card } from '@exch/contracts';
import { cardsTo, defineTable, paidByHand, take, TABLE_LIMITS, versus, type MarketRule } from './define.js';
import type { DealtCard } from './table.js';
import { teenHand, type TeenCategory, type TeenHand } from './teen-hand.js';

/**
 * Teen Patti 20-20: one deck, three cards each to Player A and Player B, dealt A, B, A, B, A, B. The
 * better hand wins at 1.98; equal hands return the main bets. Pair Plus pays on a player's own hand
 * whoever wins, by its best category only, at the 30/40 table (docs/casino.md).
 */
interface Seat {
  readonly cards: readonly Card[];
  readonly hand: TeenHand;
}
interface Hands {
  readonly a: Seat;
  readonly b: Seat;
}

const PAIR_PLUS: readonly { hand: TeenCategory; odds: number }[] = [
  { hand: 'Pair', odds: 200 },
  { hand: 'Colour', odds: 500 },
  { hand: 'Sequence', odds: 700 },
  { hand: 'Trail', odds: 3100 },
  { hand: 'Pure Sequence', odds: 4100 },
];

const seat = (deal: readonly DealtCard[], to: string): Seat => {
  const cards = cardsTo(deal, to);
  return { cards, hand: teenHand(cards) };
};

const player = (
  name: 'A' | 'B',
  sid: number,
  mine: (h: Hands) => Seat,
  theirs: (h: Hands) => Seat,
): MarketRule<Hands>[] => [
  {
    sid,
    name: `Player ${name}`,
    group: 'Players',
    odds: 198,
    judge: (h) => versus(mine(h).hand.strength, theirs(h).hand.strength),
  },
  {
    sid: sid + 1,
    name: `Pair Plus ${name}`,
    group: 'Pair Plus',
    odds: PAIR_PLUS[0]!.odds,
    payTable: PAIR_PLUS,
    judge: (h) => paidByHand(PAIR_PLUS, mine(h).hand.category),
  },
];

const show = (s: Seat) => `${s.cards.map((c) => c.code).join(' ')} (${s.hand.category})`;

export const teen20 = defineTable<Hands>({
  code: 'teen20',
  name: 'Teen Patti 20-20',
  category: 20,
  midPrefix: '102',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  deal: (shuffled) => Array.from({ length: 6 }, (_, i) => ({ card: take(shuffled, i), to: i % 2 === 0 ? 'A' : 'B' })),
  facts: (deal) => ({ a: seat(deal, 'A'), b: seat(deal, 'B') }),
  headline: ({ a, b }) => {
    const [code, winner] =
      a.hand.strength > b.hand.strength
        ? [1, 'Player A']
        : a.hand.strength < b.hand.strength
          ? [3, 'Player B']
          : [0, 'Tie'];
    return { code, winner, description: `A ${show(a)}, B ${show(b)}: ${winner}` };
  },
  markets: [
    ...player(
      'A',
      1,
      (h) => h.a,
      (h) => h.b,
    ),
    ...player(
      'B',
      3,
      (h) => h.b,
      (h) => h.a,
    ),
  ],
});

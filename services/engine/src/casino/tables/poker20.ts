import { buildShoe, type Card } from '@exch/contracts';
import { cardsTo, defineTable, paidByHand, take, TABLE_LIMITS, versus, type MarketRule } from './define.js';
import { pokerHand, type PokerCategory, type PokerHand } from './poker-hand.js';
import type { DealtCard } from './table.js';

/**
 * Poker 20-20: Texas hold'em, one deck, two hole cards each to Player A and Player B (dealt A, B, A,
 * B), then five board cards. Each player's hand is the best five of their two and the board's five;
 * the better hand wins at 1.98 and equal hands return the main bets. The 7 Card Bonus pays on a
 * player's own hand whoever wins, by its category (docs/casino.md).
 */
interface Seat {
  readonly hole: readonly Card[];
  readonly hand: PokerHand;
}
interface Hands {
  readonly a: Seat;
  readonly b: Seat;
  readonly board: readonly Card[];
}

export const SEVEN_CARD_BONUS: readonly { hand: PokerCategory; odds: number }[] = [
  { hand: 'Three of a Kind', odds: 400 },
  { hand: 'Straight', odds: 500 },
  { hand: 'Flush', odds: 700 },
  { hand: 'Full House', odds: 900 },
  { hand: 'Four of a Kind', odds: 3100 },
  { hand: 'Straight Flush', odds: 5100 },
  { hand: 'Royal Flush', odds: 10100 },
];

const seat = (deal: readonly DealtCard[], to: string, board: readonly Card[]): Seat => {
  const hole = cardsTo(deal, to);
  return { hole, hand: pokerHand([...hole, ...board]) };
};

const main = (
  name: 'A' | 'B',
  sid: number,
  mine: (h: Hands) => Seat,
  theirs: (h: Hands) => Seat,
): MarketRule<Hands> => ({
  sid,
  name: `Player ${name}`,
  group: 'Players',
  odds: 198,
  judge: (h) => versus(mine(h).hand.strength, theirs(h).hand.strength),
});

const bonus = (name: 'A' | 'B', sid: number, mine: (h: Hands) => Seat): MarketRule<Hands> => ({
  sid,
  name: `Player ${name} 7 Card Bonus`,
  group: '7 Card Bonus',
  odds: SEVEN_CARD_BONUS[0]!.odds,
  payTable: SEVEN_CARD_BONUS,
  judge: (h) => paidByHand(SEVEN_CARD_BONUS, mine(h).hand.category),
});

const a = (h: Hands) => h.a;
const b = (h: Hands) => h.b;

const show = (s: Seat) => `${s.hole.map((c) => c.code).join(' ')} (${s.hand.category})`;

export const poker20 = defineTable<Hands>({
  code: 'poker20',
  name: 'Poker 20-20',
  category: 21,
  midPrefix: '132',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  deal: (shuffled) =>
    Array.from({ length: 9 }, (_, i) => ({ card: take(shuffled, i), to: i >= 4 ? 'Board' : i % 2 === 0 ? 'A' : 'B' })),
  facts: (deal) => {
    const board = cardsTo(deal, 'Board');
    return { a: seat(deal, 'A', board), b: seat(deal, 'B', board), board };
  },
  headline: ({ a, b, board }) => {
    const [code, winner] =
      a.hand.strength > b.hand.strength
        ? [1, 'Player A']
        : a.hand.strength < b.hand.strength
          ? [2, 'Player B']
          : [0, 'Tie'];
    return {
      code,
      winner,
      description: `A ${show(a)}, B ${show(b)}, board ${board.map((c) => c.code).join(' ')}: ${winner}`,
    };
  },
  markets: [main('A', 1, a, b), main('B', 2, b, a), bonus('A', 3, a), bonus('B', 4, b)],
});

import { buildShoe, SUITS, type Card } from '@exch/contracts';
import { defineTable, take, TABLE_LIMITS, won } from './define.js';
import { colourMarkets, parityMarkets, rankMarkets } from './sides.js';

/**
 * Dragon Tiger 20-20: eight decks, one card to Dragon then one to Tiger, A low to K high. Equal ranks
 * are decided by suit, ♠ > ♥ > ♣ > ♦, so only the same card twice is a Tie (Dragon and Tiger lose);
 * Pair is any equal rank. Each side has Lucky 7's Even/Odd, Red/Black and card markets.
 */
interface Faces {
  readonly dragon: Card;
  readonly tiger: Card;
}

type Winner = 'Dragon' | 'Tiger' | 'Tie';
const CODES: Record<Winner, number> = { Dragon: 1, Tiger: 2, Tie: 3 };

// A lower SUITS index is the stronger suit.
const strength = (c: Card) => c.rank * SUITS.length + (SUITS.length - 1 - SUITS.indexOf(c.suit));
const winner = ({ dragon, tiger }: Faces): Winner =>
  strength(dragon) > strength(tiger) ? 'Dragon' : strength(dragon) < strength(tiger) ? 'Tiger' : 'Tie';

const dragon = (f: Faces) => f.dragon;
const tiger = (f: Faces) => f.tiger;

export const dt20 = defineTable<Faces>({
  code: 'dt20',
  name: 'Dragon Tiger 20-20',
  category: 23,
  midPrefix: '116',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(8),
  deal: (shuffled) => [
    { card: take(shuffled, 0), to: 'Dragon' },
    { card: take(shuffled, 1), to: 'Tiger' },
  ],
  facts: ([d, t]) => {
    if (!d || !t) throw new Error('dt20 deals two cards');
    return { dragon: d.card, tiger: t.card };
  },
  headline: (f) => ({
    code: CODES[winner(f)],
    winner: winner(f),
    description: `Dragon ${f.dragon.code}, Tiger ${f.tiger.code}: ${winner(f)}`,
  }),
  markets: [
    { sid: 1, name: 'Dragon', group: 'Dragon / Tiger', odds: 200, judge: (f) => won(winner(f) === 'Dragon') },
    { sid: 2, name: 'Tiger', group: 'Dragon / Tiger', odds: 200, judge: (f) => won(winner(f) === 'Tiger') },
    { sid: 3, name: 'Tie', group: 'Tie / Pair', odds: 5100, judge: (f) => won(winner(f) === 'Tie') },
    { sid: 4, name: 'Pair', group: 'Tie / Pair', odds: 1200, judge: (f) => won(f.dragon.rank === f.tiger.rank) },
    ...parityMarkets(5, dragon, 'Dragon '),
    ...colourMarkets(7, dragon, 'Dragon '),
    ...rankMarkets(9, dragon, 1200, 'Dragon '),
    ...parityMarkets(22, tiger, 'Tiger '),
    ...colourMarkets(24, tiger, 'Tiger '),
    ...rankMarkets(26, tiger, 1200, 'Tiger '),
  ],
});

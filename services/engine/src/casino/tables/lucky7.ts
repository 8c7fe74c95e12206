import { buildShoe, type Card } from '@exch/contracts';
import { defineTable, ONE_CARD, TABLE_LIMITS } from './define.js';
import { colourMarkets, parityMarkets, rankMarkets, sevenMarkets, theCard } from './sides.js';

/**
 * Lucky 7: one card. Low Card or High Card (8-K) at 2.00, a seven loses half of both; Even,
 * Odd, Red, Black and each rank at 12.00. One deck: every round shuffles a fresh shoe, so for one
 * card the live table's eight decks change nothing (docs/casino.md).
 */
export const lucky7 = defineTable<Card>({
  code: 'lucky7',
  name: 'Lucky 7',
  category: 27,
  midPrefix: '106',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  ...ONE_CARD,
  headline: (c) =>
    c.rank === 7
      ? { code: 0, winner: 'Seven', description: `${c.code}: a seven, Low and High lose half` }
      : c.rank < 7
        ? { code: 1, winner: 'Low Card', description: `${c.code}: low card` }
        : { code: 2, winner: 'High Card', description: `${c.code}: high card` },
  markets: [
    ...sevenMarkets(1, theCard, 'Low Card', 'High Card', 'Low / High'),
    ...parityMarkets(3, theCard),
    ...colourMarkets(5, theCard),
    ...rankMarkets(7, theCard, 1200),
  ],
});

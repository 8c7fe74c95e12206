import { buildShoe, type Card } from '@exch/contracts';
import { defineTable, ONE_CARD, TABLE_LIMITS, won } from './define.js';
import { colourMarkets, parityMarkets, rankMarkets, sevenMarkets, theCard } from './sides.js';

/**
 * Amar Akbar Anthony: one card. Amar A-6, Akbar 7-10, Anthony J-K, each priced to its chance
 * (6, 4 and 3 ranks in 13); the side markets are Lucky 7's, with Under/Over 7 for Low/High.
 */
const NAMES = ['Amar', 'Akbar', 'Anthony'] as const;
const whose = (c: Card): 0 | 1 | 2 => (c.rank <= 6 ? 0 : c.rank <= 10 ? 1 : 2);

export const aaa = defineTable<Card>({
  code: 'aaa',
  name: 'Amar Akbar Anthony',
  category: 32,
  midPrefix: '121',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  ...ONE_CARD,
  headline: (c) => ({ code: whose(c) + 1, winner: NAMES[whose(c)], description: `${c.code}: ${NAMES[whose(c)]}` }),
  markets: [
    { sid: 1, name: 'Amar', group: 'Amar Akbar Anthony', odds: 212, judge: (c) => won(whose(c) === 0) },
    { sid: 2, name: 'Akbar', group: 'Amar Akbar Anthony', odds: 315, judge: (c) => won(whose(c) === 1) },
    { sid: 3, name: 'Anthony', group: 'Amar Akbar Anthony', odds: 415, judge: (c) => won(whose(c) === 2) },
    ...parityMarkets(4, theCard),
    ...colourMarkets(6, theCard),
    ...rankMarkets(8, theCard, 1200),
    ...sevenMarkets(21, theCard, 'Under 7', 'Over 7', 'Under / Over 7'),
  ],
});

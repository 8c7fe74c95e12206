import { buildShoe, type Card } from '@exch/contracts';
import { defineTable, ONE_CARD, TABLE_LIMITS, won, type MarketRule } from './define.js';
import { colourMarkets, rankMarkets, theCard } from './sides.js';

/**
 * Bollywood Casino: one card from two decks of J, Q, K and A (32 cards). Six films share the 16
 * cards (CASINO-PAYMENTS.md section 2), each priced to its share of them at a 4-5% edge.
 */
const FILMS = [
  { name: 'Don', cards: ['AS'], odds: 1520 },
  { name: 'Amar Akbar Anthony', cards: ['AH', 'AD', 'AC'], odds: 510 },
  { name: 'Sahib Bibi Aur Ghulam', cards: ['KS', 'QS', 'JS'], odds: 510 },
  { name: 'Dharam Veer', cards: ['KD', 'KC'], odds: 760 },
  { name: 'Kis Kisko Pyaar Karoon', cards: ['KH', 'QC', 'QD', 'QH'], odds: 380 },
  { name: 'Ghulam', cards: ['JH', 'JC', 'JD'], odds: 510 },
] as const;

/** The film a card belongs to, 0-5 (results A-F, codes 1-6). */
const film = (c: Card): number => FILMS.findIndex((f) => (f.cards as readonly string[]).includes(c.code));

const ranksIn = (ranks: readonly number[]) => (c: Card) => won(ranks.includes(c.rank));

const filmMarkets: MarketRule<Card>[] = FILMS.map((f, i) => ({
  sid: i + 1,
  name: f.name,
  group: 'Films',
  odds: f.odds,
  judge: (c: Card) => won(film(c) === i),
}));

export const btable = defineTable<Card>({
  code: 'btable',
  name: 'Bollywood Casino',
  category: 32,
  midPrefix: '126',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(2, [11, 12, 13, 1]),
  ...ONE_CARD,
  headline: (c) => ({
    code: film(c) + 1,
    winner: FILMS[film(c)]!.name,
    description: `${c.code}: ${FILMS[film(c)]!.name}`,
  }),
  markets: [
    ...filmMarkets,
    { sid: 7, name: 'Odd', group: 'Odd', odds: 130, judge: ranksIn([11, 13, 1]) },
    { sid: 8, name: 'Dulha Dulhan (Q, K)', group: 'Dulha Dulhan / Barati', odds: 197, judge: ranksIn([12, 13]) },
    { sid: 9, name: 'Barati (A, J)', group: 'Dulha Dulhan / Barati', odds: 197, judge: ranksIn([1, 11]) },
    ...colourMarkets(10, theCard),
    ...rankMarkets(12, theCard, 375, '', [11, 12, 13, 1]),
  ],
});

import { buildShoe, SUITS, type Card, type Suit } from '@exch/contracts';
import { defineTable, take, TABLE_LIMITS, won, type MarketRule } from './define.js';
import type { DealtCard } from './table.js';

/**
 * Race 20-20: the four kings are the horses and stay on the start line; the other 48 cards (A to Q,
 * worth 1 to 12) are turned one by one, and each moves the king of its suit one step. The first king
 * to take five steps (the fifth card of its suit) wins, so a race deals 5 to 17 cards. Besides the
 * horses: the race's total cards and total points against a line, and how long it runs
 * (docs/casino.md).
 */
const RACE_STEPS = 5;
const HORSES: Record<Suit, string> = { S: 'K♠', H: 'K♥', C: 'K♣', D: 'K♦' };

interface Race {
  readonly winner: Suit;
  readonly cards: number;
  readonly points: number;
}

function deal(shuffled: readonly Card[]): DealtCard[] {
  const steps = new Map<Suit, number>(SUITS.map((s) => [s, 0]));
  const out: DealtCard[] = [];
  while (!SUITS.some((s) => steps.get(s) === RACE_STEPS)) {
    const card = take(shuffled, out.length);
    steps.set(card.suit, steps.get(card.suit)! + 1);
    out.push({ card, to: HORSES[card.suit] });
  }
  return out;
}

// The race stops on the winner's fifth card, so the last card dealt names the winner.
function facts(dealt: readonly DealtCard[]): Race {
  const last = dealt.at(-1);
  if (!last) throw new Error('no card dealt');
  return { winner: last.card.suit, cards: dealt.length, points: dealt.reduce((sum, d) => sum + d.card.rank, 0) };
}

/** The lines: 12.5 cards and 80.5 points, each side near an even chance (48.37% and 48.82% under). */
const CARDS_LINE = 12;
const POINTS_LINE = 80;

const horseMarkets: MarketRule<Race>[] = SUITS.map((s, i) => ({
  sid: i + 1,
  name: HORSES[s],
  group: 'Race',
  odds: 390,
  judge: (r: Race) => won(r.winner === s),
}));

/** Under and Over a line half a point above `line`, each at its own odds. */
const lineMarkets = (
  sid: number,
  what: string,
  line: number,
  [under, over]: [number, number],
  read: (r: Race) => number,
): MarketRule<Race>[] => [
  { sid, name: `${what} Under ${line}.5`, group: `Total ${what}`, odds: under, judge: (r) => won(read(r) <= line) },
  {
    sid: sid + 1,
    name: `${what} Over ${line}.5`,
    group: `Total ${what}`,
    odds: over,
    judge: (r) => won(read(r) > line),
  },
];

// Chances 0.19%, 0.77%, 1.94% and 21.39% (docs/casino.md), priced at an edge of 6-8%.
const lengthMarkets: MarketRule<Race>[] = [
  { sid: 9, name: 'Win with 5', group: 'Win with', odds: 50_000, judge: (r) => won(r.cards === 5) },
  { sid: 10, name: 'Win with 6', group: 'Win with', odds: 12_000, judge: (r) => won(r.cards === 6) },
  { sid: 11, name: 'Win with 7', group: 'Win with', odds: 4800, judge: (r) => won(r.cards === 7) },
  { sid: 12, name: 'Win with 15+', group: 'Win with', odds: 440, judge: (r) => won(r.cards >= 15) },
];

export const race20 = defineTable<Race>({
  code: 'race20',
  name: 'Race 20-20',
  category: 41,
  midPrefix: '140',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  deal,
  facts,
  headline: (r) => ({
    code: SUITS.indexOf(r.winner) + 1,
    winner: HORSES[r.winner],
    description: `${HORSES[r.winner]} wins with ${r.cards} cards, ${r.points} points`,
  }),
  markets: [
    ...horseMarkets,
    ...lineMarkets(5, 'Cards', CARDS_LINE, [202, 189], (r) => r.cards),
    ...lineMarkets(7, 'Points', POINTS_LINE, [200, 190], (r) => r.points),
    ...lengthMarkets,
  ],
});

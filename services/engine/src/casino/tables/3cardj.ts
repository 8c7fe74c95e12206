import { buildShoe, rankLabel, type Card, type Rank } from '@exch/contracts';
import { cardsTo, defineTable, take, TABLE_LIMITS, won, type MarketRule } from './define.js';

/**
 * 3 Cards Judgement: one deck, the dealer turns three cards. A bet picks one to three card ranks
 * (A to K) and backs Yes (at least one of the three cards is of a picked rank) or No (none is); the
 * price depends on how many ranks it picks (docs/casino.md). The ranks travel with the bet, so each
 * market is one side and one count, judged bet by bet on the ranks the bet named.
 */
interface Dealt {
  readonly cards: readonly Card[];
  readonly ranks: ReadonlySet<Rank>;
}

const SEAT = 'Dealer';

/** Odds in hundredths by how many ranks are picked: about 3% to the house on each (docs/casino.md). */
export const JUDGEMENT_ODDS = {
  Yes: { 1: 445, 2: 242, 3: 175 },
  No: { 1: 124, 2: 162, 3: 217 },
} as const;
const COUNTS = [1, 2, 3] as const;

const hit = (f: Dealt, ranks: readonly Rank[]) => ranks.some((r) => f.ranks.has(r));

const markets: MarketRule<Dealt>[] = (['Yes', 'No'] as const).flatMap((side, s) =>
  COUNTS.map((picks) => ({
    sid: s * COUNTS.length + picks,
    name: `${side} ${picks} card${picks > 1 ? 's' : ''}`,
    group: side,
    odds: JUDGEMENT_ODDS[side][picks],
    picks,
    judge: (f: Dealt, ranks: readonly Rank[]) => won(hit(f, ranks) === (side === 'Yes')),
  })),
);

export const judgement = defineTable<Dealt>({
  code: '3cardj',
  name: '3 Cards Judgement',
  category: 28,
  midPrefix: '128',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  deal: (shuffled) => [0, 1, 2].map((i) => ({ card: take(shuffled, i), to: SEAT })),
  facts: (deal) => {
    const cards = cardsTo(deal, SEAT);
    if (cards.length !== 3) throw new Error('3cardj deals three cards');
    return { cards, ranks: new Set(cards.map((c) => c.rank)) };
  },
  // No side wins: the result is the three ranks, smallest first; its code how many differ (1-3).
  headline: (f) => {
    const ranks = f.cards.map((c) => c.rank).sort((a, b) => a - b);
    const repeated = ranks.find((r, i) => ranks.indexOf(r) !== i);
    const shape =
      f.ranks.size === 3
        ? 'three different ranks'
        : `${f.ranks.size === 2 ? 'a pair' : 'three of a rank'} (${rankLabel(repeated!)})`;
    return {
      code: f.ranks.size,
      winner: ranks.map(rankLabel).join(' '),
      description: `${f.cards.map((c) => c.code).join(' ')}: ${shape}`,
    };
  },
  markets,
});

import { buildShoe, RANKS, rankLabel, type Card, type Rank } from '@exch/contracts';
import { defineTable, take, TABLE_LIMITS, won, type MarketRule } from './define.js';
import type { DealtCard } from './table.js';

/**
 * Andar Bahar 20-20: one deck dealt Bahar, Andar, Bahar, Andar ... until every rank has shown. A
 * bet on "Andar 7" or "Bahar 7" wins at 2.00 if the first 7 lands on that side; a rank whose first
 * card is Bahar's very first card pays 25% of that (1.25), since Bahar is dealt first
 * (CASINO-PAYMENTS.md section 2; docs/casino.md).
 */
type Side = 'Andar' | 'Bahar';
interface FirstSeen {
  readonly side: Side;
  /** It was the round's first card, Bahar's first. */
  readonly opening: boolean;
}
/** Where each rank first showed. */
type Firsts = ReadonlyMap<Rank, FirstSeen>;

const sideOf = (i: number): Side => (i % 2 === 0 ? 'Bahar' : 'Andar');
const BAHAR_FIRST_CARD = 125;

function deal(shuffled: readonly Card[]): DealtCard[] {
  const out: DealtCard[] = [];
  const seen = new Set<Rank>();
  while (seen.size < RANKS.length) {
    const card = take(shuffled, out.length);
    seen.add(card.rank);
    out.push({ card, to: sideOf(out.length) });
  }
  return out;
}

function facts(dealt: readonly DealtCard[]): Firsts {
  const firsts = new Map<Rank, FirstSeen>();
  dealt.forEach(({ card }, i) => {
    if (!firsts.has(card.rank)) firsts.set(card.rank, { side: sideOf(i), opening: i === 0 });
  });
  return firsts;
}

const firstOf = (f: Firsts, rank: Rank): FirstSeen => {
  const seen = f.get(rank);
  if (!seen) throw new Error(`ab20: rank ${rankLabel(rank)} was not dealt`);
  return seen;
};

const sideMarkets = (side: Side, sid: number): MarketRule<Firsts>[] =>
  RANKS.map((rank, i) => ({
    sid: sid + i,
    name: `${side} ${rankLabel(rank)}`,
    group: side,
    odds: 200,
    ...(side === 'Bahar' && {
      payTable: [
        { hand: 'Bahar 1st card', odds: BAHAR_FIRST_CARD },
        { hand: 'Any later card', odds: 200 },
      ],
    }),
    judge: (f: Firsts) => {
      const first = firstOf(f, rank);
      return first.opening && first.side === side
        ? { outcome: 'win', odds: BAHAR_FIRST_CARD }
        : won(first.side === side);
    },
  }));

const ranksOn = (f: Firsts, side: Side) => RANKS.filter((r) => firstOf(f, r).side === side).map(rankLabel);

export const ab20 = defineTable<Firsts>({
  code: 'ab20',
  name: 'Andar Bahar 20-20',
  category: 26,
  midPrefix: '123',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  deal,
  facts,
  // No one side wins (the feed's result code is always 0): the round names where each rank fell.
  headline: (f) => ({
    code: 0,
    winner: `Andar ${ranksOn(f, 'Andar').length}, Bahar ${ranksOn(f, 'Bahar').length}`,
    description: `Andar ${ranksOn(f, 'Andar').join(' ')}; Bahar ${ranksOn(f, 'Bahar').join(' ')}`,
  }),
  markets: [...sideMarkets('Andar', 1), ...sideMarkets('Bahar', 14)],
});

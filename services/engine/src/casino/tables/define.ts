import type { Card, Paise, Rank } from '@exch/contracts';
import type { DealtCard, MarketDefinition, MarketOutcome, MarketResult, ShoeItem, TableDefinition } from './table.js';

/**
 * What every table module writes, and `defineTable`, which turns it into a TableDefinition: the
 * table reads its facts from the deal once, and each market judges those facts. Adding a table is
 * one file of rules and its tests.
 */

/** A win at odds of its own: a market that pays by hand (Pair Plus) or by position (Bahar 1st card). */
export interface PaidAt {
  readonly outcome: 'win';
  readonly odds: number;
}

export interface MarketRule<F> extends MarketDefinition {
  /** `ranks` are the ranks a bet on a market with `picks` named; no other market reads them. */
  judge(facts: F, ranks: readonly Rank[]): MarketOutcome | PaidAt;
}

export interface Headline {
  readonly code: number;
  readonly winner: string;
  readonly description: string;
}

/** `T`: what the shoe holds, cards unless said (roulette's wheel holds pockets). */
export interface TableRules<F, T extends ShoeItem = Card>
  extends Omit<TableDefinition<T>, 'markets' | 'result' | 'judgePick'> {
  /** What the markets are judged on, read once from the deal. */
  facts(deal: readonly DealtCard<T>[]): F;
  headline(facts: F): Headline;
  readonly markets: readonly MarketRule<F>[];
}

export function defineTable<F, T extends ShoeItem = Card>(rules: TableRules<F, T>): TableDefinition<T> {
  const { facts, headline, markets, ...table } = rules;
  if (new Set(markets.map((m) => m.sid)).size !== markets.length)
    throw new Error(`${table.code}: two markets share a sid`);
  return {
    ...table,
    markets: markets.map(({ judge: _judge, ...market }) => market),
    result(deal) {
      const f = facts(deal);
      return {
        ...headline(f),
        markets: markets.filter((m) => m.picks === undefined).map((m) => resultOf(m.sid, m.judge(f, []))),
      };
    },
    judgePick(deal, sid, ranks) {
      const market = markets.find((m) => m.sid === sid && m.picks !== undefined);
      if (!market || ranks.length !== market.picks)
        throw new Error(`${table.code}: no market ${sid} for ${ranks.length} ranks`);
      return resultOf(sid, market.judge(facts(deal), ranks));
    },
  };
}

const resultOf = (sid: number, verdict: MarketOutcome | PaidAt): MarketResult =>
  typeof verdict === 'string' ? { sid, outcome: verdict } : { sid, ...verdict };

export const won = (yes: boolean): MarketOutcome => (yes ? 'win' : 'lose');

/** A main bet on one of two hands: the stronger wins, equal hands return it (Teen Patti, Poker 20-20). */
export const versus = (mine: number, theirs: number): MarketOutcome => (mine === theirs ? 'push' : won(mine > theirs));

/** A market that pays by hand (Pair Plus, 7 Card Bonus): the odds of `hand` in its pay table, else a loss. */
export function paidByHand(payTable: readonly { hand: string; odds: number }[], hand: string): PaidAt | 'lose' {
  const paid = payTable.find((p) => p.hand === hand);
  return paid ? { outcome: 'win', odds: paid.odds } : 'lose';
}

/** The same limits on every table for now: ₹100 to ₹1,00,000 a bet (docs/casino.md). */
export const TABLE_LIMITS: { readonly minStake: Paise; readonly maxStake: Paise } = {
  minStake: 10_000,
  maxStake: 10_000_000,
};

/** The shuffled shoe's card at `i`; a deal that runs past the shoe is a bug in the table, not a result. */
export function take<T extends ShoeItem>(shuffled: readonly T[], i: number): T {
  const c = shuffled[i];
  if (!c) throw new Error(`deal needs card ${i + 1} of a ${shuffled.length}-card shoe`);
  return c;
}

/** The cards dealt to one place, in reveal order. */
export const cardsTo = (deal: readonly DealtCard[], to: string): Card[] =>
  deal.filter((d) => d.to === to).map((d) => d.card);

/** Lucky 7, Amar Akbar Anthony and Bollywood deal one card, and judge that card. */
export const ONE_CARD = {
  deal: (shuffled: readonly Card[]): DealtCard[] => [{ card: take(shuffled, 0), to: 'Card' }],
  facts: (deal: readonly DealtCard[]): Card => {
    const [only] = deal;
    if (!only) throw new Error('no card dealt');
    return only.card;
  },
};

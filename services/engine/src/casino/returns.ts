import type { MarketResult, RoundResult, ShoeItem, TableDefinition } from './tables/table.js';

/**
 * Return to player: what a back bet of 1 gets back on average, stake included (0.98 = a 2% house
 * edge). Used by the tests and scripts/casino-edges.ts, never while dealing.
 */

/** What a stake of 1 gets back under one result. */
export function returnOf(result: MarketResult, odds: number): number {
  const price = (result.odds ?? odds) / 100;
  switch (result.outcome) {
    case 'win':
      return price;
    case 'half-win':
      return 1 + (price - 1) / 2;
    case 'push':
      return 1;
    case 'half-lose':
      return 0.5;
    case 'lose':
      return 0;
  }
}

/**
 * Outcomes summed with their probabilities: each result code's chance, each market's chance of
 * paying (a win or half-win) and each market's return, by sid.
 */
export class Tally {
  readonly codes = new Map<number, number>();
  readonly wins = new Map<number, number>();
  readonly rtp = new Map<number, number>();
  private readonly odds: ReadonlyMap<number, number>;

  constructor(table: TableDefinition) {
    this.odds = new Map(table.markets.map((m) => [m.sid, m.odds]));
  }

  add(result: RoundResult, weight: number): void {
    this.addCode(result.code, weight);
    for (const r of result.markets) this.addMarket(r, weight);
  }

  addCode(code: number, weight: number): void {
    bump(this.codes, code, weight);
  }

  addMarket(result: MarketResult, weight: number): void {
    bump(this.wins, result.sid, result.outcome === 'win' || result.outcome === 'half-win' ? weight : 0);
    bump(this.rtp, result.sid, weight * returnOf(result, this.odds.get(result.sid)!));
  }
}

const bump = (m: Map<number, number>, k: number, by: number) => m.set(k, (m.get(k) ?? 0) + by);

/**
 * Exact, by walking every distinct deal card by card with its probability (drawing without
 * replacement from the table's shoe). At each position cards are told apart only by `key`: a table
 * whose results depend on ranks passes the rank, and baccarat's third cards count by points alone.
 * A key may lump together at a later position cards that an earlier one told apart, never the
 * reverse (which card of a lump is drawn must change nothing later). Feasible for deals of a few
 * cards; sums in floating point.
 */
export function enumerateReturns<T extends ShoeItem>(
  table: TableDefinition<T>,
  key: (c: T, position: number) => string | number = (c) => c.code,
): Tally {
  const shoe = table.shoe();
  const left = new Map<T, number>();
  for (const c of shoe) left.set(c, (left.get(c) ?? 0) + 1);
  const tally = new Tally(table);
  // Past `depth` the buffer holds stale cards: the deal only reads them when it needs more cards than
  // the walk has chosen, and then that deal is not kept.
  const buffer = shoe.slice();
  const visit = (depth: number, weight: number) => {
    const dealt = table.deal(buffer);
    if (dealt.length <= depth) return tally.add(table.result(dealt), weight);
    const kinds = new Map<string | number, { card: T; count: number }>();
    for (const [c, n] of left) {
      if (n === 0) continue;
      const kind = kinds.get(key(c, depth));
      if (kind) kind.count += n;
      else kinds.set(key(c, depth), { card: c, count: n });
    }
    for (const { card, count } of kinds.values()) {
      buffer[depth] = card;
      left.set(card, left.get(card)! - 1);
      visit(depth + 1, (weight * count) / (shoe.length - depth));
      left.set(card, left.get(card)! + 1);
    }
  };
  visit(0, 1);
  return tally;
}

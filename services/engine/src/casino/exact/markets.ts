import { Tally } from '../returns.js';
import type { MarketDefinition, TableDefinition } from '../tables/table.js';

export const marketOf = (table: TableDefinition, name: string): MarketDefinition => {
  const market = table.markets.find((m) => m.name === name);
  if (!market) throw new Error(`${table.code} has no market ${name}`);
  return market;
};

/**
 * Player A against Player B from one deck, alike by symmetry: each wins (1 - tie) / 2 (result codes
 * 1 and `bCode`, 0 a tie), the main bets are returned on a tie, and each player's hand-paid market
 * (named by `side`) follows the chances of the hand categories.
 */
export function twoHands(
  table: TableDefinition,
  bCode: number,
  tie: number,
  side: (seat: string) => string,
  chances: readonly (readonly [string, number])[],
): Tally {
  const win = (1 - tie) / 2;
  const tally = new Tally(table);
  tally.addCode(1, win);
  tally.addCode(bCode, win);
  tally.addCode(0, tie);
  for (const seat of ['A', 'B']) {
    const main = marketOf(table, `Player ${seat}`).sid;
    tally.addMarket({ sid: main, outcome: 'win' }, win);
    tally.addMarket({ sid: main, outcome: 'push' }, tie);
    tally.addMarket({ sid: main, outcome: 'lose' }, win);
    const market = marketOf(table, side(seat));
    for (const [category, chance] of chances) {
      const paid = market.payTable?.find((p) => p.hand === category);
      tally.addMarket(
        paid ? { sid: market.sid, outcome: 'win', odds: paid.odds } : { sid: market.sid, outcome: 'lose' },
        chance,
      );
    }
  }
  return tally;
}

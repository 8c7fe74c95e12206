import { buildShoe } from '@exch/contracts';
import { Tally } from '../returns.js';
import type { DealtCard, TableDefinition } from '../tables/table.js';
import { WAR_PLAYERS } from '../tables/war.js';
import { choose } from './counting.js';

/**
 * Casino War: each player's markets depend only on their own card and the dealer's, a uniformly
 * random ordered pair of two cards of the deck. So every pair is dealt to all six seats at once
 * through the table's own result (each seat's markets then judge the same pair; which seat is
 * which changes nothing). The result code, how many players beat the dealer, is hypergeometric: a
 * dealer of value v (2-14, ace high) leaves 4 × (14 - v) higher cards among the other 51.
 */
export function casinoWar(table: TableDefinition): Tally {
  const deck = buildShoe(1);
  const tally = new Tally(table);
  const pairs = deck.length * (deck.length - 1);
  for (const dealer of deck)
    for (const mine of deck) {
      if (mine === dealer) continue;
      const deal: DealtCard[] = [
        ...WAR_PLAYERS.map((n) => ({ card: mine, to: `Player ${n}` })),
        { card: dealer, to: 'Dealer' },
      ];
      for (const m of table.result(deal).markets) tally.addMarket(m, 1 / pairs);
    }
  const seats = WAR_PLAYERS.length;
  for (let value = 2; value <= 14; value++) {
    const higher = 4 * (14 - value);
    for (let k = 0; k <= seats; k++)
      tally.addCode(k, ((1 / 13) * choose(higher, k) * choose(51 - higher, seats - k)) / choose(51, seats));
  }
  return tally;
}

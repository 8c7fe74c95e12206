import { enumerateReturns, type Tally } from '../returns.js';
import { baccarat } from '../tables/baccarat.js';
import type { TableDefinition } from '../tables/table.js';
import { judgement } from './3cardj.js';
import { andarBahar } from './ab20.js';
import { thirtyTwoCards } from './card32.js';
import { holdem } from './poker20.js';
import { race } from './race20.js';
import { teenPatti } from './teen20.js';
import { casinoWar } from './war.js';

/**
 * Every market's exact return and every result's exact chance (docs/casino.md "House edge"). Tables
 * that deal a few cards are walked deal by deal through their own deal and result. Teen Patti
 * 20-20, Andar Bahar 20-20 and 32 Cards deal too many cards for that, so their chances are worked
 * out in this folder (a file per table) from the rules, independently of the tables' code: the
 * statistical test then checks the tables' dealt rounds against them.
 */
export function exactReturns(table: TableDefinition): Tally {
  switch (table.code) {
    case 'teen20':
      return teenPatti(table);
    case 'ab20':
      return andarBahar(table);
    case 'card32':
      return thirtyTwoCards(table);
    case 'race20':
      return race(table);
    case 'war':
      return casinoWar(table);
    case 'poker20':
      return holdem(table);
    case '3cardj':
      return judgement(table);
    case 'baccarat':
      // Suits decide nothing; after the four cards that make pairs, only points do (10 and pictures alike).
      // The module itself, not `table`: the key reads ranks, which only a table typed as dealing cards has.
      return enumerateReturns(baccarat, (c, position) => (position < 4 ? c.rank : c.rank >= 10 ? 0 : c.rank));
    default:
      return enumerateReturns(table);
  }
}

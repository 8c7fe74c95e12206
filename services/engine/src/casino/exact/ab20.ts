import { RANKS, rankLabel } from '@exch/contracts';
import { Tally } from '../returns.js';
import type { TableDefinition } from '../tables/table.js';
import { choose } from './counting.js';
import { marketOf } from './markets.js';

/**
 * A rank's first card lands at position k (0-based, Bahar on even k) with chance C(51 - k, 3) / C(52, 4):
 * the other three of its four cards come later. Position 0 pays Bahar at its 1st-card odds.
 */
export function andarBahar(table: TableDefinition): Tally {
  let bahar = 0;
  for (let k = 0; k <= 48; k += 2) bahar += choose(51 - k, 3) / choose(52, 4);
  const opening = choose(51, 3) / choose(52, 4);
  const tally = new Tally(table);
  tally.addCode(0, 1);
  for (const rank of RANKS) {
    const andarSid = marketOf(table, `Andar ${rankLabel(rank)}`).sid;
    const baharMarket = marketOf(table, `Bahar ${rankLabel(rank)}`);
    tally.addMarket({ sid: andarSid, outcome: 'win' }, 1 - bahar);
    tally.addMarket({ sid: andarSid, outcome: 'lose' }, bahar);
    tally.addMarket({ sid: baharMarket.sid, outcome: 'win', odds: baharMarket.payTable![0]!.odds }, opening);
    tally.addMarket({ sid: baharMarket.sid, outcome: 'win' }, bahar - opening);
    tally.addMarket({ sid: baharMarket.sid, outcome: 'lose' }, 1 - bahar);
  }
  return tally;
}

import { buildShoe, RANKS, type Rank } from '@exch/contracts';
import { Tally } from '../returns.js';
import type { DealtCard, TableDefinition } from '../tables/table.js';

/** Every set of `k` different ranks, each ascending. */
function rankPicks(k: number, from = 0): Rank[][] {
  if (k === 0) return [[]];
  return RANKS.slice(from).flatMap((r, i) => rankPicks(k - 1, from + i + 1).map((rest) => [r, ...rest]));
}

/**
 * 3 Cards Judgement: all C(52, 3) = 22,100 sets of three cards (the order they are turned in decides
 * nothing), counted by the ranks they show (suits decide nothing either), then each such deal judged
 * through the table's own judgePick for every pick its markets take, all C(13, k) picks of k ranks
 * weighing alike; the result code from the table's own result.
 */
export function judgement(table: TableDefinition): Tally {
  const deck = buildShoe(1);
  const byRanks = new Map<string, { deal: DealtCard[]; n: number }>();
  let deals = 0;
  for (let i = 0; i < deck.length; i++)
    for (let j = i + 1; j < deck.length; j++)
      for (let l = j + 1; l < deck.length; l++) {
        const cards = [deck[i]!, deck[j]!, deck[l]!];
        const key = cards.map((c) => c.rank).join(' ');
        const held = byRanks.get(key) ?? { deal: cards.map((card) => ({ card, to: 'Dealer' })), n: 0 };
        held.n++;
        byRanks.set(key, held);
        deals++;
      }
  const tally = new Tally(table);
  const picked = table.markets.map((m) => ({ sid: m.sid, picks: rankPicks(m.picks ?? 0) }));
  for (const { deal, n } of byRanks.values()) {
    tally.addCode(table.result(deal).code, n / deals);
    for (const { sid, picks } of picked)
      for (const ranks of picks) tally.addMarket(table.judgePick(deal, sid, ranks), n / deals / picks.length);
  }
  return tally;
}

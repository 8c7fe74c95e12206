import { Tally } from '../returns.js';
import type { TableDefinition } from '../tables/table.js';
import { choose } from './counting.js';
import { marketOf } from './markets.js';

/**
 * Race 20-20: the chance of every way the race can stand (cards of each suit so far) when its winner
 * takes the fifth step, suit by suit off the 48 cards, merged by standing. Given how many cards of a
 * suit came, they are any that many of its 12 ranks alike, so the points are the sum of each suit's
 * distribution of k distinct ranks from 1 to 12.
 */
export function race(table: TableDefinition): Tally {
  const [HORSES, PER_SUIT, STEPS] = [4, 12, 5];
  // sums[k]: the chance of each total of k distinct ranks from 1 to 12.
  let counts: Map<number, number>[] = [new Map([[0, 1]])];
  for (let rank = 1; rank <= PER_SUIT; rank++)
    counts = [...counts, new Map()].map((m, k) => {
      const next = new Map(m);
      for (const [sum, n] of counts[k - 1] ?? []) next.set(sum + rank, (next.get(sum + rank) ?? 0) + n);
      return next;
    });
  const sums = counts.map((m, k) => new Map([...m].map(([sum, n]) => [sum, n / choose(PER_SUIT, k)])));
  const ending: { winner: number; cards: number; points: Map<number, number>; p: number }[] = [];
  let standings = new Map<string, number>([['0,0,0,0', 1]]);
  for (let dealt = 0; standings.size > 0; dealt++) {
    const next = new Map<string, number>();
    for (const [key, p] of standings) {
      const steps = key.split(',').map(Number);
      for (let s = 0; s < HORSES; s++) {
        const q = (p * (PER_SUIT - steps[s]!)) / (HORSES * PER_SUIT - dealt);
        const after = steps.map((n, i) => (i === s ? n + 1 : n));
        if (after[s] === STEPS) {
          let points = new Map([[0, 1]]);
          for (const k of after) {
            const added = new Map<number, number>();
            for (const [a, pa] of points)
              for (const [b, pb] of sums[k]!) added.set(a + b, (added.get(a + b) ?? 0) + pa * pb);
            points = added;
          }
          ending.push({ winner: s, cards: dealt + 1, points, p: q });
        } else next.set(after.join(','), (next.get(after.join(',')) ?? 0) + q);
      }
    }
    standings = next;
  }
  const tally = new Tally(table);
  const market = (name: string, chance: number) => {
    const sid = marketOf(table, name).sid;
    tally.addMarket({ sid, outcome: 'win' }, chance);
    tally.addMarket({ sid, outcome: 'lose' }, 1 - chance);
  };
  const chance = (when: (e: (typeof ending)[number]) => boolean) =>
    ending.filter(when).reduce((sum, e) => sum + e.p, 0);
  const pointsChance = (when: (points: number) => boolean) =>
    ending.reduce((sum, e) => sum + e.p * [...e.points].reduce((s, [pts, pp]) => s + (when(pts) ? pp : 0), 0), 0);
  ['K♠', 'K♥', 'K♣', 'K♦'].forEach((horse, s) => {
    tally.addCode(
      s + 1,
      chance((e) => e.winner === s),
    );
    market(
      horse,
      chance((e) => e.winner === s),
    );
  });
  market(
    'Cards Under 12.5',
    chance((e) => e.cards <= 12),
  );
  market(
    'Cards Over 12.5',
    chance((e) => e.cards > 12),
  );
  market(
    'Points Under 80.5',
    pointsChance((pts) => pts <= 80),
  );
  market(
    'Points Over 80.5',
    pointsChance((pts) => pts > 80),
  );
  for (const n of [5, 6, 7])
    market(
      `Win with ${n}`,
      chance((e) => e.cards === n),
    );
  market(
    'Win with 15+',
    chance((e) => e.cards >= 15),
  );
  return tally;
}

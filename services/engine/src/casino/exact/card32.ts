import { Tally } from '../returns.js';
import type { TableDefinition } from '../tables/table.js';
import { marketOf } from './markets.js';

/**
 * 32 Cards: the first round's 4,096 draws (6-13 points, four of each) one by one. Players level on
 * the top total are alike from then on, so each wins an equal share of the chance that the shoe
 * separates them before it runs out; the chance that it does not (a void) is worked out tie round
 * by tie round, memoised on the cards left.
 */
export function thirtyTwoCards(table: TableDefinition): Tally {
  const players = [8, 9, 10, 11];
  const memo = new Map<number, number>();
  // The chance that `level` players on equal totals are still level when the shoe cannot deal them all a card.
  const voidChance = (left: number[], level: number): number => {
    if (left.reduce((a, b) => a + b, 0) < level) return 1;
    const key = left.reduce((k, count) => k * 5 + count, level); // counts are 0-4
    let chance = memo.get(key);
    if (chance === undefined) {
      chance = 0;
      forEachHand(left, level, (atTop, p) => (chance! += p * voidChance(left, atTop)));
      memo.set(key, chance);
    }
    return chance;
  };
  const tally = new Tally(table);
  const left = [4, 4, 4, 4, 4, 4, 4, 4];
  forEachDraw(left, players.length, (drawn, p) => {
    const totals = players.map((n, i) => n + drawn[i]!);
    const level = players.filter((_, i) => totals[i] === Math.max(...totals));
    const none = level.length === 1 ? 0 : voidChance(left, level.length);
    tally.addCode(0, p * none);
    players.forEach((player, i) => {
      const sid = marketOf(table, `Player ${player}`).sid;
      const share = level.includes(player) ? (p * (1 - none)) / level.length : 0;
      tally.addCode(i + 1, share);
      tally.addMarket({ sid, outcome: 'win' }, share);
      tally.addMarket({ sid, outcome: 'push' }, p * none);
      tally.addMarket({ sid, outcome: 'lose' }, p - share - p * none);
    });
  });
  return tally;
}

/**
 * Every way `n` cards can come off a shoe holding `left[v]` cards worth 6 + v, in order, with its
 * chance. While `each` runs, `left` lacks the drawn cards; it is restored afterwards.
 */
function forEachDraw(left: number[], n: number, each: (drawn: number[], p: number) => void): void {
  const drawn: number[] = [];
  const step = (p: number, remaining: number) => {
    if (drawn.length === n) return each(drawn, p);
    left.forEach((count, v) => {
      if (count === 0) return;
      left[v]!--;
      drawn.push(6 + v);
      step((p * count) / remaining, remaining - 1);
      drawn.pop();
      left[v]!++;
    });
  };
  step(
    1,
    left.reduce((a, b) => a + b, 0),
  );
}

/**
 * The same for players level on their totals, where only the drawn cards as a set matter: each set
 * once, with the chance of it in any order, and how many of them share the top value. Sets whose
 * top value is drawn once end the tie, so they are skipped.
 */
function forEachHand(left: number[], n: number, each: (atTop: number, p: number) => void): void {
  const total = left.reduce((a, b) => a + b, 0);
  // n! * prod(falling(left[v], m_v) / m_v!) / falling(total, n), built up value by value from the top.
  let orders = 1;
  for (let i = 2; i <= n; i++) orders *= i;
  for (let i = 0; i < n; i++) orders /= total - i;
  const pick = (v: number, need: number, p: number, atTop: number) => {
    if (atTop === 1) return;
    if (need === 0) return each(atTop, p);
    if (v < 0) return;
    for (let m = 0, q = p; m <= Math.min(need, left[v]!); q = (q * (left[v]! - m)) / (m + 1), m++) {
      left[v]! -= m;
      pick(v - 1, need - m, q, atTop || m);
      left[v]! += m;
    }
  };
  pick(left.length - 1, n, orders, 0);
}

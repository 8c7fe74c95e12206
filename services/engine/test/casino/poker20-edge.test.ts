import t from 'tap';
import { exactReturns } from '../../src/casino/exact/index.js';
import { poker20 } from '../../src/casino/tables/poker20.js';

/**
 * Poker 20-20's exact returns (exact/poker20.ts judges some 145 million hands, a minute or more on a busy
 * machine, slower under coverage), apart from house-edge.test.ts; this file asks the runner for 20
 * minutes instead of its 5.
 */
t.setTimeout(1_200_000);
const { codes, rtp } = exactReturns(poker20);
const returnOf = (name: string) => rtp.get(poker20.markets.find((m) => m.name === name)!.sid)!;
const close = (actual: number, expected: number, what: string) =>
  t.ok(Math.abs(actual - expected) <= 1e-10, `${what}: ${actual} ≈ ${expected}`);

// The bonus: the published counts of seven-card hands among C(52, 7) = 133,784,560.
const bonus =
  (4 * 6_461_620 + 5 * 6_180_020 + 7 * 4_047_644 + 9 * 3_473_184 + 31 * 224_848 + 51 * 37_260 + 101 * 4_324) /
  133_784_560;
close(returnOf('Player A 7 Card Bonus'), bonus, '7 Card Bonus');
close(returnOf('Player B 7 Card Bonus'), bonus, '7 Card Bonus B');
// The split, from the board classes (statistics.test.ts deals it); the main bets follow from it.
const split = codes.get(0)!;
close(split, 0.04067413407885291, 'split');
close(codes.get(1)!, (1 - split) / 2, 'Player A wins');
close(returnOf('Player A'), (1.98 * (1 - split)) / 2 + split, 'Player A');
close(returnOf('Player B'), (1.98 * (1 - split)) / 2 + split, 'Player B');
close(
  [...codes.values()].reduce((a, b) => a + b, 0),
  1,
  'results',
);
for (const m of poker20.markets) t.ok(rtp.get(m.sid)! < 1 && rtp.get(m.sid)! > 0.8, `${m.name} has a house edge`);

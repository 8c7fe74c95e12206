import t from 'tap';
import { createHash } from 'node:crypto';
import { shuffleWithNodeCrypto } from '../../src/casino/fair-node.js';
import { choose } from '../../src/casino/exact/counting.js';
import { tableByCode } from '../../src/casino/index.js';
import { judgement } from '../../src/casino/tables/3cardj.js';
import type { DealtCard, RoundResult, ShoeItem } from '../../src/casino/tables/table.js';

/**
 * Rounds dealt through the fair shuffle from fixed seeds (seed k = SHA-256 of "code:k", client seed
 * = the table's prefix and k) come out as often as the exact chances say, within 4 standard errors.
 * The chances are written out here: fractions by hand, baccarat's published figures, 32 Cards'
 * from an independent computation (house-edge.test.ts checks exact/ gives the same).
 */
const byCode = (result: RoundResult) => [`result ${result.code}`];
const teenTie = 450_528 / (22_100 * 18_424);
const bahar = (1 + 10_725 / 270_725) / 2;
// Casino War: how many of the six players beat the dealer, for a dealer of value 2..14 (A high), each 1/13.
const warWinners = (k: number) =>
  Array.from({ length: 13 }, (_, i) => 4 * (12 - i)).reduce(
    (sum, higher) => sum + (choose(higher, k) * choose(51 - higher, 6 - k)) / choose(51, 6) / 13,
    0,
  );
// Poker 20-20: A and B split 4.07% of the pots (exact/poker20.ts); A's bonus by the published counts of
// seven-card hands.
const pokerTie = 0.04067413407885291;
const sevenCards = (count: number) => count / 133_784_560;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

const CASES: {
  code: string;
  rounds: number;
  seen?: (r: RoundResult, deal: readonly DealtCard<ShoeItem>[]) => string[];
  chances: Record<string, number>;
}[] = [
  {
    code: 'teen20',
    rounds: 20_000,
    chances: { 'result 1': (1 - teenTie) / 2, 'result 3': (1 - teenTie) / 2, 'result 0': teenTie },
  },
  { code: 'dt20', rounds: 10_000, chances: { 'result 1': 204 / 415, 'result 2': 204 / 415, 'result 3': 7 / 415 } },
  { code: 'lucky7', rounds: 20_000, chances: { 'result 1': 6 / 13, 'result 2': 6 / 13, 'result 0': 1 / 13 } },
  {
    code: 'ab20',
    rounds: 20_000,
    // Each rank's first card: on Bahar, and on Bahar's very first card.
    seen: (r) =>
      r.markets
        .filter((m) => m.sid > 13 && m.outcome === 'win')
        .flatMap((m) => [`Bahar ${RANKS[m.sid - 14]}`, ...(m.odds ? ['Bahar 1st card'] : [])]),
    chances: { ...Object.fromEntries(RANKS.map((rank) => [`Bahar ${rank}`, bahar])), 'Bahar 1st card': 1 },
  },
  {
    code: 'card32',
    rounds: 20_000,
    chances: {
      'result 1': 0.0783277716,
      'result 2': 0.1637869237,
      'result 3': 0.2930231121,
      'result 4': 0.4648621926,
      'result 0': 0,
    },
  },
  { code: 'baccarat', rounds: 10_000, chances: { 'result 1': 0.446247, 'result 2': 0.458597, 'result 3': 0.095156 } },
  { code: 'aaa', rounds: 20_000, chances: { 'result 1': 6 / 13, 'result 2': 4 / 13, 'result 3': 3 / 13 } },
  {
    code: 'btable',
    rounds: 20_000,
    chances: {
      'result 1': 2 / 32,
      'result 2': 6 / 32,
      'result 3': 6 / 32,
      'result 4': 4 / 32,
      'result 5': 8 / 32,
      'result 6': 6 / 32,
    },
  },
  {
    code: 'race20',
    rounds: 20_000,
    // Each king a quarter; the race over within 12 cards: an independent walk of the race in plain JavaScript.
    seen: (r) => [
      `result ${r.code}`,
      ...(r.markets.find((m) => m.sid === 5)!.outcome === 'win' ? ['12 cards or fewer'] : []),
    ],
    chances: {
      'result 1': 1 / 4,
      'result 2': 1 / 4,
      'result 3': 1 / 4,
      'result 4': 1 / 4,
      '12 cards or fewer': 0.4837151208,
    },
  },
  // Worli: shifting every card's digit by one (mod 10) maps the deck onto itself, so each single is 1 in 10.
  {
    code: 'worli',
    rounds: 20_000,
    chances: Object.fromEntries(Array.from({ length: 10 }, (_, d) => [`result ${d}`, 1 / 10])),
  },
  {
    code: 'war',
    rounds: 20_000,
    // How many players win, and Player 1's Winner pushing (3 of the 51 cards share the dealer's rank).
    seen: (r) => [`result ${r.code}`, ...(r.markets[0]!.outcome === 'push' ? ['Player 1 push'] : [])],
    chances: {
      ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((k) => [`result ${k}`, warWinners(k)])),
      'Player 1 push': 3 / 51,
    },
  },
  // Roulette: each of the 37 pockets 1/37 (the shuffled wheel's first).
  {
    code: 'roulette',
    rounds: 20_000,
    chances: Object.fromEntries(Array.from({ length: 37 }, (_, n) => [`result ${n}`, 1 / 37])),
  },
  {
    code: 'poker20',
    rounds: 20_000,
    seen: (r) => [`result ${r.code}`, ...(r.markets[2]!.outcome === 'win' ? [`A bonus ${r.markets[2]!.odds}`] : [])],
    chances: {
      'result 1': (1 - pokerTie) / 2,
      'result 2': (1 - pokerTie) / 2,
      'result 0': pokerTie,
      'A bonus 400': sevenCards(6_461_620),
      'A bonus 500': sevenCards(6_180_020),
      'A bonus 700': sevenCards(4_047_644),
      'A bonus 900': sevenCards(3_473_184),
      'A bonus 3100': sevenCards(224_848),
      'A bonus 5100': sevenCards(37_260),
      'A bonus 10100': sevenCards(4_324),
    },
  },
  {
    code: '3cardj',
    rounds: 20_000,
    // How many ranks differ, and two picks judged on the table's own judgePick: Yes on an ace, No on 2, 3 and 4.
    // Its shoe holds cards: the registry's deal, typed for any shoe, is this table's card deal.
    seen: (r, deal) => [
      `result ${r.code}`,
      ...(judgement.judgePick(deal as readonly DealtCard[], 1, [1]).outcome === 'win' ? ['Yes A'] : []),
      ...(judgement.judgePick(deal as readonly DealtCard[], 6, [2, 3, 4]).outcome === 'win' ? ['No 2 3 4'] : []),
    ],
    chances: {
      'result 1': 52 / 22_100,
      'result 2': 3_744 / 22_100,
      'result 3': 18_304 / 22_100,
      'Yes A': 1 - choose(48, 3) / choose(52, 3),
      'No 2 3 4': choose(40, 3) / choose(52, 3),
    },
  },
];

for (const { code, rounds, seen = byCode, chances } of CASES) {
  t.test(`${code}: ${rounds} dealt rounds`, async (t) => {
    const table = tableByCode(code)!;
    const counts = new Map<string, number>();
    for (let k = 0; k < rounds; k++) {
      const seed = createHash('sha256').update(`${code}:${k}`).digest('hex');
      const deal = table.deal(shuffleWithNodeCrypto(table.shoe(), seed, `${table.midPrefix}${k}`, 0));
      for (const what of seen(table.result(deal), deal)) counts.set(what, (counts.get(what) ?? 0) + 1);
    }
    t.same(
      [...counts.keys()].filter((what) => !(what in chances)),
      [],
      'nothing unexpected',
    );
    for (const [what, p] of Object.entries(chances)) {
      const n = counts.get(what) ?? 0;
      const error = Math.sqrt((p * (1 - p)) / rounds);
      t.ok(
        Math.abs(n / rounds - p) <= 4 * error,
        `${what}: ${n}, expected ${(p * rounds).toFixed(1)} ± ${(4 * error * rounds).toFixed(1)}`,
      );
    }
  });
}

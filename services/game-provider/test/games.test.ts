/** The game server's games: payouts by hand, exact returns to player, and the crash point's distribution. */
import t from 'tap';
import { GAMES } from '../src/games/catalogue.js';
import * as crash from '../src/games/crash.js';
import * as roulette from '../src/games/roulette.js';
import { RULES } from '../src/games/rules.js';
import type { Rng } from '../src/games/rng.js';
import * as slot from '../src/games/slot.js';

/** Always the next of `values` (mod n): a table of outcomes the test chose. */
const fixed = (...values: number[]): Rng => {
  let i = 0;
  return { below: (n) => values[i++ % values.length]! % n };
};
/** mulberry32: a seeded stream for the statistical checks. */
const seeded = (seed: number): Rng => {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { below: (n) => Math.floor(next() * n) };
};

t.test('roulette: what each bet returns on each pocket, and 36/37 for every bet', async (t) => {
  type Placed = { type: roulette.RouletteBet['type']; number?: number; index?: 1 | 2 | 3 };
  const bet = (b: Placed) => ({ ...b, amount: 100 }) as roulette.RouletteBet;
  t.equal(roulette.settle([bet({ type: 'straight', number: 17 })], 17), 3_600, 'straight up: 35 to 1 and the stake');
  t.equal(roulette.settle([bet({ type: 'straight', number: 0 })], 0), 3_600);
  t.equal(roulette.settle([bet({ type: 'red' })], 0), 0, 'a zero loses an even chance');
  t.equal(roulette.settle([bet({ type: 'red' }), bet({ type: 'black' })], 32), 200, '32 is red');
  t.equal(roulette.settle([bet({ type: 'dozen', index: 3 })], 36), 300);
  t.equal(roulette.settle([bet({ type: 'column', index: 1 })], 34), 300, '34 is in the first column');
  t.equal(roulette.settle([bet({ type: 'column', index: 3 })], 36), 300);
  t.equal(
    roulette.settle([bet({ type: 'low' }), bet({ type: 'high' }), bet({ type: 'odd' }), bet({ type: 'even' })], 18),
    400,
    '18: low and even',
  );
  t.equal(roulette.RTP_BP, 9_730);
  const bets: Placed[] = [
    ...Array.from({ length: 37 }, (_, n) => ({ type: 'straight' as const, number: n })),
    ...(['red', 'black', 'even', 'odd', 'low', 'high'] as const).map((type) => ({ type })),
    ...([1, 2, 3] as const).flatMap((index) => [
      { type: 'dozen' as const, index },
      { type: 'column' as const, index },
    ]),
  ];
  for (const b of bets) {
    let back = 0;
    for (let n = 0; n <= 36; n++) back += roulette.settle([bet(b)], n);
    t.equal(back, 3_600, `${JSON.stringify(b)}: 36 back over the 37 pockets, for 37 staked`);
  }
  t.equal(roulette.invalidBets([{ type: 'straight', number: 37, amount: 100 }]), 'Pick a number from 0 to 36');
  t.equal(roulette.invalidBets([{ type: 'red', amount: 1.5 }]), 'Each bet needs a whole, positive amount in paise');
  t.equal(roulette.invalidBets([]), 'Place between 1 and 50 bets');
  t.same(roulette.spin([bet({ type: 'red' })], fixed(3)), { number: 3, color: 'red', win: 200 });
});

t.test('slot: the strips, the paytable, and the published return worked out over every stop', async (t) => {
  t.same(REELS_COUNTS(), [
    { '7': 2, BAR: 3, BELL: 4, LEMON: 5, CHERRY: 7, BLANK: 11 },
    { '7': 2, BAR: 3, BELL: 4, LEMON: 5, CHERRY: 5, BLANK: 13 },
    { '7': 1, BAR: 3, BELL: 4, LEMON: 6, CHERRY: 4, BLANK: 14 },
  ]);
  t.equal(slot.pays(['7', '7', '7']), 500);
  t.equal(slot.pays(['CHERRY', 'CHERRY', 'CHERRY']), 20, 'three cherries pay as three of a kind, not as two');
  t.equal(slot.pays(['CHERRY', 'CHERRY', 'BAR']), 5);
  t.equal(slot.pays(['CHERRY', 'BAR', 'CHERRY']), 2, 'cherries count from the left only');
  t.equal(slot.pays(['BAR', 'CHERRY', 'CHERRY']), 0);
  t.equal(slot.pays(['BLANK', 'BLANK', 'BLANK']), 0);
  // By hand: 777 2·2·1·500 = 2,000; BAR 3·3·3·100 = 2,700; BELL 4·4·4·50 = 3,200; LEMON 5·5·6·25 = 3,750;
  // CCC 7·5·4·20 = 2,800; CC-any 7·5·28·5 = 4,900; C-any-any 7·27·32·2 = 12,096. Sum 31,446 of 32,768.
  t.same(slot.exactReturn(), { paid: 31_446, combinations: 32_768 });
  t.equal(slot.RTP_BP, 9_597, '95.97%, as the lobby and the paytable publish it');
  const s = slot.spin(1_000, fixed(0, 0, 0));
  t.same(s.line, [slot.REELS[0]![0], slot.REELS[1]![0], slot.REELS[2]![0]]);
  t.equal(s.win, 1_000 * slot.pays(s.line));
});

function REELS_COUNTS() {
  return slot.REELS.map((r) =>
    Object.fromEntries(
      ['7', 'BAR', 'BELL', 'LEMON', 'CHERRY', 'BLANK'].map((sym) => [sym, r.filter((x) => x === sym).length]),
    ),
  );
}

t.test('crash: the crash point, the chance to reach a cash-out, and 99% returned at every target', async (t) => {
  t.equal(crash.crashPoint(0), 100, 'r = 0: 0.99x, floored to an instant crash at 1.00x');
  t.equal(crash.crashPoint(2 ** 31), 198, 'r = 2^31: 1.98x');
  t.equal(crash.crashPoint(2 ** 32 - 1), Math.floor(99 * 2 ** 32), 'the largest r');
  for (const target of [101, 150, 200, 1_000, 10_000, 100_000]) {
    const rtp = (target / 100) * crash.reachChance(target);
    t.ok(Math.abs(rtp - 0.99) < 1e-6, `cash-out ${target / 100}x returns ${(rtp * 100).toFixed(5)}%`);
  }
  // A million seeded flights at 2.00x: about 49.5% reach it (4 standard errors: 0.2%).
  const rng = seeded(42);
  let reached = 0;
  for (let i = 0; i < 1_000_000; i++) if (crash.launch(100, 200, rng).cashedOut) reached++;
  t.ok(Math.abs(reached / 1_000_000 - crash.reachChance(200)) < 0.002, `${reached} of a million reached 2.00x`);
  t.same(
    crash.launch(1_001, 150, fixed(65_535, 65_535)),
    { crashAt: crash.crashPoint(2 ** 32 - 1), target: 150, cashedOut: true, win: 1_501 },
    'profit rounds down to the paisa',
  );
});

t.test("rules: stakes are whole paise from ₹10 to ₹1,00,000, each game's bet read strictly", async (t) => {
  t.same(RULES['lotus-sevens']!.read({ stake: 999 }), { error: 'The smallest round is ₹10' });
  t.same(RULES['lotus-sevens']!.read({ stake: 1_00_000_01 }), { error: 'The largest round is ₹1,00,000' });
  t.same(RULES['lotus-sevens']!.read({ stake: '1000' }), {
    error: 'The stake must be a whole, positive amount in paise',
  });
  t.same(RULES.rocket!.read({ stake: 1_000, target: 100 }), { error: 'Cash out between 1.01x and 1,000.00x' });
  t.same(RULES.rocket!.read({ stake: 1_000, target: 250 }), { bet: { stake: 1_000, target: 250 }, stake: 1_000 });
  t.same(
    RULES['european-roulette']!.read({
      bets: [
        { type: 'red', amount: 500 },
        { type: 'black', amount: 600 },
      ],
    }),
    {
      bet: [
        { type: 'red', amount: 500 },
        { type: 'black', amount: 600 },
      ],
      stake: 1_100,
    },
  );
  t.same(
    GAMES.map((g) => [g.gameId, g.rtpBp]),
    [
      ['european-roulette', 9_730],
      ['lotus-sevens', 9_597],
      ['rocket', 9_900],
    ],
  );
});

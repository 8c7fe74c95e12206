import t from 'tap';
import { ab20 } from '../../src/casino/tables/ab20.js';
import { backProfit } from '../../src/casino/tables/settle.js';
import { paid, play } from './deal.js';

t.test('Bahar first, then turn about, until every rank has shown', async (t) => {
  const { dealt, result } = play(ab20, 'AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS');
  t.same(dealt.slice(0, 3), ['Bahar AS', 'Andar 2S', 'Bahar 3S']);
  t.equal(dealt.length, 13);
  t.same(paid(ab20, result), {
    'Andar 2': 'win',
    'Andar 4': 'win',
    'Andar 6': 'win',
    'Andar 8': 'win',
    'Andar 10': 'win',
    'Andar Q': 'win',
    'Bahar A': 'win@125',
    'Bahar 3': 'win',
    'Bahar 5': 'win',
    'Bahar 7': 'win',
    'Bahar 9': 'win',
    'Bahar J': 'win',
    'Bahar K': 'win',
  });
  t.same(
    [result.code, result.winner, result.description],
    [0, 'Andar 6, Bahar 7', 'Andar 2 4 6 8 10 Q; Bahar A 3 5 7 9 J K'],
  );
});

t.test("only Bahar's first card pays 25%; Andar's first card pays in full", async (t) => {
  // KH to Bahar, AS to Andar, then the rest of the shoe in order: 2S (Bahar), 3S (Andar) ... QS (Bahar).
  const { dealt, result } = play(ab20, 'KH AS');
  t.equal(dealt.length, 13);
  t.same(paid(ab20, result), {
    'Andar A': 'win',
    'Andar 3': 'win',
    'Andar 5': 'win',
    'Andar 7': 'win',
    'Andar 9': 'win',
    'Andar J': 'win',
    'Bahar K': 'win@125',
    'Bahar 2': 'win',
    'Bahar 4': 'win',
    'Bahar 6': 'win',
    'Bahar 8': 'win',
    'Bahar 10': 'win',
    'Bahar Q': 'win',
  });
  const baharK = result.markets.find((m) => m.sid === 26)!;
  t.equal(backProfit(10_000, 200, baharK), 2_500, '₹100 on Bahar K wins ₹25');
  t.equal(backProfit(10_000, 200, result.markets.find((m) => m.sid === 1)!), 10_000, '₹100 on Andar A wins ₹100');
});

t.test('a rank repeated before it counts nothing; the deal ends at the last new rank', async (t) => {
  // Every other card first, then the four kings: the first king is card 49, Bahar's.
  const order = ab20
    .shoe()
    .filter((c) => c.rank !== 13)
    .concat(ab20.shoe().filter((c) => c.rank === 13));
  const { dealt, result } = play(ab20, order.map((c) => c.code).join(' '));
  t.equal(dealt.length, 49);
  t.equal(dealt[48], 'Bahar KS');
  // The first A..Q are the spades, cards 0-11: A (0) is Bahar's first card.
  t.same(paid(ab20, result), {
    'Andar 2': 'win',
    'Andar 4': 'win',
    'Andar 6': 'win',
    'Andar 8': 'win',
    'Andar 10': 'win',
    'Andar Q': 'win',
    'Bahar A': 'win@125',
    'Bahar 3': 'win',
    'Bahar 5': 'win',
    'Bahar 7': 'win',
    'Bahar 9': 'win',
    'Bahar J': 'win',
    'Bahar K': 'win',
  });
});

t.test('26 markets at 2.00', async (t) => {
  t.equal(ab20.markets.length, 26);
  t.same(
    [ab20.markets[0], ab20.markets[13]!.name, ab20.markets[25]!.name],
    [{ sid: 1, name: 'Andar A', group: 'Andar', odds: 200 }, 'Bahar A', 'Bahar K'],
  );
  t.same(ab20.markets[13]!.payTable, [
    { hand: 'Bahar 1st card', odds: 125 },
    { hand: 'Any later card', odds: 200 },
  ]);
});

import t from 'tap';
import { backProfit } from '../../src/casino/tables/settle.js';
import { teenHand } from '../../src/casino/tables/teen-hand.js';
import { teen20 } from '../../src/casino/tables/teen20.js';
import { cards, paid, play } from './deal.js';

const hand = (codes: string) => teenHand(cards(codes));
const beats = (a: string, b: string) => hand(a).strength > hand(b).strength;

t.test('hand categories', async (t) => {
  t.equal(hand('AS AH AD').category, 'Trail');
  t.equal(hand('4H 5H 6H').category, 'Pure Sequence');
  t.equal(hand('QS KS AS').category, 'Pure Sequence');
  t.equal(hand('AC 2C 3C').category, 'Pure Sequence');
  t.equal(hand('9S 10H JD').category, 'Sequence');
  t.equal(hand('KS AH 2D').category, 'High Card', 'K-A-2 does not wrap round');
  t.equal(hand('2D 7D KD').category, 'Colour');
  t.equal(hand('8S 8H 2C').category, 'Pair');
  t.equal(hand('2S 5H 9C').category, 'High Card');
});

t.test('ranking: trail, pure sequence, sequence, colour, pair, high card', async (t) => {
  t.ok(beats('2S 2H 2D', 'QS KS AS'), 'the lowest trail beats the best pure sequence');
  t.ok(beats('2S 3S 4S', 'QH KD AC'), 'a pure sequence beats any sequence');
  t.ok(beats('2S 3H 4D', 'AS KS 9S'), 'a sequence beats a colour');
  t.ok(beats('2S 3S 5S', 'AS AH KD'), 'a colour beats a pair');
  t.ok(beats('2S 2H 3D', 'AS KH JD'), 'a pair beats a high card');
  t.ok(
    beats('AS KH QD', 'AD 2C 3H') && beats('AD 2C 3H', 'KS QH JD') && beats('5S 4H 3D', '4S 3H 2D'),
    'sequences: A-K-Q, A-2-3, K-Q-J ... 4-3-2',
  );
  t.ok(beats('9S 9H 3D', '9C 9D 2S'), 'equal pairs: the kicker decides');
  t.ok(beats('10S 10H 2D', '9C 9D AS'), 'a higher pair beats a higher kicker');
  t.ok(
    beats('AS 5H 3D', 'KS QH JC') === false && beats('AS 5H 3D', 'KS QH 10C'),
    'high cards compare top down, ace high',
  );
  t.equal(hand('2S 3S 5D').strength, hand('2H 3H 5C').strength, 'suits never break a tie');
});

t.test('dealt A, B, A, B, A, B; the better hand wins at 1.98', async (t) => {
  const { dealt, result } = play(teen20, 'AS 2C AH 3D AD 5H');
  t.same(dealt, ['A AS', 'B 2C', 'A AH', 'B 3D', 'A AD', 'B 5H']);
  t.same([result.code, result.winner], [1, 'Player A']);
  t.equal(result.description, 'A AS AH AD (Trail), B 2C 3D 5H (High Card): Player A');
  t.same(paid(teen20, result), { 'Player A': 'win', 'Pair Plus A': 'win@3100' });
  t.equal(backProfit(10_000, 198, result.markets[0]!), 9_800);
  t.equal(
    backProfit(10_000, 200, result.markets[1]!),
    300_000,
    'Pair Plus on a trail pays 30 to 1, whatever the bet was taken at',
  );
});

t.test('Pair Plus pays the best category of each hand, whoever wins', async (t) => {
  // A: 2S 2H 2D trail; B: QS KS AS pure sequence. A wins the hand, B's Pair Plus pays 40 to 1.
  const trailVsRun = play(teen20, '2S QS 2H KS 2D AS').result;
  t.same(
    [trailVsRun.code, paid(teen20, trailVsRun)],
    [1, { 'Player A': 'win', 'Pair Plus A': 'win@3100', 'Pair Plus B': 'win@4100' }],
  );
  // A: 9S 10H JD sequence; B: 2D 7D KD colour.
  const runVsColour = play(teen20, '9S 2D 10H 7D JD KD').result;
  t.same(
    [runVsColour.code, paid(teen20, runVsColour)],
    [1, { 'Player A': 'win', 'Pair Plus A': 'win@700', 'Pair Plus B': 'win@500' }],
  );
  // A: 8S 8H 2C pair; B: AS KH JD high card: A wins, B's Pair Plus loses.
  const pairVsHigh = play(teen20, '8S AS 8H KH 2C JD').result;
  t.same([pairVsHigh.code, paid(teen20, pairVsHigh)], [1, { 'Player A': 'win', 'Pair Plus A': 'win@200' }]);
  // B wins with a pure sequence A-2-3 over A's sequence.
  const bWins = play(teen20, '9S AC 10H 2C JD 3C').result;
  t.same(
    [bWins.code, bWins.winner, paid(teen20, bWins)],
    [3, 'Player B', { 'Player B': 'win', 'Pair Plus A': 'win@700', 'Pair Plus B': 'win@4100' }],
  );
});

t.test('equal hands: a tie returns Player A and Player B', async (t) => {
  const { result } = play(teen20, '2S 2H 3S 3H 5D 5C');
  t.same([result.code, result.winner], [0, 'Tie']);
  t.same(paid(teen20, result), { 'Player A': 'push', 'Player B': 'push' });
  t.equal(backProfit(10_000, 198, result.markets[0]!), 0);
});

t.test("markets in the feed's sids", async (t) => {
  t.same(
    teen20.markets.map((m) => `${m.sid} ${m.name} ${m.odds}`),
    ['1 Player A 198', '2 Pair Plus A 200', '3 Player B 198', '4 Pair Plus B 200'],
  );
  t.same(teen20.markets[1]!.payTable, [
    { hand: 'Pair', odds: 200 },
    { hand: 'Colour', odds: 500 },
    { hand: 'Sequence', odds: 700 },
    { hand: 'Trail', odds: 3100 },
    { hand: 'Pure Sequence', odds: 4100 },
  ]);
});

import t from 'tap';
import { pokerHand } from '../../src/casino/tables/poker-hand.js';
import { poker20 } from '../../src/casino/tables/poker20.js';
import { backProfit } from '../../src/casino/tables/settle.js';
import { cards, paid, play } from './deal.js';

const hand = (codes: string) => pokerHand(cards(codes));
const beats = (a: string, b: string) => hand(a).strength > hand(b).strength;
const round = (codes: string) => {
  const { result } = play(poker20, codes);
  return { code: result.code, winner: result.winner, paid: paid(poker20, result) };
};

t.test('hands: the best five of seven, ace high and low', async (t) => {
  t.equal(hand('AS KS QS JS 10S 2D 3C').category, 'Royal Flush');
  t.equal(hand('6H 7H 8H 9H 10H 3C 3D').category, 'Straight Flush');
  t.equal(hand('AH 2H 3H 4H 5H 9C 9D').category, 'Straight Flush', 'the wheel in one suit');
  t.equal(hand('9S 9H 9C 9D 5S KH 2C').category, 'Four of a Kind');
  t.equal(hand('5C 5D 5S 9C 9D KH 2C').category, 'Full House');
  t.equal(hand('5C 5D 5S 9C 9D 9H 2C').category, 'Full House', 'two trips make a full house');
  t.equal(hand('AH 2H 8H 9H 10H 3C 3D').category, 'Flush');
  t.equal(hand('AS 2D 3C 4H 5S KD QC').category, 'Straight', 'A-2-3-4-5');
  t.equal(hand('QS KD AH 2C 3D 7S 8H').category, 'High Card', 'Q-K-A-2-3 does not wrap round');
  t.equal(hand('QS QH QC JD 10C 4H 2S').category, 'Three of a Kind');
  t.equal(hand('JS JD 10S 10C 4H 4S 2D').category, 'Two Pair');
  t.equal(hand('AS AC KH 9D 7S 4D 2C').category, 'Pair');
  t.equal(hand('AS KC 9H 7D 5S 4D 2C').category, 'High Card');
});

t.test('ranking: categories, then the deciding cards; suits never decide', async (t) => {
  t.ok(beats('2S 2H 2C 2D 5S 7H 9C', 'KH KD KC QS QH 3D 4C'), 'four of a kind beats a full house');
  t.ok(beats('6S 7D 8C 9H 10S 2C 2D', 'AS 2D 3C 4H 5S 9D 9C'), 'a 10-high straight beats the wheel');
  t.ok(beats('AS AC KH 9D 7S 4D 2C', 'AD AH KC 8D 7C 4S 2H'), 'equal pairs: the kickers decide');
  t.ok(beats('JS JD 10S 10C 4H 4S AD', 'JC JH 10D 10H 4D 4C KD'), 'three pairs: the best two and the kicker');
  t.ok(beats('AH 2H 8H 9H KH 3C 3D', 'AD 2D 8D 9D QD 3S 3H'), 'flushes compare top down');
  t.equal(hand('AS KS QD JC 10H 2S 3H').strength, hand('AS KS QD JC 10H 2D 3C').strength, 'a board straight plays');
});

t.test('dealt A, B, A, B, then the five board cards; the better hand wins at 1.98', async (t) => {
  const { dealt, result } = play(poker20, 'AS KD AH KC 2C 7D 9S JH 4C');
  t.same(dealt, ['A AS', 'B KD', 'A AH', 'B KC', 'Board 2C', 'Board 7D', 'Board 9S', 'Board JH', 'Board 4C']);
  t.same([result.code, result.winner], [1, 'Player A']);
  t.equal(result.description, 'A AS AH (Pair), B KD KC (Pair), board 2C 7D 9S JH 4C: Player A');
  t.same(paid(poker20, result), { 'Player A': 'win' }, 'pairs pay no bonus');
  t.equal(backProfit(10_000, 198, result.markets[0]!), 9_800);
  t.equal(backProfit(10_000, 198, result.markets[1]!), -10_000);
  t.equal(backProfit(10_000, 400, result.markets[2]!), -10_000);
});

t.test('equal hands return Player A and Player B; each bonus pays on its own hand', async (t) => {
  // The board's straight plays for both.
  t.same(round('2S 2D 3H 3C AS KS QD JC 10H'), {
    code: 0,
    winner: 'Tie',
    paid: {
      'Player A': 'push',
      'Player B': 'push',
      'Player A 7 Card Bonus': 'win@500',
      'Player B 7 Card Bonus': 'win@500',
    },
  });
  const tie = play(poker20, '2S 2D 3H 3C AS KS QD JC 10H').result;
  t.equal(backProfit(10_000, 198, tie.markets[0]!), 0);
  t.equal(backProfit(10_000, 400, tie.markets[2]!), 40_000, 'a straight pays 5.00, whatever the bet was taken at');
});

t.test('the 7 Card Bonus, category by category', async (t) => {
  // A royal flush (101.00) against a pair of fours.
  t.same(round('AS 4H KS 4D QS JS 10S 2D 3C'), {
    code: 1,
    winner: 'Player A',
    paid: { 'Player A': 'win', 'Player A 7 Card Bonus': 'win@10100' },
  });
  // Four nines (31.00) against fives full of nines (9.00).
  t.same(round('9S 5C 9H 5D 9C 9D 5S KH 2C'), {
    code: 1,
    winner: 'Player A',
    paid: { 'Player A': 'win', 'Player A 7 Card Bonus': 'win@3100', 'Player B 7 Card Bonus': 'win@900' },
  });
  // A straight flush (51.00) against an ace-high flush (7.00).
  t.same(round('6H AH 7H 2H 8H 9H 10H 3C 3D'), {
    code: 1,
    winner: 'Player A',
    paid: { 'Player A': 'win', 'Player A 7 Card Bonus': 'win@5100', 'Player B 7 Card Bonus': 'win@700' },
  });
  // Three queens (4.00) against two pair, which pays no bonus.
  t.same(round('QS JS QH 10S QC JD 10C 4H 2S'), {
    code: 1,
    winner: 'Player A',
    paid: { 'Player A': 'win', 'Player A 7 Card Bonus': 'win@400' },
  });
  // B's 7-high straight beats A's wheel; both straights (5.00).
  t.same(round('AS 6D 2D 7C 3C 4H 5S KD QC'), {
    code: 2,
    winner: 'Player B',
    paid: { 'Player B': 'win', 'Player A 7 Card Bonus': 'win@500', 'Player B 7 Card Bonus': 'win@500' },
  });
});

t.test('markets and the bonus pay table', async (t) => {
  t.same(
    poker20.markets.map((m) => `${m.sid} ${m.name} ${m.odds}`),
    ['1 Player A 198', '2 Player B 198', '3 Player A 7 Card Bonus 400', '4 Player B 7 Card Bonus 400'],
  );
  t.same(
    poker20.markets[2]!.payTable!.map((p) => `${p.hand} ${p.odds}`),
    [
      'Three of a Kind 400',
      'Straight 500',
      'Flush 700',
      'Full House 900',
      'Four of a Kind 3100',
      'Straight Flush 5100',
      'Royal Flush 10100',
    ],
  );
});

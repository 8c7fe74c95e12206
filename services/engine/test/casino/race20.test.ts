import t from 'tap';
import { race20 } from '../../src/casino/tables/race20.js';
import { paid, play } from './deal.js';

const round = (cards: string) => {
  const { dealt, result } = play(race20, cards);
  return { dealt: dealt.length, code: result.code, winner: result.winner, paid: paid(race20, result) };
};

t.test('the 48 cards without the kings, each moving its suit’s king', async (t) => {
  const shoe = race20.shoe();
  t.equal(shoe.length, 48);
  t.notOk(
    shoe.some((c) => c.rank === 13),
    'the kings are the horses, not dealt',
  );
  t.same(play(race20, 'AS 2H 3S 4S 5S 6S').dealt, ['K♠ AS', 'K♥ 2H', 'K♠ 3S', 'K♠ 4S', 'K♠ 5S', 'K♠ 6S']);
});

t.test('the race stops on the fifth card of a suit; every market judged', async (t) => {
  t.same(round('AS 2S 3S 4S 5S 6S'), {
    dealt: 5,
    code: 1,
    winner: 'K♠',
    paid: { 'K♠': 'win', 'Cards Under 12.5': 'win', 'Points Under 80.5': 'win', 'Win with 5': 'win' },
  });
  t.equal(play(race20, 'AS 2S 3S 4S 5S').result.description, 'K♠ wins with 5 cards, 15 points');
  t.same(round('AS 2H 3H 4H 5H 6H'), {
    dealt: 6,
    code: 2,
    winner: 'K♥',
    paid: { 'K♥': 'win', 'Cards Under 12.5': 'win', 'Points Under 80.5': 'win', 'Win with 6': 'win' },
  });
  t.same(round('AC 2D 3C 4H 5C 6C QC'), {
    dealt: 7,
    code: 3,
    winner: 'K♣',
    paid: { 'K♣': 'win', 'Cards Under 12.5': 'win', 'Points Under 80.5': 'win', 'Win with 7': 'win' },
  });
});

t.test('the lines: 12 cards and 80 points are under, 13 and 81 over', async (t) => {
  t.same(round('QS JS 10S 9S 7H 6H 5H 4C 3C 3D 2D 8S'), {
    dealt: 12,
    code: 1,
    winner: 'K♠',
    paid: { 'K♠': 'win', 'Cards Under 12.5': 'win', 'Points Under 80.5': 'win' },
  });
  t.same(round('QS JS 10S 9S 7H 6H 5H 4C 3C 3D 2D AH 8S'), {
    dealt: 13,
    code: 1,
    winner: 'K♠',
    paid: { 'K♠': 'win', 'Cards Over 12.5': 'win', 'Points Over 80.5': 'win' },
  });
});

t.test('the longest race: four of every suit, then the fifth', async (t) => {
  const fours = ['Q', 'J', '10', '9'].flatMap((r) => ['S', 'H', 'C', 'D'].map((s) => r + s)).join(' ');
  t.same(round(`${fours} 8D`), {
    dealt: 17,
    code: 4,
    winner: 'K♦',
    paid: { 'K♦': 'win', 'Cards Over 12.5': 'win', 'Points Over 80.5': 'win', 'Win with 15+': 'win' },
  });
  t.same(
    round('QS JS 10S 9S QH JH 10H 9H QC JC 10C 9C QD 8S').paid,
    {
      'K♠': 'win',
      'Cards Over 12.5': 'win',
      'Points Over 80.5': 'win',
    },
    '14 cards: not yet 15+',
  );
  t.same(round('QS JS 10S 9S QH JH 10H 9H QC JC 10C 9C QD JD 8S').paid['Win with 15+'], 'win', '15 cards');
});

import t from 'tap';
import { card32 } from '../../src/casino/tables/card32.js';
import { paid, play } from './deal.js';

const round = (cards: string) => {
  const { dealt, result } = play(card32, cards);
  return {
    dealt: dealt.join(', '),
    code: result.code,
    winner: result.winner,
    description: result.description,
    paid: paid(card32, result),
  };
};

t.test('each player adds a card to its number; the highest total wins', async (t) => {
  // 8+6 = 14, 9+7 = 16, 10+8 = 18, 11+13 = 24.
  t.same(round('6S 7S 8S KS'), {
    dealt: 'Player 8 6S, Player 9 7S, Player 10 8S, Player 11 KS',
    code: 4,
    winner: 'Player 11',
    description: 'Totals 8: 14, 9: 16, 10: 18, 11: 24: Player 11',
    paid: { 'Player 11': 'win' },
  });
});

t.test('players tied on top draw again, adding to their totals', async (t) => {
  // All four on 17; then K, Q, J, 10: 30, 29, 28, 27.
  t.same(round('9S 8S 7S 6S KS QS JS 10S'), {
    dealt:
      'Player 8 9S, Player 9 8S, Player 10 7S, Player 11 6S, Player 8 KS, Player 9 QS, Player 10 JS, Player 11 10S',
    code: 1,
    winner: 'Player 8',
    description: 'Totals 8: 30, 9: 29, 10: 28, 11: 27: Player 8',
    paid: { 'Player 8': 'win' },
  });
  // 17, 17, 16, 17: players 8, 9 and 11 draw K, K, 7 (30, 30, 24); then 8 and 9 draw J and Q.
  t.same(round('9S 8S 6S 6H KS KH 7S JS QS'), {
    dealt:
      'Player 8 9S, Player 9 8S, Player 10 6S, Player 11 6H, Player 8 KS, Player 9 KH, Player 11 7S, Player 8 JS, Player 9 QS',
    code: 2,
    winner: 'Player 9',
    description: 'Totals 8: 41, 9: 42, 10: 16, 11: 24: Player 9',
    paid: { 'Player 9': 'win' },
  });
});

t.test('still tied when the shoe cannot deal each tied player a card: void, all bets returned', async (t) => {
  // 14, 16, 17, 17; players 10 and 11 then draw equal cards fourteen times over and use up the shoe.
  const pairs = '6C 6D 7C 7D 8S 8H 8C 8D 9S 9H 9C 9D 10S 10H 10C 10D JS JH JC JD QS QH QC QD KS KH KC KD';
  const { dealt, code, winner, description, paid: returned } = round(`6S 7S 7H 6H ${pairs}`);
  t.equal(dealt.split(', ').length, 32);
  t.same([code, winner], [0, 'Void']);
  t.equal(description, 'Totals 8: 14, 9: 16, 10: 156, 11: 156: still tied when the shoe ran out, bets returned');
  t.same(returned, { 'Player 8': 'push', 'Player 9': 'push', 'Player 10': 'push', 'Player 11': 'push' });
});

t.test('markets', async (t) => {
  t.same(
    card32.markets.map((m) => `${m.sid} ${m.name} ${m.odds}`),
    ['1 Player 8 1240', '2 Player 9 595', '3 Player 10 330', '4 Player 11 210'],
  );
  const shoe = card32.shoe();
  t.equal(shoe.length, 32);
  t.same(
    [6, 7, 8, 9, 10, 11, 12, 13].map((rank) => shoe.filter((c) => c.rank === rank).length),
    [4, 4, 4, 4, 4, 4, 4, 4],
  );
});

import t from 'tap';
import { backProfit } from '../../src/casino/tables/settle.js';
import { dt20 } from '../../src/casino/tables/dt20.js';
import { paid, play } from './deal.js';

const round = (cards: string) => {
  const { dealt, result } = play(dt20, cards);
  return { dealt, code: result.code, winner: result.winner, paid: paid(dt20, result) };
};

t.test('higher card wins, ace low', async (t) => {
  t.same(round('KS 9H'), {
    dealt: ['Dragon KS', 'Tiger 9H'],
    code: 1,
    winner: 'Dragon',
    paid: {
      Dragon: 'win',
      'Dragon Odd': 'win',
      'Dragon Black': 'win',
      'Dragon Card K': 'win',
      'Tiger Odd': 'win',
      'Tiger Red': 'win',
      'Tiger Card 9': 'win',
    },
  });
  t.same(round('AS 2D'), {
    dealt: ['Dragon AS', 'Tiger 2D'],
    code: 2,
    winner: 'Tiger',
    paid: {
      Tiger: 'win',
      'Dragon Odd': 'win',
      'Dragon Black': 'win',
      'Dragon Card A': 'win',
      'Tiger Even': 'win',
      'Tiger Red': 'win',
      'Tiger Card 2': 'win',
    },
  });
});

t.test('equal ranks: the suit decides (♠ > ♥ > ♣ > ♦) and Pair wins', async (t) => {
  t.same(round('7H 7S'), {
    dealt: ['Dragon 7H', 'Tiger 7S'],
    code: 2,
    winner: 'Tiger',
    paid: {
      Tiger: 'win',
      Pair: 'win',
      'Dragon Odd': 'win',
      'Dragon Red': 'win',
      'Dragon Card 7': 'win',
      'Tiger Odd': 'win',
      'Tiger Black': 'win',
      'Tiger Card 7': 'win',
    },
  });
  t.equal(round('7C 7D').winner, 'Dragon');
  t.equal(round('7H 7C').winner, 'Dragon');
  t.equal(round('7D 7S').winner, 'Tiger');
});

t.test('the same card twice is a Tie: Dragon and Tiger lose, Tie pays 50 to 1', async (t) => {
  const tie = round('QH QH');
  t.same(tie, {
    dealt: ['Dragon QH', 'Tiger QH'],
    code: 3,
    winner: 'Tie',
    paid: {
      Tie: 'win',
      Pair: 'win',
      'Dragon Even': 'win',
      'Dragon Red': 'win',
      'Dragon Card Q': 'win',
      'Tiger Even': 'win',
      'Tiger Red': 'win',
      'Tiger Card Q': 'win',
    },
  });
  const { result } = play(dt20, 'QH QH');
  t.equal(backProfit(10_000, 5100, result.markets[2]!), 500_000, '₹100 on Tie wins ₹5,000');
  t.equal(backProfit(10_000, 200, result.markets[0]!), -10_000, 'Dragon loses its stake');
});

t.test('eight decks and 38 markets', async (t) => {
  t.equal(dt20.shoe().length, 416);
  t.same(
    dt20.markets.slice(0, 4).map((m) => `${m.sid} ${m.name} ${m.odds}`),
    ['1 Dragon 200', '2 Tiger 200', '3 Tie 5100', '4 Pair 1200'],
  );
  t.same(
    [dt20.markets[4]!.name, dt20.markets[8]!.name, dt20.markets[21]!.name, dt20.markets[37]!.name],
    ['Dragon Even', 'Dragon Card A', 'Tiger Even', 'Tiger Card K'],
  );
  t.equal(dt20.markets.length, 38);
});

import t from 'tap';
import { aaa } from '../../src/casino/tables/aaa.js';
import { paid, play } from './deal.js';

const round = (card: string) => {
  const { result } = play(aaa, card);
  return { code: result.code, winner: result.winner, paid: paid(aaa, result) };
};

t.test('Amar A-6, Akbar 7-10, Anthony J-K, with every side market', async (t) => {
  t.same(round('AS'), {
    code: 1,
    winner: 'Amar',
    paid: { Amar: 'win', Odd: 'win', Black: 'win', 'Card A': 'win', 'Under 7': 'win' },
  });
  t.same(round('6H'), {
    code: 1,
    winner: 'Amar',
    paid: { Amar: 'win', Even: 'win', Red: 'win', 'Card 6': 'win', 'Under 7': 'win' },
  });
  t.same(round('7C'), {
    code: 2,
    winner: 'Akbar',
    paid: { Akbar: 'win', Odd: 'win', Black: 'win', 'Card 7': 'win', 'Under 7': 'half-lose', 'Over 7': 'half-lose' },
  });
  t.same(round('10D'), {
    code: 2,
    winner: 'Akbar',
    paid: { Akbar: 'win', Even: 'win', Red: 'win', 'Card 10': 'win', 'Over 7': 'win' },
  });
  t.same(round('JS'), {
    code: 3,
    winner: 'Anthony',
    paid: { Anthony: 'win', Odd: 'win', Black: 'win', 'Card J': 'win', 'Over 7': 'win' },
  });
  t.same(round('KH'), {
    code: 3,
    winner: 'Anthony',
    paid: { Anthony: 'win', Odd: 'win', Red: 'win', 'Card K': 'win', 'Over 7': 'win' },
  });
});

t.test('prices and sids', async (t) => {
  t.same(
    aaa.markets.slice(0, 7).map((m) => `${m.sid} ${m.name} ${m.odds}`),
    ['1 Amar 212', '2 Akbar 315', '3 Anthony 415', '4 Even 212', '5 Odd 183', '6 Red 197', '7 Black 197'],
  );
  t.same(
    aaa.markets.slice(-2).map((m) => `${m.sid} ${m.name} ${m.odds}`),
    ['21 Under 7 200', '22 Over 7 200'],
  );
  t.equal(aaa.markets.length, 22);
});

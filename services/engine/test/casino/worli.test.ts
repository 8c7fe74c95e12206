import t from 'tap';
import { worli } from '../../src/casino/tables/worli.js';
import { paid, play } from './deal.js';

const round = (cards: string) => {
  const { dealt, result } = play(worli, cards);
  return { dealt, code: result.code, description: result.description, paid: paid(worli, result) };
};

t.test('the aces to tens of one deck; three cards to the pana', async (t) => {
  const shoe = worli.shoe();
  t.equal(shoe.length, 40);
  t.notOk(
    shoe.some((c) => c.rank > 10),
    'no pictures',
  );
  t.same(round('7C AS 2H').dealt, ['Pana 7C', 'Pana AS', 'Pana 2H']);
});

t.test('every single, its line and its parity', async (t) => {
  // One draw per single: [cards, pana, single, line, parity].
  const draws: [string, string, number, string, string][] = [
    ['AS 2H 8C', '128', 1, 'Line 1 (1-5)', 'Odd'],
    ['3S 4H 5C', '345', 2, 'Line 1 (1-5)', 'Even'],
    ['10S 10H 3C', '300', 3, 'Line 1 (1-5)', 'Odd'],
    ['9S 7H 8C', '789', 4, 'Line 1 (1-5)', 'Even'],
    ['AS AH 3C', '113', 5, 'Line 1 (1-5)', 'Odd'],
    ['6S 10H 10C', '600', 6, 'Line 2 (6-0)', 'Even'],
    ['2S 2H 3C', '223', 7, 'Line 2 (6-0)', 'Odd'],
    ['9S 9H 10C', '990', 8, 'Line 2 (6-0)', 'Even'],
    ['10S 4H 5C', '450', 9, 'Line 2 (6-0)', 'Odd'],
    ['7C AS 2H', '127', 0, 'Line 2 (6-0)', 'Even'],
  ];
  for (const [cards, pana, single, line, parity] of draws)
    t.same(
      round(cards),
      {
        dealt: cards.split(' ').map((c) => `Pana ${c}`),
        code: single,
        description: `Pana ${pana}: single ${single}`,
        paid: { [`Single ${single}`]: 'win', [line]: 'win', [parity]: 'win' },
      },
      cards,
    );
  t.same(
    round('10S 10H 10C').paid,
    { 'Single 0': 'win', 'Line 2 (6-0)': 'win', Even: 'win' },
    'three tens: pana 000, single 0',
  );
});

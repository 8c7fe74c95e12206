import t from 'tap';
import { btable } from '../../src/casino/tables/btable.js';
import { paid, play } from './deal.js';

const round = (card: string) => {
  const { result } = play(btable, card);
  return { code: result.code, winner: result.winner, paid: paid(btable, result) };
};

t.test('two decks of J, Q, K and A: every card has a film', async (t) => {
  const shoe = btable.shoe();
  t.equal(shoe.length, 32);
  t.same([...new Set(shoe.map((c) => c.code))].sort(), [
    'AC',
    'AD',
    'AH',
    'AS',
    'JC',
    'JD',
    'JH',
    'JS',
    'KC',
    'KD',
    'KH',
    'KS',
    'QC',
    'QD',
    'QH',
    'QS',
  ]);
});

t.test('each film, and the side markets with it', async (t) => {
  t.same(round('AS'), {
    code: 1,
    winner: 'Don',
    paid: { Don: 'win', Odd: 'win', 'Barati (A, J)': 'win', Black: 'win', 'Card A': 'win' },
  });
  t.same(round('AH'), {
    code: 2,
    winner: 'Amar Akbar Anthony',
    paid: { 'Amar Akbar Anthony': 'win', Odd: 'win', 'Barati (A, J)': 'win', Red: 'win', 'Card A': 'win' },
  });
  t.same(round('AC').winner, 'Amar Akbar Anthony');
  t.same(round('QS'), {
    code: 3,
    winner: 'Sahib Bibi Aur Ghulam',
    paid: { 'Sahib Bibi Aur Ghulam': 'win', 'Dulha Dulhan (Q, K)': 'win', Black: 'win', 'Card Q': 'win' },
  });
  t.same(round('JS').winner, 'Sahib Bibi Aur Ghulam');
  t.same(round('KS').winner, 'Sahib Bibi Aur Ghulam');
  t.same(round('KC'), {
    code: 4,
    winner: 'Dharam Veer',
    paid: { 'Dharam Veer': 'win', Odd: 'win', 'Dulha Dulhan (Q, K)': 'win', Black: 'win', 'Card K': 'win' },
  });
  t.same(round('KD').winner, 'Dharam Veer');
  t.same(round('QH'), {
    code: 5,
    winner: 'Kis Kisko Pyaar Karoon',
    paid: { 'Kis Kisko Pyaar Karoon': 'win', 'Dulha Dulhan (Q, K)': 'win', Red: 'win', 'Card Q': 'win' },
  });
  t.same(
    ['KH', 'QC', 'QD'].map((c) => round(c).code),
    [5, 5, 5],
  );
  t.same(round('JD'), {
    code: 6,
    winner: 'Ghulam',
    paid: { Ghulam: 'win', Odd: 'win', 'Barati (A, J)': 'win', Red: 'win', 'Card J': 'win' },
  });
  t.same(
    ['JH', 'JC'].map((c) => round(c).code),
    [6, 6],
  );
});

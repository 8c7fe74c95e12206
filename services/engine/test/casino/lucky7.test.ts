import t from 'tap';
import { backProfit } from '../../src/casino/tables/settle.js';
import { lucky7 } from '../../src/casino/tables/lucky7.js';
import { paid, play } from './deal.js';

const round = (card: string) => {
  const { dealt, result } = play(lucky7, card);
  return { dealt, code: result.code, winner: result.winner, paid: paid(lucky7, result) };
};

t.test('one card decides every market', async (t) => {
  t.same(round('AS'), {
    dealt: ['Card AS'],
    code: 1,
    winner: 'Low Card',
    paid: { 'Low Card': 'win', Odd: 'win', Black: 'win', 'Card A': 'win' },
  });
  t.same(round('6D'), {
    dealt: ['Card 6D'],
    code: 1,
    winner: 'Low Card',
    paid: { 'Low Card': 'win', Even: 'win', Red: 'win', 'Card 6': 'win' },
  });
  t.same(round('8C'), {
    dealt: ['Card 8C'],
    code: 2,
    winner: 'High Card',
    paid: { 'High Card': 'win', Even: 'win', Black: 'win', 'Card 8': 'win' },
  });
  t.same(round('QH'), {
    dealt: ['Card QH'],
    code: 2,
    winner: 'High Card',
    paid: { 'High Card': 'win', Even: 'win', Red: 'win', 'Card Q': 'win' },
  });
  t.same(round('KS'), {
    dealt: ['Card KS'],
    code: 2,
    winner: 'High Card',
    paid: { 'High Card': 'win', Odd: 'win', Black: 'win', 'Card K': 'win' },
  });
});

t.test('a seven: Low and High both lose half', async (t) => {
  t.same(round('7H'), {
    dealt: ['Card 7H'],
    code: 0,
    winner: 'Seven',
    paid: { 'Low Card': 'half-lose', 'High Card': 'half-lose', Odd: 'win', Red: 'win', 'Card 7': 'win' },
  });
  const low = play(lucky7, '7H').result.markets.find((m) => m.sid === 1)!;
  // ₹100 on Low at 2.00 gets ₹50 back: a loss of ₹50.00; ₹0.25 loses 13 paise (12.5 rounded up).
  t.equal(backProfit(10_000, 200, low), -5_000);
  t.equal(backProfit(25, 200, low), -13);
});

t.test('prices', async (t) => {
  t.same(
    lucky7.markets.slice(0, 6).map((m) => `${m.name} ${m.odds}`),
    ['Low Card 200', 'High Card 200', 'Even 212', 'Odd 183', 'Red 197', 'Black 197'],
  );
  t.same(
    lucky7.markets
      .slice(6)
      .map((m) => `${m.sid} ${m.name} ${m.odds}`)
      .join(', '),
    '7 Card A 1200, 8 Card 2 1200, 9 Card 3 1200, 10 Card 4 1200, 11 Card 5 1200, 12 Card 6 1200, 13 Card 7 1200, 14 Card 8 1200, 15 Card 9 1200, 16 Card 10 1200, 17 Card J 1200, 18 Card Q 1200, 19 Card K 1200',
  );
});

import t from 'tap';
import { formatPaise, paiseToDecimal } from './money.js';
import { parseRupees, rupeesToPaise } from './api/amount.js';

t.test('typed rupees to exact paise, one parser', async (t) => {
  t.equal(rupeesToPaise('1500'), 150_000);
  t.equal(rupeesToPaise('2500.5'), 250_050);
  t.equal(rupeesToPaise(' 0.07 '), 7);
  t.equal(rupeesToPaise(12.34), 1_234);
  for (const bad of ['12.345', '-5', 'ten', '', '1e5']) t.equal(rupeesToPaise(bad), null, bad);
  t.same(parseRupees('0', 'Amount', false), { error: 'Amount must be greater than zero' });
});

t.test('paise as text', async (t) => {
  t.equal(formatPaise(1_00_000_00), '1,00,000.00');
  t.equal(paiseToDecimal(250_050), '2500.50');
  t.equal(paiseToDecimal(-7), '-0.07');
  t.equal(paiseToDecimal(0), '0.00');
});

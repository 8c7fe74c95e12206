import t from 'tap';
import { backProfit } from '../../src/casino/tables/settle.js';

t.test("a back bet's profit or loss in paise: profit rounds down, loss rounds up", async (t) => {
  // ₹100 at 1.98: wins ₹98.00, loses ₹100.00, a push returns it.
  t.equal(backProfit(10_000, 198, { sid: 1, outcome: 'win' }), 9_800);
  t.equal(backProfit(10_000, 198, { sid: 1, outcome: 'lose' }), -10_000);
  t.equal(backProfit(10_000, 198, { sid: 1, outcome: 'push' }), 0);
  // ₹0.33 at 1.98: 32.34 paise of profit -> 32.
  t.equal(backProfit(33, 198, { sid: 1, outcome: 'win' }), 32);
  // Half of ₹0.33 lost: 16.5 -> 17 (up). Half the profit of ₹0.33 at 2.00: 16.5 -> 16 (down).
  t.equal(backProfit(33, 200, { sid: 1, outcome: 'half-lose' }), -17);
  t.equal(backProfit(33, 200, { sid: 1, outcome: 'half-win' }), 16);
  // ₹100 at 2.00 half-win: ₹50. At 1.95: 47.50.
  t.equal(backProfit(10_000, 200, { sid: 1, outcome: 'half-win' }), 5_000);
  t.equal(backProfit(10_000, 195, { sid: 1, outcome: 'half-win' }), 4_750);
  // A market that pays by hand: the result's odds, not the bet's. ₹250 on Pair Plus, a trail at 31.00: ₹7,500.
  t.equal(backProfit(25_000, 200, { sid: 2, outcome: 'win', odds: 3100 }), 750_000);
  // The largest stake at the longest odds stays an exact integer.
  t.equal(backProfit(10_000_000_000, 5100, { sid: 3, outcome: 'win' }), 500_000_000_000);
});

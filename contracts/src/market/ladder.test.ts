import t from 'tap';
import { isLadderPrice, LADDER, MAX_PRICE, MIN_PRICE, snapToLadder, tickFrom } from './ladder.js';

t.test('350 prices from 1.01 to 1000 with Betfair increments', async (t) => {
  t.equal(LADDER.length, 350);
  t.equal(MIN_PRICE, 101);
  t.equal(MAX_PRICE, 100000);
  t.ok(
    LADDER.every((p, i) => i === 0 || p > LADDER[i - 1]!),
    'strictly increasing',
  );
  // Hand-picked steps at each band edge.
  t.same(
    [
      tickFrom(199, 1),
      tickFrom(200, 1),
      tickFrom(300, 1),
      tickFrom(400, 1),
      tickFrom(600, 1),
      tickFrom(1000, 1),
      tickFrom(2000, 1),
      tickFrom(3000, 1),
      tickFrom(5000, 1),
      tickFrom(10000, 1),
    ],
    [200, 202, 305, 410, 620, 1050, 2100, 3200, 5500, 11000],
  );
  t.ok(isLadderPrice(185));
  t.notOk(isLadderPrice(201), '2.01 is not a price');
  t.notOk(isLadderPrice(100), '1.00 is not a price');
});

t.test('ticks clamp at the ends and refuse off-ladder prices', async (t) => {
  t.equal(tickFrom(101, -1), 101);
  t.equal(tickFrom(100000, 3), 100000);
  t.equal(tickFrom(250, -3), 244);
  t.equal(tickFrom(201, 1), null);
});

t.test('snapping to the ladder', async (t) => {
  t.equal(snapToLadder(201, 'up'), 202);
  t.equal(snapToLadder(201, 'down'), 200);
  t.equal(snapToLadder(202, 'down'), 202);
  t.equal(snapToLadder(50, 'up'), 101);
  t.equal(snapToLadder(200000, 'down'), 100000);
});

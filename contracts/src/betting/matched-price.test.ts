import t from 'tap';
import { averageMatchedPrice } from './matched-price.js';

t.test('the average matched price weights each fill by its stake', async (t) => {
  t.equal(averageMatchedPrice([]), null, 'nothing matched');
  t.equal(averageMatchedPrice([{ price: 246, size: 10_000 }]), 246, 'one fill at its price');
  // ₹100 at 2.46 and ₹300 at 2.50: (246 x 1 + 250 x 3) / 4 = 249.
  t.equal(
    averageMatchedPrice([
      { price: 246, size: 10_000 },
      { price: 250, size: 30_000 },
    ]),
    249,
  );
  // ₹1 at 2.00 and ₹1 at 2.01 average 2.005: half up to 2.01; ₹2 and ₹1 give 2.00333 -> 2.00.
  t.equal(
    averageMatchedPrice([
      { price: 200, size: 100 },
      { price: 201, size: 100 },
    ]),
    201,
  );
  t.equal(
    averageMatchedPrice([
      { price: 200, size: 200 },
      { price: 201, size: 100 },
    ]),
    200,
  );
  // The largest stakes at the longest odds, summed, stay exact past 2^53.
  t.equal(
    averageMatchedPrice([
      { price: 100_000, size: 10_000_000_000 },
      { price: 99_999, size: 10_000_000_000 },
      { price: 99_998, size: 10_000_000_000 },
    ]),
    99_999,
  );
});

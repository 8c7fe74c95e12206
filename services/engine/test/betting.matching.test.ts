import t from 'tap';
import { matchOrder, restOrder, takeOpposite, unrestOrder, type Level } from '../src/betting/matching.js';

const feed = (price: number, size: number, seq = 0) => ({ price, orders: [{ betId: null, userId: null, size, seq }] });

t.test('a back takes lay-side liquidity at its price or better, best price first', async (t) => {
  // Available to back (resting lays, best = highest): 2.10 x ₹50, 2.08 x ₹100, 2.06 x ₹200.
  const lays: Level[] = [feed(210, 5_000), feed(208, 10_000), feed(206, 20_000)];
  const r = matchOrder(lays, 'back', 208, 12_000);
  t.same(r.fills, [
    { price: 210, size: 5_000, betId: null, userId: null },
    { price: 208, size: 7_000, betId: null, userId: null },
  ]);
  t.equal(r.remaining, 0);
  t.same(lays, [feed(208, 3_000), feed(206, 20_000)], 'consumed in place');
});

t.test('partial fill: the rest waits unmatched at the asked price', async (t) => {
  const lays: Level[] = [feed(200, 1_000), feed(198, 10_000)];
  const r = matchOrder(lays, 'back', 200, 2_500);
  t.same(r.fills, [{ price: 200, size: 1_000, betId: null, userId: null }]);
  t.equal(r.remaining, 1_500, '1.98 is worse than the asked 2.00, so it does not match');
  const backs: Level[] = [];
  restOrder(backs, 'back', 200, { betId: 'b1', userId: 'u1', size: r.remaining, seq: 1 });
  t.same(backs, [{ price: 200, orders: [{ betId: 'b1', userId: 'u1', size: 1_500, seq: 1 }] }]);
});

t.test('a lay takes resting backs at its price or lower; time priority within a price', async (t) => {
  const backs: Level[] = [];
  restOrder(backs, 'back', 300, { betId: 'late', userId: 'u2', size: 1_000, seq: 2 });
  restOrder(backs, 'back', 250, { betId: 'cheap', userId: 'u3', size: 1_000, seq: 3 });
  restOrder(backs, 'back', 300, { betId: 'later', userId: 'u4', size: 1_000, seq: 4 });
  backs[1]!.orders.unshift({ betId: 'early', userId: 'u1', size: 500, seq: 1 });
  t.same(
    backs.map((l) => [l.price, l.orders.map((o) => o.betId)]),
    [
      [250, ['cheap']],
      [300, ['early', 'late', 'later']],
    ],
    'ascending, FIFO',
  );
  const r = matchOrder(backs, 'lay', 300, 2_000);
  t.same(
    r.fills.map((f) => [f.price, f.betId, f.size]),
    [
      [250, 'cheap', 1_000],
      [300, 'early', 500],
      [300, 'late', 500],
    ],
  );
  t.equal(r.remaining, 0);
  t.same(backs, [
    {
      price: 300,
      orders: [
        { betId: 'late', userId: 'u2', size: 500, seq: 2 },
        { betId: 'later', userId: 'u4', size: 1_000, seq: 4 },
      ],
    },
  ]);
});

t.test('nothing at an acceptable price: no fill', async (t) => {
  const lays: Level[] = [feed(180, 10_000)];
  t.same(matchOrder(lays, 'back', 185, 1_000), { fills: [], remaining: 1_000 });
  t.same(matchOrder([], 'lay', 185, 1_000), { fills: [], remaining: 1_000 });
});

t.test('resting lays sort best for backers first (highest)', async (t) => {
  const lays: Level[] = [];
  for (const [price, seq] of [
    [200, 1],
    [210, 2],
    [205, 3],
  ] as const)
    restOrder(lays, 'lay', price, { betId: `l${seq}`, userId: 'u', size: 100, seq });
  t.same(
    lays.map((l) => l.price),
    [210, 205, 200],
  );
});

t.test('takeOpposite: feed before players within a price, own orders skipped, nothing changed', async (t) => {
  const lays: Level[] = [];
  restOrder(lays, 'lay', 210, { betId: 'mine', userId: 'me', size: 4_000, seq: 1 });
  restOrder(lays, 'lay', 210, { betId: 'theirs', userId: 'u2', size: 3_000, seq: 2 });
  restOrder(lays, 'lay', 206, { betId: 'far', userId: 'u3', size: 9_000, seq: 3 });
  const before = JSON.stringify(lays);
  // Feed offers 2.10 x ₹20 and 2.08 x ₹10 to backers; a back of ₹60 at 2.08 for 'me'.
  const r = takeOpposite(
    [
      { price: 208, size: 1_000 },
      { price: 210, size: 2_000 },
    ],
    lays,
    'back',
    208,
    6_000,
    'me',
  );
  t.same(
    r.fills.map((f) => [f.price, f.counterBetId, f.size]),
    [
      [210, null, 2_000],
      [210, 'theirs', 3_000],
      [208, null, 1_000],
    ],
    'best price first, the feed first at 2.10, my own lay skipped',
  );
  t.equal(r.remaining, 0);
  t.equal(JSON.stringify(lays), before, 'the book is read, not changed');
  t.same(
    takeOpposite([], lays, 'back', 212, 1_000, 'u9'),
    { fills: [], remaining: 1_000 },
    'nothing at 2.12 or better',
  );
});

/** Makes reading an order's user throw: the walk must never reach it. */
const untouchable = (order: { userId: string | null }) =>
  Object.defineProperty(order, 'userId', {
    get: () => {
      throw new Error('walked past the last order of anyone else');
    },
  });

t.test("takeOpposite: a bettor's own orders at a level end the walk at the last of anyone else's", async (t) => {
  const lays: Level[] = [];
  restOrder(lays, 'lay', 210, { betId: 'mine0', userId: 'me', size: 1_000, seq: 1 });
  restOrder(lays, 'lay', 210, { betId: 'theirs', userId: 'u2', size: 1_000, seq: 2 });
  for (let i = 1; i < 4; i++) restOrder(lays, 'lay', 210, { betId: `mine${i}`, userId: 'me', size: 1_000, seq: 2 + i });
  const first = takeOpposite([], lays, 'back', 210, 5_000, 'me');
  t.same(
    first.fills.map((f) => [f.counterBetId, f.size]),
    [['theirs', 1_000]],
  );
  t.equal(first.remaining, 4_000);
  // Counted now: orders rested and taken off after it are kept in the count.
  restOrder(lays, 'lay', 210, { betId: 'late', userId: 'u3', size: 500, seq: 9 });
  restOrder(lays, 'lay', 210, { betId: 'mine4', userId: 'me', size: 1_000, seq: 10 });
  unrestOrder(lays[0]!, 1);
  t.same(
    lays[0]!.orders.map((o) => o.betId),
    ['mine0', 'mine1', 'mine2', 'mine3', 'late', 'mine4'],
  );
  untouchable(lays[0]!.orders[5]!);
  const second = takeOpposite([], lays, 'back', 210, 5_000, 'me');
  t.same(
    second.fills.map((f) => [f.counterBetId, f.size]),
    [['late', 500]],
    "the walk ends at the last order of anyone else, never reading the bettor's order behind it",
  );
  t.same(
    takeOpposite([], lays, 'back', 210, 300, 'u9').fills.map((f) => [f.counterBetId, f.size]),
    [['mine0', 300]],
    'anyone else takes them, first in line first',
  );
});

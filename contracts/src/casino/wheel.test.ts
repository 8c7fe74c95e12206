import t from 'tap';
import { pocketColour, WHEEL, WHEEL_ORDER } from './wheel.js';

t.test('the wheel: 37 pockets in number order, 18 red, 18 black and a green zero', async (t) => {
  t.same(
    WHEEL.map((p) => p.code),
    Array.from({ length: 37 }, (_, n) => String(n)),
  );
  t.ok(WHEEL.every((p, n) => p.number === n));
  const colours = WHEEL.map((p) => pocketColour(p.number));
  t.same(
    ['red', 'black', 'green'].map((c) => colours.filter((x) => x === c).length),
    [18, 18, 1],
  );
  t.same([1, 2, 10, 11, 18, 19, 28, 29, 36].map(pocketColour), [
    'red',
    'black',
    'black',
    'black',
    'red',
    'red',
    'black',
    'black',
    'red',
  ]);
});

t.test('round the wheel every pocket once, red and black alternating after the zero', async (t) => {
  t.same(
    [...WHEEL_ORDER].sort((a, b) => a - b),
    Array.from({ length: 37 }, (_, n) => n),
  );
  t.equal(WHEEL_ORDER[0], 0);
  t.ok(WHEEL_ORDER.slice(1).every((n, i) => pocketColour(n) === (i % 2 === 0 ? 'red' : 'black')));
});

import t from 'tap';
import { WHEEL } from '@exch/contracts';
import { roulette } from '../../src/casino/tables/roulette.js';
import { backProfit } from '../../src/casino/tables/settle.js';
import { paid } from './deal.js';

/** The round a wheel shuffled with pocket `n` first draws. */
const spin = (n: number) => {
  const shuffled = [WHEEL[n]!, ...WHEEL.filter((p) => p.number !== n)];
  const dealt = roulette.deal(shuffled);
  const result = roulette.result(dealt);
  return { dealt: dealt.map((d) => `${d.to} ${d.card.code}`), result, paid: paid(roulette, result) };
};
const OUTSIDE = [
  'Red',
  'Black',
  'Odd',
  'Even',
  '1-18',
  '19-36',
  '1st Dozen',
  '2nd Dozen',
  '3rd Dozen',
  '1st Column',
  '2nd Column',
  '3rd Column',
];
const market = (name: string) => roulette.markets.find((m) => m.name === name)!;
const outcome = (n: number, name: string) => spin(n).result.markets.find((m) => m.sid === market(name).sid)!;

t.test('one pocket, the shuffled wheel’s first: 17 pays its number and six outside bets', async (t) => {
  const r = spin(17);
  t.same(r.dealt, ['Wheel 17']);
  t.same([r.result.code, r.result.winner], [17, '17 Black']);
  t.equal(r.result.description, '17 Black: Odd, 1-18, 2nd Dozen, 2nd Column');
  t.same(r.paid, {
    'Number 17': 'win',
    Black: 'win',
    Odd: 'win',
    '1-18': 'win',
    '2nd Dozen': 'win',
    '2nd Column': 'win',
  });
  // ₹100 in paise: a number pays 35 times the stake, an even bet once, a dozen or column twice.
  t.equal(backProfit(10_000, 3600, outcome(17, 'Number 17')), 350_000, 'a number pays 36.00');
  t.equal(backProfit(10_000, 3600, outcome(17, 'Number 16')), -10_000, 'the number beside it loses');
  t.equal(backProfit(10_000, 200, outcome(17, 'Black')), 10_000, 'Black pays 2.00');
  t.equal(backProfit(10_000, 200, outcome(17, 'Red')), -10_000);
  t.equal(backProfit(10_000, 300, outcome(17, '2nd Dozen')), 20_000, 'a dozen pays 3.00');
  t.equal(backProfit(10_000, 300, outcome(17, '2nd Column')), 20_000, 'a column pays 3.00');
  t.equal(backProfit(10_000, 300, outcome(17, '3rd Column')), -10_000);
});

t.test('zero: Number 0 wins, every outside bet loses', async (t) => {
  const r = spin(0);
  t.same([r.result.code, r.result.winner], [0, '0 Green']);
  t.equal(r.result.description, '0 Green: every outside bet loses');
  t.same(r.paid, { 'Number 0': 'win' });
  for (const name of OUTSIDE) t.equal(outcome(0, name).outcome, 'lose', `${name} loses on 0`);
  t.equal(backProfit(10_000, 3600, outcome(0, 'Number 0')), 350_000, 'zero pays 36.00 like any number');
});

t.test('red and black, odd and even, 1-18 and 19-36 at their edges', async (t) => {
  // 10 and 28 are black evens, 11 and 29 black odds, 18 and 19 both red: the colours do not alternate by number.
  t.same(
    [1, 2, 10, 11, 18, 19, 28, 29, 36].map((n) => spin(n).result.winner),
    ['1 Red', '2 Black', '10 Black', '11 Black', '18 Red', '19 Red', '28 Black', '29 Black', '36 Red'],
  );
  t.same(spin(18).paid, {
    'Number 18': 'win',
    Red: 'win',
    Even: 'win',
    '1-18': 'win',
    '2nd Dozen': 'win',
    '3rd Column': 'win',
  });
  t.same(spin(19).paid, {
    'Number 19': 'win',
    Red: 'win',
    Odd: 'win',
    '19-36': 'win',
    '2nd Dozen': 'win',
    '1st Column': 'win',
  });
  t.same(spin(10).paid, {
    'Number 10': 'win',
    Black: 'win',
    Even: 'win',
    '1-18': 'win',
    '1st Dozen': 'win',
    '1st Column': 'win',
  });
  t.same(spin(29).paid, {
    'Number 29': 'win',
    Black: 'win',
    Odd: 'win',
    '19-36': 'win',
    '3rd Dozen': 'win',
    '2nd Column': 'win',
  });
});

t.test('each dozen and each column, at their first and last numbers', async (t) => {
  const won = (n: number, names: string[]) => names.filter((name) => spin(n).paid[name] === 'win');
  const dozens = ['1st Dozen', '2nd Dozen', '3rd Dozen'];
  t.same(
    [1, 12, 13, 24, 25, 36].map((n) => won(n, dozens)),
    [['1st Dozen'], ['1st Dozen'], ['2nd Dozen'], ['2nd Dozen'], ['3rd Dozen'], ['3rd Dozen']],
  );
  // The layout's rows: 1st column 1, 4 ... 34; 2nd 2, 5 ... 35; 3rd 3, 6 ... 36.
  const columns = ['1st Column', '2nd Column', '3rd Column'];
  t.same(
    [1, 34, 2, 35, 3, 36].map((n) => won(n, columns)),
    [['1st Column'], ['1st Column'], ['2nd Column'], ['2nd Column'], ['3rd Column'], ['3rd Column']],
  );
});

t.test('every pocket against the layout written out by hand', async (t) => {
  const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  const column = (first: number) => Array.from({ length: 12 }, (_, i) => first + 3 * i);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const holds: Record<string, number[]> = {
    Red: red,
    Black: range(1, 36).filter((n) => !red.includes(n)),
    Odd: range(1, 36).filter((n) => n % 2 === 1),
    Even: range(1, 36).filter((n) => n % 2 === 0),
    '1-18': range(1, 18),
    '19-36': range(19, 36),
    '1st Dozen': range(1, 12),
    '2nd Dozen': range(13, 24),
    '3rd Dozen': range(25, 36),
    '1st Column': column(1),
    '2nd Column': column(2),
    '3rd Column': column(3),
  };
  for (const { number } of WHEEL) {
    const expected = {
      [`Number ${number}`]: 'win',
      ...Object.fromEntries(OUTSIDE.filter((name) => holds[name]!.includes(number)).map((name) => [name, 'win'])),
    };
    t.same(spin(number).paid, expected, `pocket ${number}`);
    t.equal(spin(number).result.code, number);
  }
});

t.test('markets: the 37 numbers, then the outside bets', async (t) => {
  t.equal(roulette.markets.length, 49);
  t.same(
    roulette.markets.slice(0, 2).map((m) => `${m.sid} ${m.name} ${m.odds} ${m.group}`),
    ['1 Number 0 3600 Numbers', '2 Number 1 3600 Numbers'],
  );
  t.equal(market('Number 36').sid, 37);
  t.same(
    roulette.markets.slice(37).map((m) => `${m.sid} ${m.name} ${m.odds} ${m.group}`),
    [
      '38 Red 200 Red / Black',
      '39 Black 200 Red / Black',
      '40 Odd 200 Odd / Even',
      '41 Even 200 Odd / Even',
      '42 1-18 200 1-18 / 19-36',
      '43 19-36 200 1-18 / 19-36',
      '44 1st Dozen 300 Dozens',
      '45 2nd Dozen 300 Dozens',
      '46 3rd Dozen 300 Dozens',
      '47 1st Column 300 Columns',
      '48 2nd Column 300 Columns',
      '49 3rd Column 300 Columns',
    ],
  );
  t.same(
    roulette.shoe().map((p) => p.code),
    WHEEL.map((p) => p.code),
    'the shoe is the wheel in number order',
  );
});

import t from 'tap';
import { baccarat } from '../../src/casino/tables/baccarat.js';
import { backProfit } from '../../src/casino/tables/settle.js';
import { paid, play } from './deal.js';

// Cards come Player, Banker, Player, Banker, then any third cards: Player's first.
const round = (cards: string) => {
  const { dealt, result } = play(baccarat, cards);
  return { dealt: dealt.join(', '), code: result.code, paid: paid(baccarat, result) };
};

t.test('naturals: an 8 or 9 in two cards, and both stand', async (t) => {
  // Player 4+5 = 9, Banker 0+7 = 7.
  t.same(round('4S KD 5H 7C'), {
    dealt: 'Player 4S, Banker KD, Player 5H, Banker 7C',
    code: 1,
    paid: { Player: 'win', Small: 'win' },
  });
  // Player A+2 = 3 would draw, but Banker 3+5 = 8 is a natural.
  t.same(round('AS 3D 2H 5C'), {
    dealt: 'Player AS, Banker 3D, Player 2H, Banker 5C',
    code: 2,
    paid: { Banker: 'win', Small: 'win' },
  });
});

t.test('the player draws on 0-5 and stands on 6-7; a banker whose player stood draws on 0-5', async (t) => {
  // Player 1+4 = 5 draws 5 (total 0); Banker 3+4 = 7 stands.
  t.same(round('AS 3D 4H 4C 5S'), {
    dealt: 'Player AS, Banker 3D, Player 4H, Banker 4C, Player 5S',
    code: 2,
    paid: { Banker: 'win', Big: 'win' },
  });
  // Player 1+5 = 6 stands; Banker 2+3 = 5 draws 4: 9.
  t.same(round('AS 2D 5H 3C 4S'), {
    dealt: 'Player AS, Banker 2D, Player 5H, Banker 3C, Banker 4S',
    code: 2,
    paid: { Banker: 'win', Big: 'win' },
  });
  // Player 7 and Banker 7 both stand: a tie returns Player and Banker.
  t.same(round('KS QD 7H 7C'), {
    dealt: 'Player KS, Banker QD, Player 7H, Banker 7C',
    code: 3,
    paid: { Player: 'push', Banker: 'push', Tie: 'win', Small: 'win' },
  });
});

t.test("the banker's third card against the player's", async (t) => {
  // Banker 0-2 draws whatever the player's third card: Banker K+2 = 2, player's third 8.
  t.same(round('AS KD 2H 2C 8S 3C'), {
    dealt: 'Player AS, Banker KD, Player 2H, Banker 2C, Player 8S, Banker 3C',
    code: 2,
    paid: { Banker: 'win', Big: 'win' },
  });
  // [cards, how many are dealt, why]: the player holds A+2 = 3 and draws the fifth card.
  const table: [string, number, string][] = [
    ['AS 2D 2H AC 8S', 5, 'banker 3, player drew 8: stands'],
    ['AS 2D 2H AC 9S', 6, 'banker 3, player drew 9: draws'],
    ['AS 2D 2H 2C AD', 5, 'banker 4, player drew A: stands'],
    ['AS 2D 2H 2C 2S', 6, 'banker 4, player drew 2: draws'],
    ['AS 2D 2H 2C 7S', 6, 'banker 4, player drew 7: draws'],
    ['AS 2D 2H 2C 8S', 5, 'banker 4, player drew 8: stands'],
    ['AS 2D 2H 3C 3S', 5, 'banker 5, player drew 3: stands'],
    ['AS 2D 2H 3C 4S', 6, 'banker 5, player drew 4: draws'],
    ['AS 2D 2H 3C 8S', 5, 'banker 5, player drew 8: stands'],
    ['AS 3D 2H 3C 5S', 5, 'banker 6, player drew 5: stands'],
    ['AS 3D 2H 3C 6S', 6, 'banker 6, player drew 6: draws'],
    ['AS 3D 2H 3C 7S', 6, 'banker 6, player drew 7: draws'],
    ['AS 3D 2H 4C 6S', 5, 'banker 7, player drew 6: stands'],
  ];
  for (const [cards, dealt, why] of table) t.equal(play(baccarat, cards).dealt.length, dealt, why);
  // A tie after third cards: Player A+2 = 3 draws A: 4; Banker 3+A = 4 stands on a player's A.
  t.same(round('AS 3D 2H AC AD'), {
    dealt: 'Player AS, Banker 3D, Player 2H, Banker AC, Player AD',
    code: 3,
    paid: { Player: 'push', Banker: 'push', Tie: 'win', Big: 'win' },
  });
});

t.test('a Banker win with 6 pays half', async (t) => {
  // Player A+2 = 3 draws A: 4. Banker 4+2 = 6 stands on a player's A. Banker wins 6 to 4.
  const { result } = play(baccarat, 'AS 4D 2H 2C AD');
  t.same(paid(baccarat, result), { Banker: 'half-win', Big: 'win' });
  t.equal(backProfit(10_000, 200, result.markets[1]!), 5_000, '₹100 wins ₹50');
  t.equal(backProfit(33, 200, result.markets[1]!), 16, '16.5 paise rounds down');
  // Banker 7 is a full win.
  t.same(paid(baccarat, play(baccarat, 'AS 3D 4H 4C 5S').result).Banker, 'win');
});

t.test('pairs are the first two cards of a hand of equal rank', async (t) => {
  // Player K K = 0 draws 9; Banker 2+5 = 7 stands on a 9. Player 9 wins with a pair.
  t.same(round('KS 2D KH 5C 9S').paid, { Player: 'win', 'Player Pair': 'win', Big: 'win' });
  // K and Q are both worth 0 but are no pair.
  t.same(round('KS 2D QH 5C 9S').paid, { Player: 'win', Big: 'win' });
  // Player 9 natural, Banker 4+4 = 8: a banker pair.
  t.same(round('9S 4D KH 4C').paid, { Player: 'win', 'Banker Pair': 'win', Small: 'win' });
  // 3 3 against 3 3: both pairs, and a tie at 6.
  t.same(round('3S 3D 3H 3C'), {
    dealt: 'Player 3S, Banker 3D, Player 3H, Banker 3C',
    code: 3,
    paid: { Player: 'push', Banker: 'push', Tie: 'win', 'Player Pair': 'win', 'Banker Pair': 'win', Small: 'win' },
  });
});

t.test('markets', async (t) => {
  t.same(
    baccarat.markets.map((m) => `${m.sid} ${m.name} ${m.odds}`),
    [
      '1 Player 200',
      '2 Banker 200',
      '3 Tie 900',
      '4 Player Pair 1200',
      '5 Banker Pair 1200',
      '6 Big 154',
      '7 Small 250',
    ],
  );
  t.equal(baccarat.shoe().length, 416);
});

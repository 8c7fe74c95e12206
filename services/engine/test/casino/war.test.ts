import t from 'tap';
import { backProfit } from '../../src/casino/tables/settle.js';
import { war } from '../../src/casino/tables/war.js';
import { paid, play } from './deal.js';

const round = (cards: string) => {
  const { dealt, result } = play(war, cards);
  return { dealt, code: result.code, winner: result.winner, paid: paid(war, result) };
};

t.test('dealt Players 1 to 6, then the dealer; a card above the dealer’s wins, ace high', async (t) => {
  const r = play(war, 'AS 2H 9C 10D JS 8H 9D');
  t.same(r.dealt, [
    'Player 1 AS',
    'Player 2 2H',
    'Player 3 9C',
    'Player 4 10D',
    'Player 5 JS',
    'Player 6 8H',
    'Dealer 9D',
  ]);
  t.same([r.result.code, r.result.winner], [3, 'Players 1, 4, 5']);
  t.equal(r.result.description, '1: AS, 2: 2H, 3: 9C, 4: 10D, 5: JS, 6: 8H; Dealer 9D: Players 1, 4, 5');
  // Every market of every seat: Winner, colour, parity (A and J odd, 10 and 8 and 2 even) and suit.
  t.same(paid(war, r.result), {
    'Player 1 Winner': 'win',
    'Player 1 Black': 'win',
    'Player 1 Odd': 'win',
    'Player 1 Spade': 'win',
    'Player 2 Red': 'win',
    'Player 2 Even': 'win',
    'Player 2 Heart': 'win',
    'Player 3 Winner': 'push',
    'Player 3 Black': 'win',
    'Player 3 Odd': 'win',
    'Player 3 Club': 'win',
    'Player 4 Winner': 'win',
    'Player 4 Red': 'win',
    'Player 4 Even': 'win',
    'Player 4 Diamond': 'win',
    'Player 5 Winner': 'win',
    'Player 5 Black': 'win',
    'Player 5 Odd': 'win',
    'Player 5 Spade': 'win',
    'Player 6 Red': 'win',
    'Player 6 Even': 'win',
    'Player 6 Heart': 'win',
  });
  const market = (name: string) =>
    r.result.markets.find((m) => m.sid === war.markets.find((d) => d.name === name)!.sid)!;
  t.equal(backProfit(10_000, 198, market('Player 1 Winner')), 9_800, 'Winner pays 1.98');
  t.equal(backProfit(10_000, 198, market('Player 3 Winner')), 0, 'the same rank as the dealer returns the stake');
  t.equal(backProfit(10_000, 198, market('Player 6 Winner')), -10_000, 'a lower card loses');
  t.equal(backProfit(10_000, 375, market('Player 4 Diamond')), 27_500, 'a suit pays 3.75');
  t.equal(backProfit(10_000, 212, market('Player 2 Even')), 11_200);
  t.equal(backProfit(10_000, 183, market('Player 1 Odd')), 8_300);
  t.equal(backProfit(10_000, 197, market('Player 4 Red')), 9_700);
});

t.test('no player above the dealer: the dealer’s round, code 0; all six above: code 6', async (t) => {
  t.same(round('2S 3H 4C 5D 6S 7H AC').winner, 'Dealer');
  t.equal(round('2S 3H 4C 5D 6S 7H AC').code, 0);
  const aces = round('KS KH KC KD AS AH 2C');
  t.same([aces.code, aces.winner], [6, 'Players 1, 2, 3, 4, 5, 6']);
  t.equal(round('QS 3H 4C 5D 6S 7H JC').winner, 'Player 1', 'one winner');
});

t.test('the ace is high against the dealer, never low', async (t) => {
  t.equal(round('AD 2S 3S 4S 5S 6S KD').paid['Player 1 Winner'], 'win', 'A beats K');
  t.equal(round('KD 2S 3S 4S 5S 6S AD').paid['Player 1 Winner'], undefined, 'K loses to A');
  t.equal(round('AD 2S 3S 4S 5S 6S AC').paid['Player 1 Winner'], 'push', 'A against A returns');
});

t.test('markets: nine a player, in seat order', async (t) => {
  t.equal(war.markets.length, 54);
  t.same(
    war.markets.slice(0, 9).map((m) => `${m.sid} ${m.name} ${m.odds} ${m.group}`),
    [
      '1 Player 1 Winner 198 Player 1',
      '2 Player 1 Red 197 Player 1',
      '3 Player 1 Black 197 Player 1',
      '4 Player 1 Even 212 Player 1',
      '5 Player 1 Odd 183 Player 1',
      '6 Player 1 Spade 375 Player 1',
      '7 Player 1 Heart 375 Player 1',
      '8 Player 1 Club 375 Player 1',
      '9 Player 1 Diamond 375 Player 1',
    ],
  );
  t.same(
    war.markets.filter((m) => m.name.endsWith('Winner')).map((m) => m.sid),
    [1, 10, 19, 28, 37, 46],
  );
});

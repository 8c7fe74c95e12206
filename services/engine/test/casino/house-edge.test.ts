import t, { type Test } from 'tap';
import { choose } from '../../src/casino/exact/counting.js';
import { exactReturns } from '../../src/casino/exact/index.js';
import { TABLES, tableByCode } from '../../src/casino/index.js';

/**
 * Exact chances and returns (services/engine/src/casino/exact/), checked against values worked
 * out by hand, and for a house edge on every market. statistics.test.ts checks dealt rounds.
 */
// Poker 20-20 judges some 145 million hands: poker20-edge.test.ts checks it on its own.
const exact = new Map(
  TABLES.filter((table) => table.code !== 'poker20').map((table) => [table.code, exactReturns(table)]),
);

const rtpOf = (code: string) => {
  const table = tableByCode(code)!;
  const rtp = exact.get(code)!.rtp;
  return (name: string) => rtp.get(table.markets.find((m) => m.name === name)!.sid)!;
};
// Sums of up to a million floating-point terms: equal to 1e-10.
const close = (t: Test, actual: number, expected: number, what: string, within = 1e-10) =>
  t.ok(Math.abs(actual - expected) <= within, `${what}: ${actual} ≈ ${expected}`);

t.test('returns worked out by hand', async (t) => {
  const lucky7 = rtpOf('lucky7');
  // 6 low, 6 high and one 7 (half back) in 13 ranks; Even 6 ranks at 2.12; Odd 7 at 1.83; a rank 1 in 13 at 12.
  close(t, lucky7('Low Card'), 12.5 / 13, 'Lucky 7 Low');
  close(t, lucky7('Even'), (6 * 2.12) / 13, 'Lucky 7 Even');
  close(t, lucky7('Odd'), (7 * 1.83) / 13, 'Lucky 7 Odd');
  close(t, lucky7('Red'), 0.985, 'Lucky 7 Red');
  close(t, lucky7('Card 7'), 12 / 13, 'Lucky 7 Card 7');
  const aaa = rtpOf('aaa');
  close(t, aaa('Amar'), (6 * 2.12) / 13, 'Amar');
  close(t, aaa('Akbar'), (4 * 3.15) / 13, 'Akbar');
  close(t, aaa('Anthony'), (3 * 4.15) / 13, 'Anthony');
  close(t, aaa('Over 7'), 12.5 / 13, 'Over 7');
  const btable = rtpOf('btable');
  // 32 cards: Don 2, the three-card films 6, Dharam Veer 4, Kis Kisko Pyaar Karoon 8.
  close(t, btable('Don'), (2 * 15.2) / 32, 'Don');
  close(t, btable('Ghulam'), (6 * 5.1) / 32, 'Ghulam');
  close(t, btable('Dharam Veer'), (4 * 7.6) / 32, 'Dharam Veer');
  close(t, btable('Kis Kisko Pyaar Karoon'), (8 * 3.8) / 32, 'Kis Kisko Pyaar Karoon');
  close(t, btable('Odd'), (24 * 1.3) / 32, 'Odd');
  close(t, btable('Card Q'), 3.75 / 4, 'Card Q');
  // Dragon Tiger, 416 cards: Tiger draws the same card as Dragon 7 times in 415, the same rank 31 times.
  const dt20 = rtpOf('dt20');
  close(t, exact.get('dt20')!.codes.get(3)!, 7 / 415, 'Tie chance');
  close(t, dt20('Dragon'), (2 * 204) / 415, 'Dragon');
  close(t, dt20('Tie'), (51 * 7) / 415, 'Tie');
  close(t, dt20('Pair'), (12 * 31) / 415, 'Pair');
  close(t, dt20('Tiger Odd'), (7 * 1.83) / 13, 'Tiger Odd');
  // Teen Patti: 450,528 of the 22,100 x 18,424 ordered pairs of disjoint hands tie (checked with an
  // independent count in Python). Pair Plus: 3,744 pairs, 1,096 colours, 720 sequences, 52 trails,
  // 48 pure sequences in 22,100 hands.
  const tie = 450_528 / (22_100 * 18_424);
  close(t, exact.get('teen20')!.codes.get(0)!, tie, 'Teen Patti tie');
  close(t, rtpOf('teen20')('Player A'), (1.98 * (1 - tie)) / 2 + tie, 'Player A');
  close(t, rtpOf('teen20')('Pair Plus B'), (3744 * 2 + 1096 * 5 + 720 * 7 + 52 * 31 + 48 * 41) / 22_100, 'Pair Plus');
  // Andar Bahar: a rank's first card is Bahar's with chance (1 + 10,725 / 270,725) / 2, Bahar's very first card 1/13.
  const bahar = (1 + 10_725 / 270_725) / 2;
  close(t, rtpOf('ab20')('Andar 7'), 2 * (1 - bahar), 'Andar 7');
  close(t, rtpOf('ab20')('Bahar 7'), 2 * (bahar - 1 / 13) + 1.25 / 13, 'Bahar 7');
  // Baccarat with eight decks, the published figures: Banker 45.8597%, Player 44.6247%, Tie 9.5156%.
  const codes = exact.get('baccarat')!.codes;
  close(t, codes.get(2)!, 0.458597, 'Banker wins', 5e-7);
  close(t, codes.get(1)!, 0.446247, 'Player wins', 5e-7);
  close(t, codes.get(3)!, 0.095156, 'Tie', 5e-7);
  close(t, rtpOf('baccarat')('Player'), 2 * codes.get(1)! + codes.get(3)!, 'Player');
  close(t, rtpOf('baccarat')('Player Pair'), (12 * 31) / 415, 'Player Pair');
  // 32 Cards, checked with an independent dynamic program in Python.
  const players = exact.get('card32')!.codes;
  for (const [code, p] of [
    [1, 0.0783277716],
    [2, 0.1637869237],
    [3, 0.2930231121],
    [4, 0.4648621926],
  ] as const)
    close(t, players.get(code)!, p, `Player ${code + 7}`, 5e-11);
  t.ok(players.get(0)! < 1e-13, 'a void needs a dozen ties running');
  // Casino War: 51 cards face the dealer's, 3 of its rank (a push) and, over the 13 ranks, 24 above on average.
  const war = rtpOf('war');
  close(t, war('Player 4 Winner'), (1.98 * 24 + 3) / 51, 'War Winner');
  close(t, war('Player 1 Spade'), 3.75 / 4, 'War suit');
  close(t, war('Player 6 Even'), (6 * 2.12) / 13, 'War Even');
  // All six beat the dealer: C(h, 6) / C(51, 6) for the h = 4 × (14 - v) cards above a dealer of value v, each v 1/13.
  const sixAbove =
    [48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8].reduce((sum, h) => sum + choose(h, 6) / choose(51, 6), 0) / 13;
  close(t, exact.get('war')!.codes.get(6)!, sixAbove, 'War: all six win');
  close(t, rtpOf('card32')('Player 8'), 12.4 * players.get(1)! + players.get(0)!, 'Player 8');
  // Race 20-20: a king a quarter; five of a suit first: 4 × 12·11·10·9·8 / (48·47·46·45·44); 12 cards or
  // fewer and 80 points or fewer from an independent walk of the race in plain JavaScript.
  const race = rtpOf('race20');
  close(t, race('K♦'), 3.9 / 4, 'K♦');
  close(t, race('Win with 5'), (500 * 4 * 12 * 11 * 10 * 9 * 8) / (48 * 47 * 46 * 45 * 44), 'Win with 5');
  close(t, race('Cards Under 12.5'), 2.02 * 0.4837151208, 'Cards Under 12.5', 1e-9);
  close(t, race('Points Over 80.5'), 1.9 * (1 - 0.488252651), 'Points Over 80.5', 1e-9);
  // Worli: each single 1 in 10 (the deck maps onto itself with every digit shifted by one), so each line and parity a half.
  const worli = rtpOf('worli');
  close(t, worli('Single 0'), 0.9, 'Single 0');
  close(t, worli('Single 7'), 0.9, 'Single 7');
  close(t, worli('Line 1 (1-5)'), 0.95, 'Line 1');
  close(t, worli('Even'), 0.95, 'Even');
  // 3 Cards Judgement: none of the 4k cards of k picked ranks among the three is C(52 - 4k, 3) / C(52, 3).
  const judgement = rtpOf('3cardj');
  const none = (k: number) => choose(52 - 4 * k, 3) / choose(52, 3);
  close(t, none(1), 17_296 / 22_100, 'no ace among three: C(48, 3) = 17,296');
  for (const [k, yes, no] of [
    [1, 4.45, 1.24],
    [2, 2.42, 1.62],
    [3, 1.75, 2.17],
  ] as const) {
    const s = k > 1 ? 's' : '';
    close(t, judgement(`Yes ${k} card${s}`), yes * (1 - none(k)), `Judgement Yes ${k}`);
    close(t, judgement(`No ${k} card${s}`), no * none(k), `Judgement No ${k}`);
  }
  // Exactly: Yes 1 card 106,889/110,500 (3.27% edge), No 3 cards 4,123/4,250 (2.99%).
  close(t, judgement('Yes 1 card'), 106_889 / 110_500, 'Yes 1 card as a fraction');
  close(t, judgement('No 3 cards'), 4_123 / 4_250, 'No 3 cards as a fraction');
  // Three of one rank 13 × C(4, 3), a pair 13 × C(4, 2) × 48, all different the rest.
  close(t, exact.get('3cardj')!.codes.get(1)!, 52 / 22_100, 'three of a rank');
  close(t, exact.get('3cardj')!.codes.get(2)!, 3_744 / 22_100, 'a pair');
});

t.test('roulette: 37 pockets, each 1/37, every market 36/37 (a house edge of 1/37 = 2.70%)', async (t) => {
  const table = tableByCode('roulette')!;
  const { codes, wins, rtp } = exact.get('roulette')!;
  // The walk draws each pocket of the wheel once: every result code 0-36 at exactly 1/37.
  t.same(
    [...codes.keys()].sort((a, b) => a - b),
    Array.from({ length: 37 }, (_, n) => n),
  );
  for (const [code, p] of codes) close(t, p, 1 / 37, `pocket ${code}`, 1e-15);
  // A number wins on 1 pocket at 36.00, an even-money bet on 18 at 2.00, a dozen or column on 12 at 3.00.
  const pockets: Record<number, number> = { 3600: 1, 200: 18, 300: 12 };
  for (const m of table.markets) {
    const n = pockets[m.odds]!;
    close(t, wins.get(m.sid)!, n / 37, `${m.name} wins on ${n} of 37`, 1e-15);
    close(t, rtp.get(m.sid)!, (n * m.odds) / 100 / 37, `${m.name} returns ${n} × ${m.odds / 100} / 37`, 1e-14);
    close(t, 1 - rtp.get(m.sid)!, 1 / 37, `${m.name}: house edge 1/37`, 1e-14);
  }
});

t.test("every market has a house edge, and every table's results add up to certainty", async (t) => {
  for (const table of TABLES.filter((table) => exact.has(table.code))) {
    const { codes, rtp } = exact.get(table.code)!;
    close(
      t,
      [...codes.values()].reduce((a, b) => a + b, 0),
      1,
      `${table.code} results`,
      1e-9,
    );
    for (const m of table.markets)
      t.ok(rtp.get(m.sid)! < 1 && rtp.get(m.sid)! > 0.8, `${table.code} ${m.name} returns ${rtp.get(m.sid)}`);
  }
});

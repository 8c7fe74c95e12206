import t from 'tap';
import type { Rank } from '@exch/contracts';
import { judgement } from '../../src/casino/tables/3cardj.js';
import { backProfit } from '../../src/casino/tables/settle.js';
import { play, stacked } from './deal.js';

const RANK: Record<string, Rank> = { A: 1, J: 11, Q: 12, K: 13 };
const ranks = (labels: string) => labels.split(' ').map((l) => RANK[l] ?? (Number(l) as Rank));
const sidOf = (name: string) => judgement.markets.find((m) => m.name === name)!.sid;

/** What a bet on `market` that picked `picked` ("A 5 K") gets from a deck stacked with `cards`. */
const judge = (cards: string, market: string, picked: string) =>
  judgement.judgePick(judgement.deal(stacked(judgement, cards)), sidOf(market), ranks(picked)).outcome;

t.test('three cards to the dealer; the result is their ranks, its code how many differ', async (t) => {
  const r = play(judgement, 'KD 5H AS');
  t.same(r.dealt, ['Dealer KD', 'Dealer 5H', 'Dealer AS']);
  t.same([r.result.code, r.result.winner, r.result.description], [3, 'A 5 K', 'KD 5H AS: three different ranks']);
  t.same(r.result.markets, [], 'no market has one outcome for every bet: each is judged on its ranks');
  const pair = play(judgement, '10S 7C 7H').result;
  t.same([pair.code, pair.winner, pair.description], [2, '7 7 10', '10S 7C 7H: a pair (7)']);
  const trips = play(judgement, 'QC QS QH').result;
  t.same([trips.code, trips.winner, trips.description], [1, 'Q Q Q', 'QC QS QH: three of a rank (Q)']);
});

t.test('markets: Yes and No for one, two and three ranks', async (t) => {
  t.same(
    judgement.markets.map((m) => `${m.sid} ${m.name} ${m.odds} ${m.group} ${m.picks}`),
    [
      '1 Yes 1 card 445 Yes 1',
      '2 Yes 2 cards 242 Yes 2',
      '3 Yes 3 cards 175 Yes 3',
      '4 No 1 card 124 No 1',
      '5 No 2 cards 162 No 2',
      '6 No 3 cards 217 No 3',
    ],
  );
});

t.test('one rank: dealt once, twice or not at all', async (t) => {
  t.equal(judge('KD 5H AS', 'Yes 1 card', '5'), 'win', 'once');
  t.equal(judge('KD 5H AS', 'No 1 card', '5'), 'lose');
  t.equal(judge('5D 5H AS', 'Yes 1 card', '5'), 'win', 'twice pays the same');
  t.equal(judge('5D 5H AS', 'No 1 card', '5'), 'lose');
  t.equal(judge('KD 5H AS', 'Yes 1 card', '7'), 'lose', 'not at all');
  t.equal(judge('KD 5H AS', 'No 1 card', '7'), 'win');
});

t.test('two ranks: one of them dealt, both, one twice, neither', async (t) => {
  t.equal(judge('KD 5H AS', 'Yes 2 cards', '2 K'), 'win', 'K once');
  t.equal(judge('KD 5H AS', 'No 2 cards', '2 K'), 'lose');
  t.equal(judge('KD 5H AS', 'Yes 2 cards', 'A K'), 'win', 'both');
  t.equal(judge('KD 5H AS', 'No 2 cards', 'A K'), 'lose');
  t.equal(judge('KD KH AS', 'Yes 2 cards', '3 K'), 'win', 'K twice');
  t.equal(judge('KD KH AS', 'No 2 cards', '3 K'), 'lose');
  t.equal(judge('KD 5H AS', 'Yes 2 cards', '10 J'), 'lose', 'neither');
  t.equal(judge('KD 5H AS', 'No 2 cards', '10 J'), 'win');
});

t.test('three ranks: one dealt, one twice, all three, three of one rank, none', async (t) => {
  t.equal(judge('KD 5H AS', 'Yes 3 cards', '2 3 A'), 'win', 'A once');
  t.equal(judge('KD 5H AS', 'No 3 cards', '2 3 A'), 'lose');
  t.equal(judge('9D 9H AS', 'Yes 3 cards', '2 3 9'), 'win', '9 twice');
  t.equal(judge('9D 9H AS', 'No 3 cards', '2 3 9'), 'lose');
  t.equal(judge('KD 5H AS', 'Yes 3 cards', 'A 5 K'), 'win', 'all three');
  t.equal(judge('QC QS QH', 'Yes 3 cards', 'J Q K'), 'win', 'three queens');
  t.equal(judge('QC QS QH', 'No 3 cards', 'J Q K'), 'lose');
  t.equal(judge('KD 5H AS', 'Yes 3 cards', '2 3 4'), 'lose', 'none');
  t.equal(judge('KD 5H AS', 'No 3 cards', '2 3 4'), 'win');
});

t.test('each market pays at its odds, a loss takes the stake', async (t) => {
  const deal = judgement.deal(stacked(judgement, 'KD 5H AS'));
  const at = (market: string, picked: string) => judgement.judgePick(deal, sidOf(market), ranks(picked));
  t.equal(backProfit(10_000, 445, at('Yes 1 card', 'K')), 34_500, 'Yes 1 card 4.45');
  t.equal(backProfit(10_000, 242, at('Yes 2 cards', '2 5')), 14_200, 'Yes 2 cards 2.42');
  t.equal(backProfit(10_000, 175, at('Yes 3 cards', '2 3 A')), 7_500, 'Yes 3 cards 1.75');
  t.equal(backProfit(10_000, 124, at('No 1 card', 'Q')), 2_400, 'No 1 card 1.24');
  t.equal(backProfit(10_000, 162, at('No 2 cards', 'Q J')), 6_200, 'No 2 cards 1.62');
  t.equal(backProfit(10_000, 217, at('No 3 cards', '2 3 4')), 11_700, 'No 3 cards 2.17');
  t.equal(backProfit(10_000, 217, at('No 3 cards', '2 3 K')), -10_000, 'a K was dealt: No loses');
});

t.test('a pick of the wrong size is a bug in the caller, never a result', async (t) => {
  const deal = judgement.deal(stacked(judgement, 'KD 5H AS'));
  t.throws(() => judgement.judgePick(deal, sidOf('Yes 2 cards'), ranks('K')));
  t.throws(() => judgement.judgePick(deal, 99, ranks('K')));
});

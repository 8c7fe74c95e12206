import t from 'tap';
import { buildShoe, card, isRed, parseCard, parseRank, pickedName, rankLabel, RANKS } from './cards.js';

t.test('codes: rank then suit, parsed back to the same card', async (t) => {
  t.same(parseCard('AS'), { rank: 1, suit: 'S', code: 'AS' });
  t.same(parseCard('10H'), { rank: 10, suit: 'H', code: '10H' });
  t.equal(parseCard('KD'), card(13, 'D'), 'one object per card');
  t.equal(card(12, 'C').code, 'QC');
  for (const bad of ['', 'A', '1S', 'TS', '11H', 'as', 'KX', ' AS']) t.equal(parseCard(bad), null, bad);
  t.same(RANKS.map(rankLabel).join(' '), 'A 2 3 4 5 6 7 8 9 10 J Q K');
  t.ok(isRed(card(5, 'H')) && isRed(card(5, 'D')));
  t.notOk(isRed(card(5, 'S')) || isRed(card(5, 'C')));
});

t.test('ranks a bet picks: labels parsed, named in rank order', async (t) => {
  t.same(['A', '10', 'K'].map(parseRank), [1, 10, 13]);
  for (const bad of ['', '1', '11', 'T', 'a', ' K', 'KS']) t.equal(parseRank(bad), null, bad);
  t.equal(pickedName('Yes 3 cards', [13, 1, 10]), 'Yes 3 cards: A 10 K');
});

t.test('shoes: decks, suits then ranks in the order given', async (t) => {
  const one = buildShoe(1);
  t.equal(one.length, 52);
  t.same(
    one.slice(0, 3).map((c) => c.code),
    ['AS', '2S', '3S'],
  );
  t.same(
    one.slice(12, 14).map((c) => c.code),
    ['KS', 'AH'],
  );
  t.equal(one[51]!.code, 'KD');
  t.equal(new Set(one).size, 52);
  const eight = buildShoe(8);
  t.equal(eight.length, 416);
  t.equal(eight.filter((c) => c.code === 'QH').length, 8);
  // 32 Cards: 6 to K of one deck.
  const thirtyTwo = buildShoe(1, [6, 7, 8, 9, 10, 11, 12, 13]);
  t.equal(thirtyTwo.length, 32);
  t.same(
    thirtyTwo.slice(0, 9).map((c) => c.code),
    ['6S', '7S', '8S', '9S', '10S', 'JS', 'QS', 'KS', '6H'],
  );
  // Bollywood: J, Q, K, A of two decks.
  const bollywood = buildShoe(2, [11, 12, 13, 1]);
  t.equal(bollywood.length, 32);
  t.same(
    bollywood.slice(0, 5).map((c) => c.code),
    ['JS', 'QS', 'KS', 'AS', 'JH'],
  );
  t.equal(bollywood.filter((c) => c.code === 'AS').length, 2);
});

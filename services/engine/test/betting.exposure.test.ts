import t from 'tap';
import { bookmakerOutcome, exchangeOutcome, fancyOutcome } from '@exch/contracts';
import { exposureOf, fancyExposure, fancyLadder, runnerBook, type RunnerPosition } from '../src/betting/exposure.js';

const none = { win: 0, lose: 0 };

t.test('outcomes of SPEC.md section 9, hand-computed, profit down and liability up', async (t) => {
  // Back ₹100 at 1.85: wins 85.00, loses 100.00.
  t.same(exchangeOutcome('back', 185, 10_000), { win: 8_500, lose: 10_000 });
  // Lay ₹100 at 1.85: wins 100.00, loses 85.00.
  t.same(exchangeOutcome('lay', 185, 10_000), { win: 10_000, lose: 8_500 });
  // Back ₹0.33 at 2.02: profit 0.3366 -> 0.33 (down); lay liability 0.3366 -> 0.34 (up).
  t.same(exchangeOutcome('back', 202, 33), { win: 33, lose: 33 });
  t.same(exchangeOutcome('lay', 202, 33), { win: 33, lose: 34 });
  // Bookmaker rate 85 on ₹200: profit 170.00.
  t.same(bookmakerOutcome('back', 85, 20_000), { win: 17_000, lose: 20_000 });
  t.same(bookmakerOutcome('lay', 85, 20_000), { win: 20_000, lose: 17_000 });
  // Fancy Yes at volume 90 on ₹100: profit 90.00; No at volume 110 loses 110.00.
  t.same(fancyOutcome('yes', 90, 10_000), { win: 9_000, lose: 10_000 });
  t.same(fancyOutcome('no', 110, 10_000), { win: 10_000, lose: 11_000 });
  // Longest odds and largest stake stay exact integers.
  t.same(exchangeOutcome('lay', 100000, 10_000_000_000), { win: 10_000_000_000, lose: 9_990_000_000_000 });
});

t.test('match odds book: several bets across runners', async (t) => {
  // Three runners A, B, C. Back A ₹100 @ 2.50; lay B ₹50 @ 3.00; back C ₹20 @ 5.00 of which ₹10 is unmatched.
  const positions: RunnerPosition[] = [
    { selectionId: 'A', side: 'back', matched: exchangeOutcome('back', 250, 10_000), unmatched: none },
    { selectionId: 'B', side: 'lay', matched: exchangeOutcome('lay', 300, 5_000), unmatched: none },
    { selectionId: 'C', side: 'back', matched: exchangeOutcome('back', 500, 1_000), unmatched: exchangeOutcome('back', 500, 1_000) },
  ];
  const book = runnerBook(['A', 'B', 'C'], positions);
  // A wins: +150 (A) +50 (B lay wins) -10 -10 (C matched and unmatched lose) = +180.00
  // B wins: -100 (A) -100 (lay B loses 2 x 50) -20 (C) = -220.00
  // C wins: -100 (A) +50 (B lay wins) +40 (C matched 4 x 10; unmatched counts nothing) = -10.00
  t.same([...book], [['A', 18_000], ['B', -22_000], ['C', -1_000]]);
  t.equal(exposureOf(book.values()), 22_000);
});

t.test('a back and a lay on the same runner hedge', async (t) => {
  const book = runnerBook(['A', 'B'], [
    { selectionId: 'A', side: 'back', matched: exchangeOutcome('back', 300, 10_000), unmatched: none },
    { selectionId: 'A', side: 'lay', matched: exchangeOutcome('lay', 250, 10_000), unmatched: none },
  ]);
  // A wins: +200 - 150 = +50; B wins: -100 + 100 = 0. No exposure.
  t.same([...book.values()], [5_000, 0]);
  t.equal(exposureOf(book.values()), 0);
});

t.test('fancy run ladder and exposure', async (t) => {
  // Yes 50 @ 100 for ₹100, No 55 @ 100 for ₹100.
  const positions = [
    { side: 'yes' as const, line: 50, outcome: fancyOutcome('yes', 100, 10_000) },
    { side: 'no' as const, line: 55, outcome: fancyOutcome('no', 100, 10_000) },
  ];
  // runs < 50: Yes loses 100, No wins 100 -> 0; 50..54: both win -> +200; >= 55: Yes wins, No loses -> 0.
  t.same(fancyLadder(positions), [
    { runs: 0, pnl: 0 }, { runs: 49, pnl: 0 }, { runs: 50, pnl: 20_000 }, { runs: 54, pnl: 20_000 }, { runs: 55, pnl: 0 },
  ]);
  t.equal(fancyExposure(positions), 0);
  // Reversed (No 50, Yes 55): 50..54 both lose -> -200 exposure.
  t.equal(fancyExposure([
    { side: 'no', line: 50, outcome: fancyOutcome('no', 100, 10_000) },
    { side: 'yes', line: 55, outcome: fancyOutcome('yes', 100, 10_000) },
  ]), 20_000);
});

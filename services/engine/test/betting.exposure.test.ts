import t from 'tap';
import { bookmakerOutcome, exchangeOutcome, fancyOutcome } from '@exch/contracts';
import type { BetState, PnlBook } from '../src/state.js';
import { addBet, bookExposure, emptyBook, trialBook } from '../src/betting/pnl-book.js';

const RUNNERS = {
  kind: 'match_odds' as const,
  runners: ['A', 'B', 'C'].map((name, i) => ({ selectionId: i + 1, name })),
};
/** An open bet: match odds at `odds` hundredths with `matched` paise filled at that price and `unmatched` resting. */
const bet = (
  selection: 'A' | 'B' | 'C',
  side: 'back' | 'lay',
  odds: number,
  matched: number,
  unmatched = 0,
): BetState => ({
  betId: `${selection}${side}${odds}`,
  userId: 'u',
  marketId: 'm',
  kind: 'match_odds',
  selectionId: ' ABC'.indexOf(selection),
  side,
  odds,
  volume: null,
  stake: matched + unmatched,
  fills: matched > 0 ? [{ price: odds, size: matched }] : [],
  unmatched,
  persistence: 'LAPSE',
  seq: 1,
  status: 'open',
});
const fancyBet = (side: 'yes' | 'no', line: number, volume: number, stake: number): BetState => ({
  betId: `${side}${line}`,
  userId: 'u',
  marketId: 'f',
  kind: 'fancy',
  selectionId: null,
  side: side === 'yes' ? 'back' : 'lay',
  odds: line,
  volume,
  stake,
  fills: [{ price: line, size: stake }],
  unmatched: 0,
  persistence: 'LAPSE',
  seq: 1,
  status: 'open',
});
function bookOf(market: Parameters<typeof emptyBook>[0], bets: BetState[]): PnlBook {
  const book = emptyBook(market);
  for (const b of bets) addBet(book, b, 1);
  return book;
}
/** A fancy book's P&L at a number of runs, from its steps. */
const pnlAt = (book: PnlBook, runs: number) =>
  book.kind === 'fancy'
    ? Object.entries(book.steps).reduce((pnl, [line, step]) => pnl + (Number(line) <= runs ? step : 0), book.base)
    : NaN;
const FANCY = { kind: 'fancy' as const, runners: [] };

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
  const book = bookOf(RUNNERS, [
    bet('A', 'back', 250, 10_000),
    bet('B', 'lay', 300, 5_000),
    bet('C', 'back', 500, 1_000, 1_000),
  ]);
  // A wins: +150 (A) +50 (B lay wins) -10 -10 (C matched and unmatched lose) = +180.00
  // B wins: -100 (A) -100 (lay B loses 2 x 50) -20 (C) = -220.00
  // C wins: -100 (A) +50 (B lay wins) +40 (C matched 4 x 10; unmatched counts nothing) = -10.00
  t.same(book, { kind: 'runners', open: 3, ids: [1, 2, 3], pnl: [18_000, -22_000, -1_000] });
  t.equal(bookExposure(book), 22_000);
});

t.test('a back and a lay on the same runner hedge', async (t) => {
  const book = bookOf({ kind: 'match_odds', runners: RUNNERS.runners.slice(0, 2) }, [
    bet('A', 'back', 300, 10_000),
    { ...bet('A', 'lay', 250, 10_000), betId: 'lay' },
  ]);
  // A wins: +200 - 150 = +50; B wins: -100 + 100 = 0. No exposure.
  t.same(book, { kind: 'runners', open: 2, ids: [1, 2], pnl: [5_000, 0] });
  t.equal(bookExposure(book), 0);
});

t.test('a bet taken out leaves the book as if it never was; one no longer open counts nothing', async (t) => {
  const kept = [bet('A', 'back', 250, 10_000), bet('B', 'lay', 300, 5_000)];
  const book = bookOf(RUNNERS, [...kept, bet('C', 'back', 500, 1_000, 1_000)]);
  addBet(book, bet('C', 'back', 500, 1_000, 1_000), -1);
  t.same(book, bookOf(RUNNERS, kept));
  addBet(book, { ...bet('C', 'back', 500, 1_000), status: 'settled' }, 1);
  t.same(book, bookOf(RUNNERS, kept));
});

t.test('no -0 in a book or an exposure: a P&L back at nothing and a book that cannot lose are +0', async (t) => {
  // -0 is not a small integer to V8 (pnl-book.ts `signed`): it would turn the books to doubles.
  const plusZero = (x: number, what: string) =>
    t.ok(Object.is(x, 0), `${what} is +0, not ${Object.is(x, -0) ? '-0' : x}`);
  plusZero(bookExposure(emptyBook(RUNNERS)), "an empty book's exposure");
  const hedged = bookOf({ kind: 'match_odds', runners: RUNNERS.runners.slice(0, 2) }, [
    bet('A', 'back', 300, 10_000),
    { ...bet('A', 'lay', 250, 10_000), betId: 'lay' },
  ]);
  plusZero(bookExposure(hedged), "a hedged book's exposure");
  plusZero(hedged.kind === 'runners' ? hedged.pnl[1]! : NaN, "the hedge's P&L if B wins");
  const book = bookOf(RUNNERS, [bet('A', 'back', 250, 10_000, 500)]);
  addBet(book, bet('A', 'back', 250, 10_000, 500), -1);
  if (book.kind === 'runners') for (const [i, p] of book.pnl.entries()) plusZero(p, `runner ${i}'s P&L taken back`);
  const place = emptyBook({ ...RUNNERS, feed: { numberOfWinners: 2 } as never });
  plusZero(bookExposure(place), "an empty place book's exposure");
  const fancy = bookOf(FANCY, [fancyBet('yes', 30, 100, 1_000)]);
  addBet(fancy, fancyBet('yes', 30, 100, 1_000), -1);
  if (fancy.kind === 'fancy') plusZero(fancy.base, "a fancy's base taken back");
  plusZero(bookExposure(fancy), "an empty fancy's exposure");
});

t.test('a trial book starts as the held one, leaves it alone and forgets the trial before', async (t) => {
  const three = bookOf(RUNNERS, [bet('A', 'back', 250, 10_000), bet('B', 'lay', 300, 5_000)]);
  const two = bookOf({ kind: 'match_odds', runners: RUNNERS.runners.slice(0, 2) }, [bet('A', 'back', 300, 10_000)]);
  const held = structuredClone(three);
  const trial = trialBook(RUNNERS, three);
  t.same(trial, three);
  addBet(trial, bet('C', 'back', 500, 1_000, 1_000), 1);
  t.same(three, held, 'what the decision tried left the held book as it was');
  t.same(trialBook({ kind: 'match_odds', runners: RUNNERS.runners.slice(0, 2) }, two), two);
  // The same number of runners again: the trial before it is gone.
  t.same(trialBook(RUNNERS, three), three);
  t.same(trialBook(RUNNERS, null), emptyBook(RUNNERS));
  // Fancies and place markets get a copy of their own.
  const fancy = bookOf(FANCY, [fancyBet('yes', 40, 90, 10_000)]);
  const fancyTrial = trialBook(FANCY, fancy);
  t.same(fancyTrial, fancy);
  t.not(fancyTrial, fancy);
});

t.test('fancy run ladder and exposure', async (t) => {
  // Yes 50 @ 100 for ₹100, No 55 @ 100 for ₹100.
  const book = bookOf(FANCY, [fancyBet('yes', 50, 100, 10_000), fancyBet('no', 55, 100, 10_000)]);
  // runs < 50: Yes loses 100, No wins 100 -> 0; 50..54: both win -> +200; >= 55: Yes wins, No loses -> 0.
  t.same(
    [0, 49, 50, 54, 55].map((runs) => ({ runs, pnl: pnlAt(book, runs) })),
    [
      { runs: 0, pnl: 0 },
      { runs: 49, pnl: 0 },
      { runs: 50, pnl: 20_000 },
      { runs: 54, pnl: 20_000 },
      { runs: 55, pnl: 0 },
    ],
  );
  t.equal(bookExposure(book), 0);
  // Reversed (No 50, Yes 55): 50..54 both lose -> -200 exposure.
  t.equal(bookExposure(bookOf(FANCY, [fancyBet('no', 50, 100, 10_000), fancyBet('yes', 55, 100, 10_000)])), 20_000);
  // A line of 0 is there for every result: Yes 0 at 100 for ₹100 always wins.
  t.equal(bookExposure(bookOf(FANCY, [fancyBet('yes', 0, 100, 10_000)])), 0);
});

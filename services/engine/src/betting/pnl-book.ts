import { betOutcome, fillEdge, type Outcome, type Paise, type Runner } from '@exch/contracts';
import type { BetState, MarketState, PnlBook } from '../state.js';
import type { BetStore } from './bet-store.js';
import { whole } from './typed-arrays.js';

// Keeps a PnlBook up to date; the type itself sits in state.ts with the rest of the state that holds it.

/**
 * The selection ids of a market's runners, one array per runners array (never written: a runner
 * removed gives the market a new runners array), shared by the books of every position there.
 */
const idsOf = new WeakMap<readonly Runner[], number[]>();

export const emptyBook = (market: Pick<MarketState, 'kind' | 'runners' | 'feed'>): PnlBook => {
  if (market.kind === 'fancy') return { kind: 'fancy', open: 0, base: 0, steps: {} };
  let ids = idsOf.get(market.runners);
  if (!ids) idsOf.set(market.runners, (ids = market.runners.map((r) => r.selectionId)));
  const winners = market.feed?.numberOfWinners ?? 1;
  return winners > 1
    ? { kind: 'runners', open: 0, ids, pnl: ids.map(() => 0), winners, none: 0 }
    : { kind: 'runners', open: 0, ids, pnl: ids.map(() => 0) };
};

const copyBook = (book: PnlBook): PnlBook =>
  book.kind === 'fancy'
    ? { kind: 'fancy', open: book.open, base: book.base, steps: { ...book.steps } }
    : { ...book, pnl: book.pnl.slice() };

type RunnersBook = Extract<PnlBook, { kind: 'runners' }>;

/** One book per number of runners, reused by every trialBook of a one-winner market with that many. */
const trials: RunnersBook[] = [];

/**
 * A copy of `held` (or, without one, the market's empty book) for a decision to try its bets on.
 * For a market with one winner, the commonest by far, it is a book reused by every call, its P&L
 * overwritten and its runners the held book's own (nothing writes them): the caller reads what it
 * needs before it asks for another. A decision tries a book for every bet it checks, and a fresh
 * copy each time was about 8% of what a bet allocated (docs/performance.md, "Measuring a change to the
 * engine").
 */
export function trialBook(market: Pick<MarketState, 'kind' | 'runners' | 'feed'>, held: PnlBook | null): PnlBook {
  if (!held) return emptyBook(market);
  if (held.kind === 'fancy' || held.winners !== undefined) return copyBook(held);
  const n = held.pnl.length;
  const trial = (trials[n] ??= { kind: 'runners', open: 0, ids: held.ids, pnl: new Array<Paise>(n).fill(0) });
  trial.ids = held.ids;
  trial.open = held.open;
  for (let i = 0; i < n; i++) trial.pnl[i] = held.pnl[i]!;
  return trial;
}

/**
 * What a bet's matched part wins or loses: each fill at its own price, rounded once for the bet
 * (per fill, a later fill or a cancel could add a paisa of liability the bettor was never checked for).
 */
export const matchedOutcome = (bet: BetState): Outcome => betOutcome(bet.kind, bet.side, bet.fills, bet.volume);

/**
 * sign × x, never -0 (0 - x is +0 where -x is -0). A -0 is not a small integer to V8: one stored in
 * a P&L turns the book's array to doubles, and an exposure computed from it boxes every position's
 * and every Map entry's number after it (docs/performance.md, "No -0 in the books").
 */
const signed = (sign: 1 | -1, x: Paise): Paise => (sign === 1 ? x : 0 - x);

/**
 * Adds (sign 1) or takes away (sign -1) the part of an open bet given by its numbers: its fills'
 * edge and matched stake summed (contracts' `fillEdge`) and its unmatched stake. What it wins if it
 * wins, and loses in all if it loses, unmatched part included: a back's unmatched stake is lost
 * with it; a lay's liability is rounded up once over its matched and unmatched stake together, so
 * fills at its price or better never raise it and a rematch cannot take a bettor past his balance.
 * O(runners), nothing allocated: this runs for every bet a decision or a fold touches.
 */
export function addPart(
  book: PnlBook,
  back: boolean,
  selectionId: number | null,
  odds: number,
  edge: number,
  matched: Paise,
  unmatched: Paise,
  sign: 1 | -1,
): void {
  // Small integers whatever the caller read them from: one double in a book turns it to doubles for
  // good, the trial book every decision shares included (typed-arrays.ts).
  const win = whole(back ? Math.floor(edge / 100) : matched);
  const lose = whole(back ? matched + unmatched : Math.ceil((edge + (odds - 100) * unmatched) / 100));
  book.open += sign;
  if (book.kind === 'fancy') {
    book.base += signed(sign, back ? 0 - lose : win);
    const line = String(odds);
    const step = (book.steps[line] ?? 0) + signed(sign, back ? win + lose : 0 - (win + lose));
    if (step === 0) delete book.steps[line];
    else book.steps[line] = step;
    return;
  }
  if (book.none !== undefined) book.none += signed(sign, back ? 0 - lose : win);
  for (let i = 0; i < book.ids.length; i++) {
    const wins = back === (book.ids[i] === selectionId);
    book.pnl[i]! += signed(sign, wins ? win : 0 - lose);
  }
}

/** A bet's fills' edge (contracts' `fillEdge`) and matched stake, summed: what addPart reads of its fills. */
export function fillSums(bet: BetState): { edge: number; matched: Paise } {
  let edge = 0;
  let matched = 0;
  for (const f of bet.fills) {
    edge += fillEdge(bet.kind, f.price, f.size, bet.volume);
    matched += f.size;
  }
  return { edge, matched };
}

/** Adds (sign 1) or takes away (sign -1) one bet's part; bets no longer open have none. `open` counts the bets in it. */
export function addBet(book: PnlBook, bet: BetState, sign: 1 | -1): void {
  if (bet.status !== 'open') return;
  const { edge, matched } = fillSums(bet);
  addPart(book, bet.side === 'back', bet.selectionId, bet.odds, edge, matched, bet.unmatched, sign);
}

/** addBet for the bet at slot `s` of the state's bets, read from its columns. */
export function addSlot(book: PnlBook, bets: BetStore, s: number, sign: 1 | -1): void {
  if (!bets.openAt(s)) return;
  addPart(
    book,
    bets.backAt(s),
    bets.selectionAt(s),
    bets.oddsAt(s),
    bets.edgeAt(s),
    bets.matchedAt(s),
    bets.unmatchedAt(s),
    sign,
  );
}

/** The worst P&L when `winners` runners win (all of them if there are fewer): the sum over the worst of them. */
function worstOfSeveral(pnl: Paise[], winners: number, none: Paise): Paise {
  const worst = pnl
    .slice()
    .sort((a, b) => a - b)
    .slice(0, winners);
  return worst.reduce((s, p) => s + p, 0) - (worst.length - 1) * none;
}

/** The worst outcome as a positive amount (0 when no outcome loses). */
export function bookExposure(book: PnlBook): Paise {
  let worst = 0;
  if (book.kind === 'runners') {
    if (book.winners !== undefined && book.none !== undefined)
      return 0 - Math.min(0, worstOfSeveral(book.pnl, book.winners, book.none));
    // By index: this runs for every bet, and a for-of here allocated an iterator result per runner.
    for (let i = 0; i < book.pnl.length; i++) if (book.pnl[i]! < worst) worst = book.pnl[i]!;
    return 0 - worst;
  }
  // Runs are 0 or more: a step at line 0 (or below) is there for every result.
  const lines = Object.keys(book.steps)
    .map(Number)
    .sort((a, b) => a - b);
  let pnl = book.base;
  let i = 0;
  for (; i < lines.length && lines[i]! <= 0; i++) pnl += book.steps[String(lines[i])]!;
  worst = Math.min(worst, pnl);
  for (; i < lines.length; i++) {
    pnl += book.steps[String(lines[i])]!;
    worst = Math.min(worst, pnl);
  }
  return 0 - worst;
}

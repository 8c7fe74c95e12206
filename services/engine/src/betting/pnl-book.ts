import { betOutcome, exchangeOutcome, type Outcome, type Paise } from '@exch/contracts';
import type { BetState, MarketState } from '../state.js';

/**
 * A player's profit or loss in one market for every way it can end, kept up to date bet by bet so
 * that exposure never needs the player's open bets again: a fill, a cancel or a settlement changes
 * it in O(runners) (a fancy: O(1), and O(lines) to read), whatever the number of bets.
 *
 * - Runner markets (match odds, bookmaker): the P&L if each runner wins. A back on r wins on r and
 *   loses on every other runner, a lay the mirror; an unmatched part counts only on its losing side.
 * - A fancy: the P&L as a step function of the runs, `base` below every line plus `steps[line]` from
 *   that line up: a Yes at L loses below L and wins from L, a No the mirror.
 */
export type PnlBook = { open: number } & ({ kind: 'runners'; runners: Record<string, Paise> } | { kind: 'fancy'; base: Paise; steps: Record<string, Paise> });

export const emptyBook = (market: Pick<MarketState, 'kind' | 'runners'>): PnlBook =>
  market.kind === 'fancy' ? { kind: 'fancy', open: 0, base: 0, steps: {} } : { kind: 'runners', open: 0, runners: Object.fromEntries(market.runners.map((r) => [String(r.selectionId), 0])) };

export const copyBook = (book: PnlBook): PnlBook =>
  book.kind === 'fancy' ? { kind: 'fancy', open: book.open, base: book.base, steps: { ...book.steps } } : { kind: 'runners', open: book.open, runners: { ...book.runners } };

/**
 * What a bet's matched part wins or loses: each fill at its own price, rounded once for the bet
 * (per fill, a later fill or a cancel could add a paisa of liability the bettor was never checked for).
 */
export const matchedOutcome = (bet: BetState): Outcome => betOutcome(bet.kind, bet.side, bet.fills, bet.volume);

export function unmatchedOutcome(bet: BetState): Outcome {
  if (bet.unmatched === 0) return { win: 0, lose: 0 };
  const own = exchangeOutcome(bet.side, bet.odds, bet.unmatched);
  if (bet.side === 'back') return own;
  // A lay's liability is rounded up once over its matched and unmatched stake together: fills at its
  // price or better then never raise it, so a rematch cannot take a bettor past his balance.
  const whole = betOutcome(bet.kind, bet.side, [...bet.fills, { price: bet.odds, size: bet.unmatched }], null);
  return { win: own.win, lose: whole.lose - matchedOutcome(bet).lose };
}

/** Adds (sign 1) or takes away (sign -1) one bet's part; bets no longer open have none. `open` counts the bets in it. */
export function addBet(book: PnlBook, bet: BetState, sign: 1 | -1): void {
  if (bet.status !== 'open') return;
  book.open += sign;
  const matched = matchedOutcome(bet);
  if (book.kind === 'fancy') {
    const swing = matched.win + matched.lose;
    const yes = bet.side === 'back';
    book.base += sign * (yes ? -matched.lose : matched.win);
    const line = String(bet.odds);
    const step = (book.steps[line] ?? 0) + sign * (yes ? swing : -swing);
    if (step === 0) delete book.steps[line];
    else book.steps[line] = step;
    return;
  }
  const lose = matched.lose + unmatchedOutcome(bet).lose;
  const own = String(bet.selectionId);
  for (const id of Object.keys(book.runners)) {
    const wins = bet.side === 'back' ? id === own : id !== own;
    book.runners[id]! += sign * (wins ? matched.win : -lose);
  }
}

/** The worst outcome as a positive amount (0 when no outcome loses). */
export function bookExposure(book: PnlBook): Paise {
  let worst = 0;
  if (book.kind === 'runners') {
    for (const pnl of Object.values(book.runners)) worst = Math.min(worst, pnl);
    return -worst;
  }
  // Runs are 0 or more: a step at line 0 (or below) is there for every result.
  const lines = Object.keys(book.steps).map(Number).sort((a, b) => a - b);
  let pnl = book.base;
  let i = 0;
  for (; i < lines.length && lines[i]! <= 0; i++) pnl += book.steps[String(lines[i])]!;
  worst = Math.min(worst, pnl);
  for (; i < lines.length; i++) {
    pnl += book.steps[String(lines[i])]!;
    worst = Math.min(worst, pnl);
  }
  return -worst;
}

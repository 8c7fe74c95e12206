import type { Outcome, Paise } from '@exch/contracts';

/** A position on one runner of a winner-takes-all market (match odds, bookmaker). */
export interface RunnerPosition {
  selectionId: string;
  side: 'back' | 'lay';
  /** Matched part: counts both ways. */
  matched: Outcome;
  /** Unmatched part: could still be matched, so only its losing side counts (worst case). */
  unmatched: Outcome;
}

/**
 * Profit or loss of a user's positions for each possible winner. A back on r wins on r and loses
 * on every other runner; a lay on r is the mirror.
 */
export function runnerBook(selectionIds: readonly string[], positions: readonly RunnerPosition[]): Map<string, Paise> {
  const book = new Map(selectionIds.map((id) => [id, 0]));
  for (const p of positions) {
    for (const id of selectionIds) {
      const onIt = id === p.selectionId;
      const betWins = p.side === 'back' ? onIt : !onIt;
      book.set(id, book.get(id)! + (betWins ? p.matched.win : -(p.matched.lose + p.unmatched.lose)));
    }
  }
  return book;
}

/** Exposure = the worst outcome as a positive amount (0 when no outcome loses). */
export const exposureOf = (book: Iterable<Paise>): Paise => Math.max(0, -Math.min(0, ...book));

/** A Yes/No position on a fancy run line: Yes wins when runs >= line, No when runs < line. */
export interface FancyPosition {
  side: 'yes' | 'no';
  line: number;
  outcome: Outcome;
}

/** Profit or loss at a given number of runs. */
export function fancyPnlAt(runs: number, positions: readonly FancyPosition[]): Paise {
  let pnl = 0;
  for (const p of positions) {
    const yesWins = runs >= p.line;
    const wins = p.side === 'yes' ? yesWins : !yesWins;
    pnl += wins ? p.outcome.win : -p.outcome.lose;
  }
  return pnl;
}

/**
 * The run ladder of a fancy book (Run Position): P&L only changes at a line, so it is enough to
 * evaluate each line and the value just below it. Rows are ascending runs, each the start of a band.
 */
export function fancyLadder(positions: readonly FancyPosition[]): { runs: number; pnl: Paise }[] {
  const points = [...new Set([0, ...positions.flatMap((p) => [p.line - 1, p.line])])].filter((r) => r >= 0).sort((a, b) => a - b);
  return points.map((runs) => ({ runs, pnl: fancyPnlAt(runs, positions) }));
}

export const fancyExposure = (positions: readonly FancyPosition[]): Paise => exposureOf(fancyLadder(positions).map((r) => r.pnl));

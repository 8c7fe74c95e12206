import { betOutcome, type Paise } from '@exch/contracts';
import type { BookBetRow } from '@exch/projector/read';

const matchedOf = (b: BookBetRow): Paise => Number(b.stake) - Number(b.unmatched) - Number(b.cancelled);

/** The matched parts of a bet: each match-odds fill at its price, else the whole matched stake at the bet's rate. */
const parts = (b: BookBetRow): { price: number; size: Paise }[] =>
  b.kind === 'match_odds' ? b.fills : [{ price: b.odds, size: matchedOf(b) }];

/** Profit or loss of matched positions for each possible winner (User Book): a back wins on its runner, a lay on every other. */
export function runnerBook(selectionIds: readonly number[], bets: readonly BookBetRow[]): Map<number, Paise> {
  const book = new Map(selectionIds.map((id) => [id, 0]));
  for (const b of bets) {
    const o = betOutcome(b.kind, b.side, parts(b), b.volume);
    for (const id of selectionIds) {
      const wins = (id === b.selection_id) === (b.side === 'back');
      book.set(id, book.get(id)! + (wins ? o.win : -o.lose));
    }
  }
  return book;
}

/**
 * Run Position of a fancy: P&L of matched Yes (back) and No (lay) bets at each run value. It only
 * changes at a line, so each line and the run just below it are enough; rows ascend.
 */
export function fancyLadder(bets: readonly BookBetRow[]): { run: number; pnl: Paise }[] {
  const positions = bets.map((b) => ({
    yes: b.side === 'back',
    line: b.odds,
    o: betOutcome('fancy', b.side, [{ price: b.odds, size: matchedOf(b) }], b.volume),
  }));
  if (positions.length === 0) return [];
  const runs = [...new Set(positions.flatMap((p) => [p.line - 1, p.line]))].filter((r) => r >= 0).sort((a, b) => a - b);
  return runs.map((run) => ({
    run,
    pnl: positions.reduce((sum, p) => sum + (run >= p.line === p.yes ? p.o.win : -p.o.lose), 0),
  }));
}

import type { CommittedEvent } from '@exch/contracts';
import type { BetRow } from './rows.js';

/**
 * A bet as the lists will read it once the bets projection folds its own committed cancel or delete,
 * from the row read before the command (the projection's own-side fold, on the columns the lists
 * read). test/folds-bets.test.ts keeps this and the projection equal.
 */
export function betAfter(row: BetRow, events: readonly CommittedEvent[]): BetRow {
  const next = { ...row };
  for (const e of events) {
    if (e.type === 'BetCancelled' && e.data.betId === row.bet_id) {
      next.unmatched = String(Number(next.unmatched) - e.data.size);
      next.cancelled = String(Number(next.cancelled) + e.data.size);
      if (Number(next.unmatched) === 0 && Number(next.stake) - Number(next.cancelled) === 0) next.status = 'cancelled';
    } else if (e.type === 'BetDeleted' && e.data.betId === row.bet_id) next.status = 'deleted';
  }
  return next;
}

import { money, type CsvCell } from '../http/csv.js';
import type { BetRow } from '@exch/projector/read';
import { matchedPaise, toBetDto } from './dto.js';

/** The bet history's CSV columns, the player's and the back office's (which adds the user name after Placed). */
export const BET_CSV_HEADER = [
  'Placed',
  'Event',
  'Market',
  'Selection',
  'Side',
  'Odds',
  'Matched Odds',
  'Stake',
  'Matched',
  'Status',
  'Profit/Loss',
  'Settled',
  'Reference',
];

/** One bet as a CSV line: amounts from the row's paise, names and odds as the lists show them. */
export function betCsvRow(r: BetRow): CsvCell[] {
  const b = toBetDto(r);
  return [
    b.placed_at,
    b.event_name,
    b.market_name,
    b.selection_name,
    b.odds_type,
    b.odds,
    b.matched_odds ?? '',
    money(Number(r.stake)),
    money(matchedPaise(r)),
    b.status,
    r.pnl === null ? '' : money(Number(r.pnl)),
    b.settled_at ?? '',
    b.reference_id,
  ];
}

/** The back office's columns: the user name after Placed. */
export const DOWNLINE_BET_CSV_HEADER = [BET_CSV_HEADER[0]!, 'User Name', ...BET_CSV_HEADER.slice(1)];

/** A downline bet as a CSV line, in DOWNLINE_BET_CSV_HEADER's columns. */
export function downlineBetCsvRow(r: BetRow): CsvCell[] {
  const [placed, ...rest] = betCsvRow(r);
  return [placed!, r.username, ...rest];
}

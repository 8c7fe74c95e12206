// The read-model tables whose rows are history: one row per bet, posting, round, transaction or
// request, growing with every day traded. Named here, with the columns that place a row in time,
// for tools that work on a history as a whole (scripts/bench/scale-read-models.ts copies one back
// in time to measure reports over a year).

/** A history table: the columns that identify a row, date it, and give its place in the log. */
export interface HistoryTable {
  table: string;
  ids: string[];
  times: string[];
  positions: string[];
}

export const HISTORY_TABLES: HistoryTable[] = [
  {
    table: 'rm_bets',
    ids: ['bet_id'],
    times: ['placed_at', 'deleted_at', 'market_settled_at'],
    positions: ['placed_position'],
  },
  { table: 'rm_bet_settlements', ids: ['settlement_id'], times: ['settled_at'], positions: [] },
  { table: 'rm_ledger_entries', ids: [], times: ['at'], positions: ['position'] },
  { table: 'rm_casino_rounds', ids: ['mid'], times: ['opened_at', 'closes_at', 'settled_at'], positions: [] },
  {
    table: 'rm_casino_bets',
    ids: ['bet_id', 'mid'],
    times: ['placed_at', 'settled_at'],
    positions: ['placed_position'],
  },
  { table: 'rm_provider_txns', ids: ['txn_id'], times: ['at'], positions: ['position'] },
  { table: 'rm_partnership_shares', ids: [], times: ['at'], positions: ['position'] },
];

/** Payment requests: few in a generated history, so the bench copies them on their own terms. */
export const PAYMENT_REQUESTS: HistoryTable = {
  table: 'rm_payment_requests',
  ids: ['request_id'],
  times: ['requested_at', 'decided_at', 'endorsed_at'],
  positions: ['position'],
};

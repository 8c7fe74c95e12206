import type { CasinoBetDto, CasinoCard, CasinoMarketInfo, CasinoOutcome, CasinoRoundStatus } from '@exch/contracts';

// The rows of the Indian casino's read-model tables (rm_casino_tables, rm_casino_rounds,
// rm_casino_bets; DDL in ./schema.ts) as its queries (./queries.ts) return them. The gateway
// reads these tables only through those.

/** A table with its round under way's status. */
export interface CasinoTableRow {
  table_code: string;
  name: string;
  category: number;
  min_stake: string;
  max_stake: string;
  betting_seconds: number;
  markets: CasinoMarketInfo[];
  suspended: boolean;
  current_mid: string | null;
  /** The round under way's status (joined). */
  round_status: CasinoRoundStatus | null;
}

/** A round with its table's name and markets. */
export interface CasinoRoundRow {
  mid: string;
  table_code: string;
  table_name: string;
  commitment: string;
  algorithm: string;
  opened_at: Date | string;
  closes_at: Date | string;
  status: CasinoRoundStatus;
  cards: CasinoCard[];
  server_seed: string | null;
  result: {
    code: number;
    winner: string;
    description: string;
    markets: { sid: number; outcome: CasinoOutcome; odds?: number }[];
  } | null;
  void_reason: string | null;
  settled_at: Date | string | null;
  markets: CasinoMarketInfo[];
}

/** A finished round's result as the result lists show it. */
export interface CasinoResultRow {
  mid: string;
  winner: string | null;
  status: string;
  code: number | null;
}

/** A bet with its player's username, its table's name and pay table, and its round's winner. */
export interface CasinoBetRow {
  bet_id: string;
  user_id: string;
  username: string;
  table_code: string;
  table_name: string;
  mid: string;
  sid: number;
  selection_name: string;
  odds: number;
  /** The market's pay table (hundredths) when it pays by hand, else null. */
  pay_table: { hand: string; odds: number }[] | null;
  stake: string;
  status: CasinoBetDto['status'];
  outcome: CasinoOutcome | null;
  pnl: string | null;
  winner: string | null;
  reference_id: string;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

/** A day's settled bets at one table (bigints, so text; amounts in paise). */
export interface CasinoDayRow {
  day: string;
  table_code: string;
  table_name: string;
  bets: string;
  turnover: string;
  pnl: string;
}

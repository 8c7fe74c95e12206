import type { BetFill, BetStatus, MarketKind, MarketPosition, Paise, Persistence } from '@exch/contracts';

// The rows of the bets' read-model tables (rm_bets, rm_bet_settlements, rm_auto_cash_out; DDL in
// ./projection.ts) as its queries (./queries.ts) return them, with the names they join from the
// catalogue and users. The gateway and scripts read these tables only through those.

/** A bet with the names the lists show (BET_SELECT). */
export interface BetRow {
  bet_id: string;
  user_id: string;
  username: string;
  match_id: string;
  event_name: string | null;
  sport_id: number | null;
  market_id: string;
  market_name: string | null;
  kind: MarketKind;
  selection_id: number | null;
  selection_name: string;
  side: 'back' | 'lay';
  odds: number;
  volume: number | null;
  stake: string;
  unmatched: string;
  cancelled: string;
  fills: BetFill[];
  persistence: Persistence;
  /** Set on a cash out's hedge (paise). */
  cash_out: { percent: number; value: Paise } | null;
  status: BetStatus;
  pnl: string | null;
  reference_id: string;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

/** A player's settled market: its P&L and commission, with the market's and match's names. */
export interface SettledMarketRow {
  match_id: string;
  event_name: string | null;
  market_id: string;
  market_name: string | null;
  kind: MarketKind;
  pnl: string;
  commission: string;
  settled_at: Date | string;
}

/** A standing auto cash-out rule (paise, null where not set). */
export interface AutoCashOutRow {
  market_id: string;
  selection_id: number;
  profit_target: string | null;
  loss_limit: string | null;
}

/** A downline player's matched bet on an open market, in the engine's units (paise, hundredths, rates, lines), with its market's runners. */
export interface OpenBetRow {
  user_id: string;
  username: string;
  market_id: string;
  market_name: string;
  event_id: string;
  event_name: string;
  kind: MarketPosition['kind'];
  selection_id: number | null;
  side: 'back' | 'lay';
  /** A fancy's line. */
  odds: number;
  volume: number | null;
  fills: BetFill[];
  runners: { selectionId: number; name: string }[];
}

/** A pending bet as the books read it (amounts in paise). */
export interface BookBetRow {
  user_id: string;
  username: string;
  kind: MarketKind;
  selection_id: number | null;
  selection_name: string;
  side: 'back' | 'lay';
  odds: number;
  volume: number | null;
  stake: string | number;
  unmatched: string | number;
  cancelled: string | number;
  fills: BetFill[];
}

/** Pending stakes of one selection (Market Analysis), with its match and market. */
export interface PendingStakeRow {
  match_id: string;
  event_name: string;
  start_time: Date | string;
  sport_id: number;
  market_id: string;
  market_name: string;
  kind: MarketKind;
  selection_name: string;
  total: string;
}

/** A bet of the risk alerts' window (paise as text). */
export interface WindowBetRow {
  bet_id: string;
  user_id: string;
  username: string;
  stake: string;
  status: string;
  placed_at: Date | string;
}

/** An address several accounts bet from, with their names and the newest bets. */
export interface SharedIpRow {
  ip: string;
  names: string[];
  ids: string[];
}

/** A bet placed shortly before its market was suspended: how many seconds before. */
export interface BeforeSuspensionRow {
  bet_id: string;
  user_id: string;
  username: string;
  secs: string;
}

/** An account's bets of a period: how many, their average stake, how many settled and won. */
export interface BetHistoryRow {
  user_id: string;
  n: string;
  avg: string;
  settled: string;
  won: string;
}

import type { BetFill, BetStatus, MarketKind, Paise, Persistence } from '@exch/contracts';

// The rows of rm_bets (DDL in ./projection.ts) as the gateway's bet lists read them.

/** A bet as the lists select it: rm_bets with its bettor's username and its match's and market's names. */
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

// The general report's filter and row (GET /api/report/casino and its CSV), shared by the sources
// each bet type's projection writes (bets/general-source.ts, casino/general-source.ts) and the
// report that runs them (./general-report.ts).

export interface GeneralFilter {
  bet_type: 'sports' | 'casino';
  deleted: 'true' | 'false';
  side?: 'back' | 'lay';
  search?: string;
  from?: string;
  to?: string;
}

export interface GeneralBetRow {
  id: string;
  bet_type: string;
  event_type: string;
  event_name: string;
  market_name: string;
  selection_name: string;
  username: string;
  amount: string;
  side: 'back' | 'lay';
  status: string;
  placed_at: Date | string;
}

/** SQL of one source: the columns of GeneralBetRow, over the downline's ids (`$1`, downlineIds), filtered. */
export type BetSource = (f: GeneralFilter, params: unknown[]) => string;

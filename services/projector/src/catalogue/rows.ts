import type { BookmakerRunnerUpdate, FancyType, FancyUpdate, MarketDto, MarketKind } from '@exch/contracts';

// The rows of the catalogue's read-model tables (rm_matches, rm_markets, rm_news; DDL in ./projection.ts)
// as its queries (./queries.ts) return them. The gateway and scripts read these tables only through those.

/** A row of rm_markets as the reads select it (MARKET_COLUMNS). */
export interface MarketRow {
  market_id: string;
  match_id: string;
  sport_id: number;
  kind: MarketKind;
  name: string;
  fancy_type: FancyType | null;
  runners: { selectionId: number; name: string }[];
  min_stake: string | number;
  max_stake: string | number;
  bet_delay_sec: number;
  commission_bp: number;
  status: MarketDto['status'];
  /** Priced by hand: the house prices below stand in for the feed's. */
  manual: boolean;
  /** A bookmaker runner's house price under its selection id, a fancy's under "0". */
  house_prices: Record<string, BookmakerRunnerUpdate | FancyUpdate>;
  result: MarketDto['result'];
  /** The feed's market definition: where from, its status and winners; null where none came. */
  source: 'betfair' | 'simulator' | null;
  feed_status: MarketDto['feedStatus'];
  feed_bet_delay_sec: number;
  number_of_winners: number;
  removed: MarketDto['removed'];
  proposed: number[] | null;
}

/** A row of rm_matches as the reads select it (MATCH_COLUMNS). */
export interface MatchRow {
  match_id: string;
  sport_id: number;
  sport_name: string;
  series_id: string;
  series_name: string;
  name: string;
  start_time: Date | string;
  in_play: boolean;
}

export const MARKET_COLUMNS =
  'market_id, match_id, sport_id, kind, name, fancy_type, runners, min_stake, max_stake, bet_delay_sec, commission_bp, status, manual, house_prices, result, source, feed_status, feed_bet_delay_sec, number_of_winners, removed, proposed';
export const MATCH_COLUMNS = 'match_id, sport_id, sport_name, series_id, series_name, name, start_time, in_play';

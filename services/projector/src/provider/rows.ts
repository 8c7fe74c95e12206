// The rows of the third-party casino's read-model table (rm_provider_txns; DDL in ./projection.ts)
// as its queries (./queries.ts) return them: sums over the money moved, each a bigint, so text.

/** Rounds played, stakes taken (less those rolled back) and wins paid; amounts in paise. */
export interface ProviderAggregateRow {
  rounds: string;
  turnover: string;
  payout: string;
}

/** A game's figures across the back office's downline. */
export interface ProviderGameRow extends ProviderAggregateRow {
  provider: string;
  game_id: string;
  game_name: string;
  players: string;
}

/** A player's figures for one game, or in all where `game_id` is null. */
export interface PlayerGameRow extends ProviderAggregateRow {
  game_id: string | null;
  game_name: string | null;
}

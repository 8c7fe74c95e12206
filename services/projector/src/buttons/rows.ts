import type { BettingButtons } from '@exch/contracts';

// The row of the buttons' read-model table (rm_button_values; DDL in ./projection.ts) as its query
// (./queries.ts) returns it. The gateway reads this table only through that.

/** A player's saved quick-stake buttons; "Keep in play" off until chosen. */
export interface ButtonValuesRow {
  sports_buttons: BettingButtons['sportsButtons'];
  casino_buttons: BettingButtons['casinoButtons'];
  keep_in_play: boolean;
}

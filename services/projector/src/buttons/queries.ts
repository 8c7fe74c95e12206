import type { SqlClient } from '@exch/contracts';
import type { ButtonValuesRow } from './rows.js';

// The buttons' reads: every query the gateway makes on rm_button_values.

/** A player's buttons, null until it saves its own. */
export async function buttonValues(sql: SqlClient, userId: string): Promise<ButtonValuesRow | null> {
  const { rows } = await sql.query<ButtonValuesRow>(
    `select sports_buttons, casino_buttons, coalesce(keep_in_play, false) as keep_in_play from rm_button_values where user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

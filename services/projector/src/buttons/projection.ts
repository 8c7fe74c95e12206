import type { ButtonValuesSet, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = [
  `create table if not exists rm_button_values (
    user_id text primary key,
    sports_buttons jsonb not null,
    casino_buttons jsonb not null,
    keep_in_play boolean,
    updated_at timestamptz not null
  )`,
];

/**
 * Each player's quick-stake buttons and the slip's "Keep in play" default (null until chosen: off);
 * a user without a row has the defaults.
 */
export const buttonValuesProjection: Projection = {
  name: 'button-values',
  version: 2,
  tables: ['rm_button_values'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const latest = new Map<string, object>();
    for (const e of events) {
      if (e.type !== 'ButtonValuesSet') continue;
      const d = e.data as ButtonValuesSet;
      latest.set(d.userId, {
        user_id: d.userId,
        sports_buttons: d.sportsButtons,
        casino_buttons: d.casinoButtons,
        // Null keeps what was saved (a batch's later event without it keeps an earlier one's choice).
        keep_in_play:
          d.keepInPlay ?? (latest.get(d.userId) as { keep_in_play?: boolean } | undefined)?.keep_in_play ?? null,
        updated_at: e.metadata.at,
      });
    }
    if (latest.size === 0) return;
    await tx.query(
      `insert into rm_button_values (user_id, sports_buttons, casino_buttons, keep_in_play, updated_at)
       select user_id, sports_buttons, casino_buttons, keep_in_play, updated_at
       from jsonb_to_recordset($1::jsonb) as r(user_id text, sports_buttons jsonb, casino_buttons jsonb, keep_in_play boolean, updated_at timestamptz)
       on conflict (user_id) do update set sports_buttons = excluded.sports_buttons, casino_buttons = excluded.casino_buttons,
         keep_in_play = coalesce(excluded.keep_in_play, rm_button_values.keep_in_play), updated_at = excluded.updated_at`,
      [JSON.stringify([...latest.values()])],
    );
  },
};

import type { ButtonValuesSet, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = [
  `create table if not exists rm_button_values (
    user_id text primary key,
    sports_buttons jsonb not null,
    casino_buttons jsonb not null,
    updated_at timestamptz not null
  )`,
];

/** Each player's quick-stake buttons; a user without a row has the defaults. */
export const buttonValuesProjection: Projection = {
  name: 'button-values',
  version: 1,
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
        updated_at: e.metadata.at,
      });
    }
    if (latest.size === 0) return;
    await tx.query(
      `insert into rm_button_values (user_id, sports_buttons, casino_buttons, updated_at)
       select user_id, sports_buttons, casino_buttons, updated_at
       from jsonb_to_recordset($1::jsonb) as r(user_id text, sports_buttons jsonb, casino_buttons jsonb, updated_at timestamptz)
       on conflict (user_id) do update set sports_buttons = excluded.sports_buttons, casino_buttons = excluded.casino_buttons, updated_at = excluded.updated_at`,
      [JSON.stringify([...latest.values()])],
    );
  },
};

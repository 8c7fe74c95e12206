import type { CasinoBetPlaced, CasinoRoundSettled, CasinoRoundVoided, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { Batch } from './fold.js';
import {
  BET_COLUMNS,
  DDL,
  names,
  ROUND_COLUMNS,
  SETTLEMENT_COLUMNS,
  TABLE_COLUMNS,
  typed,
  upsert,
  type RoundRow,
  type TableRow,
} from './schema.js';

const CASINO_EVENTS = new Set([
  'CasinoTableListed',
  'CasinoTableStatusSet',
  'CasinoRoundOpened',
  'CasinoBetPlaced',
  'CasinoBettingClosed',
  'CasinoRoundDealt',
  'CasinoCardRevealed',
  'CasinoRoundResulted',
  'CasinoRoundSettled',
  'CasinoRoundVoided',
]);

const casinoEvents = (events: StoredEvent[]): StoredEvent[] => events.filter((e) => CASINO_EVENTS.has(e.type));

/** Tables whose live state a batch changed: their rooms get a push. */
export const casinoTablesTouched = (events: StoredEvent[]): string[] => [
  ...new Set(casinoEvents(events).map((e) => (e.data as { tableCode: string }).tableCode)),
];

/** Casino bets a batch placed, settled or voided: the bet tape gets their new state. */
export const casinoBetsTouched = (events: StoredEvent[]): string[] => [
  ...new Set(
    events.flatMap((e) =>
      e.type === 'CasinoBetPlaced'
        ? [(e.data as CasinoBetPlaced).betId]
        : e.type === 'CasinoRoundSettled'
          ? (e.data as CasinoRoundSettled).bets.map((b) => b.betId)
          : e.type === 'CasinoRoundVoided'
            ? (e.data as CasinoRoundVoided).betIds
            : [],
    ),
  ),
];

/**
 * The live Indian tables as the screens read them: each table with its listing and state, every
 * round (cards as they are turned, the seed only once the result reveals it) and every bet.
 *
 * A table's events are one stream (`casino-{code}`), so they arrive in order wherever they are
 * folded, and two partitions never write the same rows. A batch loads the tables and rounds its
 * events continue, folds in log order, and writes each kind of row in one statement.
 */
export const casinoProjection: Projection = {
  name: 'casino',
  version: 1,
  tables: ['rm_casino_tables', 'rm_casino_rounds', 'rm_casino_bets'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  indexes: {
    // The downline's casino bets newest first (general report, the tape's history), as rm_bets_placed_at.
    rm_casino_bets_placed_at: 'rm_casino_bets (placed_at, placed_position)',
    // A player's casino bets on rounds under way: what is open, not every bet he ever placed.
    rm_casino_bets_pending: `rm_casino_bets (user_id, placed_position desc) where status = 'pending'`,
  },
  async apply(tx: SqlClient, all: StoredEvent[]) {
    const events = casinoEvents(all);
    if (events.length === 0) return;
    const batch = new Batch();
    const codes = casinoTablesTouched(events);
    const opened = new Set(
      events.filter((e) => e.type === 'CasinoRoundOpened').map((e) => (e.data as { mid: string }).mid),
    );
    const continued = [
      ...new Set(
        events
          .map((e) => (e.data as { mid?: string }).mid)
          .filter((m): m is string => m !== undefined && !opened.has(m)),
      ),
    ];
    const { rows: tables } = await tx.query<TableRow>(
      `select ${names(TABLE_COLUMNS)} from rm_casino_tables where table_code = any($1::text[])`,
      [codes],
    );
    for (const t of tables)
      batch.tables.set(t.table_code, {
        ...t,
        min_stake: Number(t.min_stake),
        max_stake: Number(t.max_stake),
        position: Number(t.position),
      });
    if (continued.length > 0) {
      const { rows } = await tx.query<RoundRow>(
        `select ${names(ROUND_COLUMNS)} from rm_casino_rounds where mid = any($1::text[])`,
        [continued],
      );
      for (const r of rows)
        batch.rounds.set(r.mid, {
          ...r,
          opened_at: new Date(r.opened_at).toISOString(),
          closes_at: new Date(r.closes_at).toISOString(),
          settled_at: r.settled_at && new Date(r.settled_at).toISOString(),
        });
    }
    for (const e of events) batch.fold(e);
    const sorted = <T>(rows: Iterable<T>, key: (r: T) => string) =>
      JSON.stringify([...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1)));
    await tx.query(upsert('rm_casino_tables', 'table_code', TABLE_COLUMNS), [
      sorted(batch.tables.values(), (r) => r.table_code),
    ]);
    if (batch.rounds.size > 0)
      await tx.query(upsert('rm_casino_rounds', 'mid', ROUND_COLUMNS), [sorted(batch.rounds.values(), (r) => r.mid)]);
    if (batch.placed.size > 0)
      await tx.query(upsert('rm_casino_bets', 'bet_id', BET_COLUMNS), [JSON.stringify([...batch.placed.values()])]);
    if (batch.settled.size > 0) {
      await tx.query(
        `update rm_casino_bets b set status = r.status, outcome = r.outcome, pnl = r.pnl, settled_at = r.settled_at
         from jsonb_to_recordset($1::jsonb) as r(${typed(SETTLEMENT_COLUMNS)}) where b.bet_id = r.bet_id`,
        [JSON.stringify([...batch.settled.values()])],
      );
    }
  },
};

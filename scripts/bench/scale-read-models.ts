/**
 * Multiplies a history's read models for the reports bench (scripts/bench/reports.ts) where writing
 * a year of history through the engine would take hours on this machine:
 *
 *   DATA_DIR=/tmp/copy npx tsx scripts/bench/scale-read-models.ts --times 10 [--days 365] [--payments 1000]
 *
 * Each copy k (1 .. times-1) of the bets, settlements, ledger postings, casino rounds and bets,
 * third-party transactions and partnership shares is the original moved back by k × days/times
 * days (and its log positions below zero), with ids suffixed `~k`: the same players, markets and
 * shares, so the read models hold `times` histories spread over `days`, and a period filter picks
 * about what it would in a history that long (a generated history packs its bets into a few days).
 * Payment requests, few in a generated history, are copied `--payments` times a minute apart.
 *
 * Only the read models grow (the log does not): a projection rebuilt from the log, or any replay
 * check, finds the originals alone. Run it on a copy of a history, never on a product's data.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openPGliteStore } from '@exch/eventstore';
import { allProjections, HISTORY_TABLES, PAYMENT_REQUESTS, type HistoryTable } from '@exch/projector';

const { values } = parseArgs({
  options: {
    times: { type: 'string', default: '10' },
    days: { type: 'string', default: '365' },
    payments: { type: 'string', default: '1' },
  },
});
const times = Number(values.times);
const payments = Number(values.payments);
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR: a copy of a history folder');
const store = await openPGliteStore({ dataDir: resolve(dataDir) });
const { sql } = store;
const one = async <T>(q: string): Promise<T> => (await sql.query<Record<string, T>>(q)).rows[0]!.v!;

/** The columns an insert may write (generated ones are computed). */
async function writable(table: string): Promise<string[]> {
  const { rows } = await sql.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** Copy k of a table's originals (ids suffixed, times and positions moved): `$1` is k, `$2` the interval a copy moves back, `$3` the positions. */
function copySql({ table, ids, times: at, positions: pos }: HistoryTable, columns: string[]): string {
  const value = (c: string) =>
    ids.includes(c)
      ? `${c} || '~' || $1::int`
      : at.includes(c)
        ? `${c} - $2::interval * $1::int`
        : pos.includes(c)
          ? `${c} - $3::bigint * $1::int`
          : c;
  // Every parameter is named once at least, so each has a type whichever columns the table has.
  const typed = '$1::int > 0 and $2::interval is not null and $3::bigint > 0';
  const originals = pos[0] ? `${pos[0]} >= 0` : `position('~' in ${ids[0]}) = 0`;
  return `insert into ${table} (${columns.join(', ')}) select ${columns.map(value).join(', ')} from ${table} where ${typed} and ${originals}`;
}

const span = `${Math.floor(Number(values.days) / times)} days`;
const stride = Number(await one<string>(`select (max(position) + 1)::text as v from events`));
console.log(`copies: ${times - 1} of ${span} each (positions ${stride.toLocaleString('en-US')} apart)`);
for (const history of HISTORY_TABLES) {
  const { table } = history;
  const t0 = performance.now();
  const insert = copySql(history, await writable(table));
  for (let k = 1; k < times; k++) await sql.query(insert, [k, span, stride]);
  console.log(`  ${table}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const paymentInsert = copySql(PAYMENT_REQUESTS, await writable(PAYMENT_REQUESTS.table));
for (let k = 1; k < payments; k++) await sql.query(paymentInsert, [k, '1 minute', stride]);
await sql.query('analyze');
const { rows } = await sql.query<{ relname: string; n: string }>(
  `select relname, n_live_tup::text as n from pg_stat_user_tables where relname = any($1::text[]) order by n_live_tup desc limit 8`,
  [allProjections.flatMap((p) => p.tables)],
);
for (const r of rows) console.log(`  ${r.relname}: ${Number(r.n).toLocaleString('en-US')} rows`);
await store.close();

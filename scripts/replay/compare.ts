/**
 * Row-by-row comparison of one table in the replay schema with the live table of the same name in
 * schema public: `except all` both ways on the columns they share, so duplicates count too. Rows
 * that differ on both sides but share a primary key are paired ("changed") and shown side by side.
 */
import type { SqlClient } from '@exch/contracts';
import { quoteIdent } from '@exch/projector';

export const LIVE_SCHEMA = 'public';

/** Defaults that read the clock: a column filled by them differs between any two builds. */
const WALL_CLOCK_DEFAULT =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(|\bcurrent_(timestamp|time|date)\b|\blocaltime(stamp)?\b/i;

/** Shown as <redacted> in the listing (still compared). */
const SECRET_COLUMN = /password|secret|token/i;

/** Types without an equality operator: compared through a cast. */
const CAST: Record<string, string> = {
  json: 'jsonb',
  xml: 'text',
  point: 'text',
  line: 'text',
  polygon: 'text',
  box: 'text',
  circle: 'text',
  path: 'text',
};

interface ColumnInfo {
  name: string;
  type: string;
  wallClock: boolean;
}

export interface RowDiff {
  /** The primary key's values; null for a table without one (rows are then not paired). */
  key: Record<string, unknown> | null;
  live: Record<string, unknown> | null;
  replay: Record<string, unknown> | null;
  /** Columns whose values differ (changed rows only). */
  columns: string[];
}

export interface TableDiff {
  table: string;
  /** False when the live table does not exist (nothing compared; a difference). */
  liveExists: boolean;
  liveRows: number;
  replayRows: number;
  /** Rows present on both sides under one primary key, with different values. */
  changed: number;
  /** Rows in live but not in the replay (not paired with a replay row). */
  onlyLive: number;
  /** Rows in the replay but not in live (not paired with a live row). */
  onlyReplay: number;
  compared: string[];
  /** Columns left out: filled from the clock, or named by the caller. */
  ignored: string[];
  /** Columns one side has and the other has not (not compared). */
  onlyInLive: string[];
  onlyInReplay: string[];
  /** Columns whose types differ between the sides: compared as text. */
  retyped: string[];
  primaryKey: string[];
  /** The first `maxRows` differing rows, in key order. */
  rows: RowDiff[];
}

/** Rows that differ; a missing live table is one difference more than the rows it lacks. */
export const differencesOf = (d: TableDiff): number => d.changed + d.onlyLive + d.onlyReplay + (d.liveExists ? 0 : 1);

async function columnsOf(tx: SqlClient, schema: string, table: string): Promise<ColumnInfo[]> {
  const { rows } = await tx.query<{
    column_name: string;
    data_type: string;
    udt_name: string;
    column_default: string | null;
  }>(
    `select column_name, data_type, udt_name, column_default from information_schema.columns
      where table_schema = $1 and table_name = $2 order by ordinal_position`,
    [schema, table],
  );
  return rows.map((r) => ({
    name: r.column_name,
    type: r.data_type === 'ARRAY' ? `${r.udt_name}` : r.udt_name,
    wallClock: WALL_CLOCK_DEFAULT.test(r.column_default ?? ''),
  }));
}

async function primaryKeyOf(tx: SqlClient, schema: string, table: string): Promise<string[]> {
  const { rows } = await tx.query<{ attname: string }>(
    `select a.attname from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [`${quoteIdent(schema)}.${quoteIdent(table)}`],
  );
  return rows.map((r) => r.attname);
}

/** The row with its columns in table order (jsonb sorts keys by length) and secrets (hashes: text) hidden. */
const present = (row: Record<string, unknown> | null, columns: string[]): Record<string, unknown> | null =>
  row &&
  Object.fromEntries(
    columns.map((c) => [c, SECRET_COLUMN.test(c) && typeof row[c] === 'string' ? '<redacted>' : row[c]]),
  );

export interface CompareOptions {
  replaySchema: string;
  /** Most differing rows listed per table (all are counted). */
  maxRows: number;
  /** Column names left out of the comparison, in any table. */
  ignore?: readonly string[];
}

/** One table of the projection, live against replay; run it in a transaction that sees one snapshot of both. */
export async function compareTable(tx: SqlClient, table: string, options: CompareOptions): Promise<TableDiff> {
  const { replaySchema, maxRows } = options;
  const replayCols = await columnsOf(tx, replaySchema, table);
  const liveCols = await columnsOf(tx, LIVE_SCHEMA, table);
  const replayName = `${quoteIdent(replaySchema)}.${quoteIdent(table)}`;
  const liveName = `${quoteIdent(LIVE_SCHEMA)}.${quoteIdent(table)}`;
  const count = async (name: string) =>
    Number((await tx.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]!.n);
  const replayRows = await count(replayName);
  const base = { table, replayRows, changed: 0, onlyLive: 0, onlyReplay: 0, rows: [] as RowDiff[] };
  if (liveCols.length === 0) {
    return {
      ...base,
      onlyReplay: replayRows,
      liveExists: false,
      liveRows: 0,
      compared: [],
      ignored: [],
      onlyInLive: [],
      onlyInReplay: replayCols.map((c) => c.name),
      retyped: [],
      primaryKey: [],
    };
  }

  const live = new Map(liveCols.map((c) => [c.name, c]));
  const replayNames = new Set(replayCols.map((c) => c.name));
  const ignoreNamed = new Set(options.ignore ?? []);
  const ignored: string[] = [];
  const retyped: string[] = [];
  const exprs: string[] = [];
  const compared: string[] = [];
  for (const c of replayCols) {
    const other = live.get(c.name);
    if (!other) continue;
    if (c.wallClock || other.wallClock || ignoreNamed.has(c.name)) {
      ignored.push(c.name);
      continue;
    }
    const q = quoteIdent(c.name);
    if (c.type !== other.type) {
      retyped.push(c.name);
      exprs.push(`${q}::text as ${q}`);
    } else exprs.push(CAST[c.type] ? `${q}::${CAST[c.type]} as ${q}` : q);
    compared.push(c.name);
  }
  const primaryKey = await primaryKeyOf(tx, replaySchema, table);
  const keyed = primaryKey.length > 0 && primaryKey.every((k) => compared.includes(k));
  const liveRows = await count(liveName);
  const shape = {
    liveExists: true,
    liveRows,
    compared,
    ignored,
    retyped,
    primaryKey: keyed ? primaryKey : [],
    onlyInLive: liveCols.map((c) => c.name).filter((n) => !replayNames.has(n)),
    onlyInReplay: replayCols.map((c) => c.name).filter((n) => !live.has(n)),
  };
  if (compared.length === 0) return { ...base, ...shape };

  const cols = exprs.join(', ');
  const ctes = `with l as (select ${cols} from ${liveName}), r as (select ${cols} from ${replayName}),
    ol as (select * from l except all select * from r), orp as (select * from r except all select * from l)`;
  // Paired by primary key: a row of each side with the same key is one changed row. Window counts
  // are taken before the limit, so one statement gives the totals and the first rows.
  const sql = keyed
    ? (() => {
        const on = primaryKey.map((c) => `ol.${quoteIdent(c)} = orp.${quoteIdent(c)}`).join(' and ');
        const l = `ol.${quoteIdent(primaryKey[0]!)} is not null`;
        const r = `orp.${quoteIdent(primaryKey[0]!)} is not null`;
        return `${ctes}
          select to_jsonb(ol) as live, to_jsonb(orp) as replay,
            count(*) filter (where ${l} and ${r}) over () as changed,
            count(*) filter (where ${l} and not ${r}) over () as only_live,
            count(*) filter (where ${r} and not ${l}) over () as only_replay
          from ol full join orp on ${on}
          order by ${primaryKey.map((c) => `coalesce(ol.${quoteIdent(c)}, orp.${quoteIdent(c)})`).join(', ')}
          limit ${maxRows}`;
      })()
    : `${ctes}
          select live, replay, 0 as changed, count(live) over () as only_live, count(replay) over () as only_replay
          from (select to_jsonb(ol) as live, null::jsonb as replay from ol union all select null::jsonb, to_jsonb(orp) from orp) x
          order by live is null, coalesce(live, replay)::text
          limit ${maxRows}`;
  const { rows } = await tx.query<{
    live: Record<string, unknown> | null;
    replay: Record<string, unknown> | null;
    changed: string;
    only_live: string;
    only_replay: string;
  }>(sql);
  const first = rows[0];
  const diffRows = rows.map((r): RowDiff => {
    const columns =
      r.live && r.replay ? compared.filter((c) => JSON.stringify(r.live![c]) !== JSON.stringify(r.replay![c])) : [];
    const source = r.live ?? r.replay!;
    return {
      key: keyed ? Object.fromEntries(primaryKey.map((c) => [c, source[c]])) : null,
      live: present(r.live, compared),
      replay: present(r.replay, compared),
      columns,
    };
  });
  return {
    ...base,
    ...shape,
    changed: Number(first?.changed ?? 0),
    onlyLive: Number(first?.only_live ?? 0),
    onlyReplay: Number(first?.only_replay ?? 0),
    rows: diffRows,
  };
}

/**
 * `npm run replay`'s work, callable in-process: rebuild one read model from the event log into a
 * fresh schema and compare it, table by table and row by row, with the live model in schema public.
 *
 * Which part of the log is folded:
 *  - by default, up to the live model's own checkpoint (like `ledger:verify`): the runner commits a
 *    read model and its checkpoint together, so the live tables and the checkpoint read in one
 *    snapshot are a consistent cut of the log and a lagging projector never shows as a difference.
 *    On PostgreSQL a running server may move the checkpoint meanwhile: the replay catches up with
 *    it, and folds the last events inside the comparing transaction, whose snapshot holds the live
 *    tables and their checkpoint still. In distributed mode (docs/distributed.md) a read model is
 *    folded per Kafka partition, each with its own checkpoint in projection_partition_checkpoints:
 *    the live model is then the fold of every event at or below its partition's checkpoint
 *    (partitionOf(streamId, partitions)), and the replay folds exactly those, in log order (the
 *    read models do not depend on the order of streams);
 *  - `toPosition`: up to that position (inclusive);
 *  - `asOf`: up to the event before the first one stamped (metadata.at) after that moment.
 * A point in time other than the live checkpoint is expected to differ from the live model: the
 * differences are still listed, but they do not fail the run.
 */
import { EVENTS_TOPIC, type EventStore, type SqlClient } from '@exch/contracts';
import {
  CutFold,
  identOf,
  quoteIdent,
  readPartitionCheckpoints,
  setUp,
  type FoldTarget,
  type Projection,
} from '@exch/projector';
import { compareTable, differencesOf, LIVE_SCHEMA, type TableDiff } from './compare.js';

/** replay_<name>_<yyyymmddhhmmss> (UTC). */
export function replaySchemaName(projection: string, now: Date): string {
  return `replay_${identOf(projection)}_${now.toISOString().replace(/\D/g, '').slice(0, 14)}`;
}

export interface ReplayProgress {
  /** Last position folded. */
  position: number;
  /** Where the replay stops (for `asOf`, an estimate from the log's stamps). */
  head: number;
  events: number;
}

export interface ReplayOptions {
  toPosition?: number;
  asOf?: Date;
  /** Leave the replay schema in place for a look with psql. */
  keep?: boolean;
  /** Events per read and per transaction (default 2,000). */
  batchSize?: number;
  /** Differing rows listed per table (all are counted; default 50). */
  maxRows?: number;
  /** Column names left out of the comparison (wall-clock columns are left out anyway). */
  ignore?: readonly string[];
  /** Default replay_<name>_<yyyymmddhhmmss>. */
  schema?: string;
  now?: () => Date;
  onProgress?: (p: ReplayProgress) => void;
  /** Things the operator should know while it runs (stderr in the CLI). */
  onNote?: (line: string) => void;
  /** Checked between batches; the schema is dropped on the way out. */
  signal?: AbortSignal;
  /** Partitions of the events topic, for a live model folded in distributed mode (default 4, as EVENT_PARTITIONS). */
  partitions?: number;
}

export type ReplayMode = 'live-checkpoint' | 'to-position' | 'as-of';

export interface LiveState {
  /** The checkpoint; in distributed mode the highest of the partitions'. */
  checkpoint: number;
  version: number | null;
  /** Distributed mode: each partition's checkpoint (index = partition); null for the single runner's checkpoint. */
  partitions: number[] | null;
}

export interface ReplayReport {
  projection: string;
  schema: string;
  kept: boolean;
  mode: ReplayMode;
  /** Last position folded into the replay (0: nothing). */
  position: number;
  events: number;
  /** log_head when the replay started. */
  head: number;
  /** The live model's checkpoint and version when compared; null when it never ran here. */
  live: LiveState | null;
  ms: number;
  tables: TableDiff[];
  /** Differing rows over every table (a missing live table counts one more). */
  differences: number;
  /** A point in time other than the live model's was asked: differences are expected, exit 0. */
  expected: boolean;
  exitCode: 0 | 1;
  /** For the operator, printed with the report. */
  notes: string[];
}

const DEFAULT_BATCH = 2_000;
/** Rounds of catching up with a live checkpoint that a running server keeps moving, before the final one in the comparing transaction. */
const CATCH_UP_ROUNDS = 5;

const exists = async (sql: SqlClient, table: string): Promise<boolean> =>
  (await sql.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [`${LIVE_SCHEMA}.${table}`])).rows[0]
    ?.t != null;

/** Where the live model stands: the runner's checkpoint, or each partition's in distributed mode. */
async function readLive(sql: SqlClient, name: string, partitions: number): Promise<LiveState | null> {
  let single: { position: string; version: number } | undefined;
  if (await exists(sql, 'projection_checkpoints')) {
    ({
      rows: [single],
    } = await sql.query<{ position: string; version: number }>(
      `select position::text as position, version from ${LIVE_SCHEMA}.projection_checkpoints where name = $1`,
      [name],
    ));
  }
  const version = single ? Number(single.version) : null;
  if (await exists(sql, 'projection_partition_checkpoints')) {
    const rows = await readPartitionCheckpoints(sql, name, EVENTS_TOPIC);
    if (rows.length > 0) {
      const cut = Array<number>(partitions).fill(0);
      for (const r of rows) {
        if (r.partition >= partitions)
          throw new Error(
            `the live ${name} model has a checkpoint for partition ${r.partition} of ${EVENTS_TOPIC}, but the topic is taken to have ${partitions} partitions (--partitions, EVENT_PARTITIONS)`,
          );
        cut[r.partition] = r.position;
      }
      return { checkpoint: Math.max(...cut), version, partitions: cut };
    }
  }
  return single ? { checkpoint: Number(single.position), version, partitions: null } : null;
}

/** The positions a fold reaches: one for the whole log, or one per partition. */
const cutOf = (live: LiveState): number[] => live.partitions ?? [live.checkpoint];

/** Where the first event stamped after `at` sits: the replay stops before it (an estimate for the progress bar). */
async function positionBefore(sql: SqlClient, at: Date, head: number): Promise<number> {
  const { rows } = await sql.query<{ p: string | null }>(
    `select min(position)::text as p from ${LIVE_SCHEMA}.events where position <= $1 and (metadata->>'at')::timestamptz > $2::timestamptz`,
    [head, at.toISOString()],
  );
  return rows[0]?.p == null ? head : Number(rows[0].p) - 1;
}

async function freeSchemaName(sql: SqlClient, wanted: string): Promise<string> {
  for (let i = 1; ; i++) {
    const name = i === 1 ? wanted : `${wanted}_${i}`;
    const { rows } = await sql.query(`select 1 from pg_namespace where nspname = $1`, [name]);
    if (rows.length === 0) return name;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export async function replayProjection(
  store: EventStore,
  projection: Projection,
  options: ReplayOptions = {},
): Promise<ReplayReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const notes: string[] = [];
  const note = (line: string) => {
    notes.push(line);
    options.onNote?.(line);
  };
  if (options.toPosition !== undefined && options.asOf) throw new Error('give toPosition or asOf, not both');
  const mode: ReplayMode =
    options.toPosition !== undefined ? 'to-position' : options.asOf ? 'as-of' : 'live-checkpoint';
  const asOfMs = options.asOf?.getTime();
  const partitions = options.partitions ?? 4;

  // The checkpoint first, then the head: a checkpoint never passes the head read after it.
  const liveAtStart = await readLive(store.sql, projection.name, partitions);
  const head = await store.head();
  // Following the live model's partitions (distributed mode) only when comparing at its checkpoints.
  const parts = mode === 'live-checkpoint' && liveAtStart?.partitions ? liveAtStart.partitions.length : 1;
  const clamp = (cut: number[]) => cut.map((c) => Math.min(c, head));
  const target: number[] =
    mode === 'to-position'
      ? [Math.min(options.toPosition!, head)]
      : mode === 'live-checkpoint' && liveAtStart
        ? clamp(cutOf(liveAtStart))
        : [head];
  if (mode === 'to-position' && options.toPosition! > head)
    note(`--to-position ${options.toPosition} is past the head of the log (${head}): replaying to ${head}`);
  const total = mode === 'as-of' ? await positionBefore(store.sql, options.asOf!, head) : Math.max(...target);

  const schema = await freeSchemaName(
    store.sql,
    options.schema ?? replaySchemaName(projection.name, options.now?.() ?? new Date()),
  );
  const fold: FoldTarget = {
    store,
    projection,
    schema,
    onForeignRead: (table) =>
      note(
        `the ${projection.name} projection read ${table}, outside the replay schema: the replay depends on that live table (name it in the projection's tables, or qualify nothing)`,
      ),
  };
  const cutFold = new CutFold(fold, {
    batchSize,
    parts,
    signal: options.signal,
    ...(asOfMs !== undefined ? { stopAt: (e) => Date.parse(e.metadata.at) > asOfMs } : {}),
    onProgress: (read, events) =>
      options.onProgress?.({
        position: cutFold.stopped ? Math.max(...cutFold.folded) : Math.min(read, total),
        head: total,
        events,
      }),
  });
  const { folded } = cutFold;
  const foldTo = (cut: number[], tx?: SqlClient) => cutFold.foldTo(cut, tx);

  // Kept on a failure too when asked: the half-built tables are what one would look at.
  const kept = options.keep ?? false;
  try {
    await setUp(fold);
    options.onProgress?.({ position: 0, head: total, events: 0 });
    await foldTo(target);

    // A server still running on PostgreSQL moves the live checkpoint meanwhile: catch up with it
    // while it is far ahead, then fold the rest inside the comparing transaction, whose snapshot
    // holds the live tables and their checkpoint still.
    const behind = (live: LiveState | null): number[] | null => {
      if (mode !== 'live-checkpoint' || !live || (live.partitions?.length ?? 1) !== parts) return null;
      const cut = cutOf(live);
      return cut.some((c, p) => c > folded[p]!) ? cut : null;
    };
    for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
      const cut = behind(await readLive(store.sql, projection.name, partitions));
      if (!cut || cutFold.behind(cut) <= batchSize) break;
      await foldTo(cut);
    }
    const { live, tables } = await store.sql.transaction(async (tx) => {
      // One snapshot of the live tables and their checkpoint (PGlite has one connection: nothing commits in between anyway).
      await tx.query('set transaction isolation level repeatable read');
      const now = await readLive(tx, projection.name, partitions);
      const cut = behind(now);
      // PGlite runs one statement at a time: reading the log from outside this transaction would wait for it forever.
      if (cut && store.driver === 'postgres') {
        await tx.query(`set local search_path to ${quoteIdent(schema)}, public`);
        await foldTo(cut, tx);
        await tx.query('reset search_path');
      }
      const diffs: TableDiff[] = [];
      for (const table of projection.tables)
        diffs.push(
          await compareTable(tx, table, {
            replaySchema: schema,
            maxRows: options.maxRows ?? 50,
            ignore: options.ignore,
          }),
        );
      return { live: now, tables: diffs };
    });
    const position = Math.max(...folded);

    if (live === null)
      note(`the live ${projection.name} model has no checkpoint here (the projection never ran on this database)`);
    else {
      if (live.version !== null && live.version !== projection.version) {
        note(
          `the live model was built by version ${live.version} of the ${projection.name} projection, this code is version ${projection.version}: the server rebuilds it at its next start, and differences may come from that`,
        );
      }
      if (live.partitions) {
        note(
          `the live model is folded per partition (distributed mode, ${live.partitions.length} partitions of ${EVENTS_TOPIC}): ${mode === 'live-checkpoint' ? "compared at each partition's checkpoint" : 'checkpoints'} ${live.partitions.map((c, p) => `p${p} ${c}`).join(', ')}`,
        );
      }
      if (mode === 'live-checkpoint' && behind(live))
        note(
          `the live model moved past this replay while it ran (at ${live.checkpoint}, replay at ${position}): is a server writing to this PGlite folder?`,
        );
      else if (mode === 'live-checkpoint' && live.checkpoint < head && !live.partitions)
        note(
          `the live model is ${plural(head - live.checkpoint, 'event')} behind the head of the log: compared at its checkpoint ${live.checkpoint}`,
        );
    }
    // A point in time compares exactly only when the live model stands at that same position.
    const livePosition = live?.checkpoint ?? 0;
    const expected = mode !== 'live-checkpoint' && (livePosition !== position || live?.partitions != null);
    if (expected) {
      note(
        livePosition >= position
          ? `the live model is newer (position ${livePosition}) than this replay (position ${position}): differences are expected and do not fail the run`
          : `the live model is older (position ${livePosition}) than this replay (position ${position}): differences are expected and do not fail the run`,
      );
    }
    for (const t of tables) {
      if (!t.liveExists)
        note(
          `table ${LIVE_SCHEMA}.${t.table} does not exist: the live model was never built, or another version of it dropped the table`,
        );
      if (t.onlyInLive.length > 0)
        note(
          `${t.table}: column${t.onlyInLive.length === 1 ? '' : 's'} ${t.onlyInLive.join(', ')} only in the live table (this code no longer makes ${t.onlyInLive.length === 1 ? 'it' : 'them'}): not compared`,
        );
      if (t.onlyInReplay.length > 0 && t.liveExists)
        note(
          `${t.table}: column${t.onlyInReplay.length === 1 ? '' : 's'} ${t.onlyInReplay.join(', ')} only in the replay (the live table is older): not compared`,
        );
      if (t.retyped.length > 0)
        note(`${t.table}: ${t.retyped.join(', ')} of another type in the live table: compared as text`);
    }
    const differences = tables.reduce((s, t) => s + differencesOf(t), 0);
    return {
      projection: projection.name,
      schema,
      kept,
      mode,
      position,
      events: cutFold.events,
      head,
      live,
      ms: performance.now() - started,
      tables,
      differences,
      expected,
      exitCode: differences > 0 && !expected ? 1 : 0,
      notes,
    };
  } finally {
    if (!kept) await store.sql.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
  }
}

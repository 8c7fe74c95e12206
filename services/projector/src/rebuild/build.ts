import type { EventStore, SqlClient } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { endBuild, saveBuild, type BuildRow } from './builds.js';
import { CutFold } from './cut-fold.js';
import type { LiveCut } from './live-cut.js';
import { inSchema, quoteIdent, setUp, type FoldTarget } from './schema.js';

export interface BuildLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface BuildOptions {
  store: EventStore;
  projection: Projection;
  cut: LiveCut;
  batchSize: number;
  signal: AbortSignal;
  log: BuildLog;
}

const schemaExists = async (sql: SqlClient, schema: string): Promise<boolean> =>
  (await sql.query('select 1 from pg_namespace where nspname = $1', [schema])).rows.length > 0;

/**
 * Folds a new version of a read model into its build schema while the live version keeps serving,
 * then puts it in the live one's place in one transaction (switchTables). The build follows the
 * live version's checkpoints, not the log's head: at the switch both must hold exactly the same
 * events, so that the live checkpoints stay true for the new tables and the live folding goes on
 * from them. Resumes from the row's positions when its schema is still there.
 */
export async function runBuild(row: BuildRow, o: BuildOptions): Promise<void> {
  const { store, projection, cut, log } = o;
  const { sql } = store;
  const target: FoldTarget = {
    store,
    projection,
    schema: row.schema,
    onForeignRead: (table) => log.warn({ table }, 'the rebuild read a table outside its schema'),
  };
  const resume = row.folded.length === cut.parts && (await schemaExists(sql, row.schema));
  if (!resume) {
    await sql.query(`drop schema if exists ${quoteIdent(row.schema)} cascade`);
    await setUp(target);
  }
  const started = performance.now();
  const before = resume ? row.events : 0;
  let aim = row.target;
  const fold = new CutFold(
    target,
    {
      batchSize: o.batchSize,
      parts: cut.parts,
      signal: o.signal,
      afterBatch: (tx, folded, events) =>
        saveBuild(tx, projection.name, {
          folded,
          events: before + events,
          target: aim,
          rate: events / Math.max(0.001, (performance.now() - started) / 1000),
        }),
    },
    resume ? row.folded : undefined,
  );
  log.info(
    { projection: projection.name, version: row.version, from: resume ? row.folded : 0, reason: row.reason },
    resume ? 'rebuild resumed beside the live tables' : 'rebuild started beside the live tables',
  );
  // Catch up while the live version is more than a batch ahead; the rest is folded at the switch.
  for (;;) {
    const live = await cut.read(sql);
    aim = Math.max(...live);
    if (fold.behind(live) <= o.batchSize) break;
    await fold.foldTo(live);
  }
  await inSchema(sql, row.schema, (tx) => createReaderIndexes(tx, projection));
  // PGlite runs one statement at a time, so the log cannot be read from outside the switch's
  // transaction: there the switch happens only when nothing is left, and otherwise folds and tries again.
  while (
    !(await inSchema(sql, row.schema, async (tx) => {
      const live = await cut.lock(tx);
      if (fold.behind(live) > 0) {
        if (store.driver === 'pglite') return false;
        await fold.foldTo(live, tx);
      }
      await switchTables(tx, projection, row);
      return true;
    }))
  ) {
    o.signal.throwIfAborted();
    await fold.foldTo(await cut.read(sql));
  }
  log.info(
    {
      projection: projection.name,
      version: row.version,
      events: before + fold.events,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    },
    'rebuild switched in: the new version serves',
  );
}

/** The readers' indexes (Projection.indexes), made after the bulk of the fold. */
async function createReaderIndexes(tx: SqlClient, projection: Projection): Promise<void> {
  for (const [name, on] of Object.entries(projection.indexes ?? {}))
    if (on !== null) await tx.query(`create index if not exists ${name} on ${on}`);
}

/**
 * Replaces the live tables with the build's, in the caller's transaction, which holds the live
 * checkpoints locked: a reader sees the old tables or the new, never a mixture, and the live
 * folding goes on into the new ones from the same checkpoints.
 */
async function switchTables(tx: SqlClient, projection: Projection, row: BuildRow): Promise<void> {
  const schema = quoteIdent(row.schema);
  for (const table of projection.tables) {
    await tx.query(`drop table if exists public.${quoteIdent(table)} cascade`);
    await tx.query(`alter table ${schema}.${quoteIdent(table)} set schema public`);
  }
  await tx.query('update projection_checkpoints set version = $2 where name = $1', [projection.name, row.version]);
  await endBuild(tx, projection.name);
  await tx.query(`drop schema ${schema} cascade`);
}

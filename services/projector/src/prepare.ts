import { withMigrationLock, type SqlClient } from '@exch/contracts';
import { readCheckpoint, readVersion, resetCheckpoint, writeVersion } from './checkpoints.js';
import { resetPartitionCheckpoints } from './kafka/partition-checkpoints.js';
import type { Projection } from './projection.js';

/** Drops the read model's tables and checkpoints, so that it folds again from position zero. */
export async function dropProjection(tx: SqlClient, projection: Projection): Promise<void> {
  for (const table of projection.tables) await tx.query(`drop table if exists ${table} cascade`);
  await resetCheckpoint(tx, projection.name);
  await resetPartitionCheckpoints(tx, projection.name);
}

/**
 * Brings a read model to its projection's version once, however many processes start together:
 * under the projection's migration lock (contracts/src/migrate.ts), with the version kept beside the
 * checkpoint it governs (where replay reads it). At the stored version it runs no DDL at all:
 * creating an index "if not exists" still locks the table, and would deadlock with members folding
 * into it. Another version's tables are dropped first, so the read model folds again from the start.
 * Then the readers' indexes (ensureIndexes).
 */
export async function prepareProjection(
  sql: SqlClient,
  projection: Projection,
  log: { info(obj: object, msg?: string): void },
): Promise<void> {
  await withMigrationLock(sql, `projection:${projection.name}`, async (tx) => {
    const stored = await readVersion(tx, projection.name);
    if (stored === projection.version) return;
    if (stored !== null) {
      await dropProjection(tx, projection);
      log.info(
        { projection: projection.name, from: stored, to: projection.version },
        'projection version changed; folding from the start',
      );
    }
    await projection.setup(tx);
    await readCheckpoint(tx, projection.name);
    await writeVersion(tx, projection.name, projection.version);
  });
  await ensureIndexes(sql, projection);
}

/**
 * Creates the projection's reader indexes that are missing and drops those it retired. Whether one
 * is there is read from the catalog (`to_regclass`), which locks no table, so a start that finds
 * them all as they should be runs no DDL. Each change is its own transaction under the
 * projection's migration lock, holding one table's lock at a time: a member folding into that
 * table waits for the index to be built, and nothing waits the other way round.
 */
export async function ensureIndexes(sql: SqlClient, projection: Projection): Promise<void> {
  for (const [name, on] of Object.entries(projection.indexes ?? {})) {
    const present = async (tx: SqlClient) =>
      (await tx.query<{ present: boolean }>('select to_regclass($1) is not null as present', [name])).rows[0]!.present;
    if ((await present(sql)) === (on !== null)) continue;
    await withMigrationLock(sql, `projection:${projection.name}`, async (tx) => {
      // Another process may have done it while this one waited for the lock.
      if ((await present(tx)) === (on !== null)) return;
      await tx.query(on === null ? `drop index if exists ${name}` : `create index if not exists ${name} on ${on}`);
    });
  }
}

import { withMigrationLock, type SqlClient } from '@exch/contracts';
import { readCheckpoint, readVersion, writeVersion } from './checkpoints.js';
import type { Projection } from './projection.js';
import { requestBuild } from './rebuild/builds.js';

/**
 * Brings a read model to its projection's version once, however many processes start together:
 * under the projection's migration lock (contracts/src/migrate.ts), with the version kept beside the
 * checkpoint it governs (where replay reads it). At the stored version it runs no DDL at all:
 * creating an index "if not exists" still locks the table, and would deadlock with members folding
 * into it. Tables of another version stay and keep serving: the new version is asked of the
 * rebuilds (rebuild/), which fold it beside them and switch it in once it has caught up. Its setup
 * runs on the live tables too, so tables and columns it adds are there for this code's queries
 * (docs/architecture.md, "Projection versions"). Then the readers' indexes (ensureIndexes).
 */
export async function prepareProjection(
  sql: SqlClient,
  projection: Projection,
  log: { info(obj: object, msg?: string): void },
): Promise<void> {
  await withMigrationLock(sql, `projection:${projection.name}`, async (tx) => {
    const stored = await readVersion(tx, projection.name);
    if (stored === projection.version) return;
    await projection.setup(tx);
    if (stored !== null) {
      await requestBuild(tx, {
        name: projection.name,
        version: projection.version,
        reason: 'upgrade',
        requestedBy: null,
      });
      log.info(
        { projection: projection.name, from: stored, to: projection.version },
        'projection version changed: the new version folds beside the old, which serves until it has caught up',
      );
      return;
    }
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

import type { SqlClient } from '@exch/contracts';
import { identOf } from './schema.js';

/**
 * A read model being rebuilt beside its live tables, one row per projection: why, by whom, which
 * process folds it (and when it was last heard of), and how far it has come per partition. The row
 * is written in the same transaction as each batch it describes, so a process that stops mid-build
 * leaves a row the next one resumes from.
 */
export const BUILDS_DDL = `create table if not exists projection_builds (
  name text primary key,
  version int not null,
  schema text not null,
  reason text not null,
  requested_by text,
  requested_at timestamptz not null default now(),
  owner text,
  heartbeat timestamptz,
  folded bigint[] not null default '{}',
  events bigint not null default 0,
  target bigint not null default 0,
  rate double precision not null default 0
)`;

/** An upgrade (the code's version differs from the tables') or an operator's request. */
export type BuildReason = 'upgrade' | 'request';

export interface BuildRow {
  name: string;
  version: number;
  schema: string;
  reason: BuildReason;
  requestedBy: string | null;
  requestedAt: string;
  owner: string | null;
  /** Per partition (one in embedded mode), the last position folded; empty before the first batch. */
  folded: number[];
  events: number;
  /** Where the live version stood when last read: the build catches up with it. */
  target: number;
  /** Events a second over the current run. */
  rate: number;
}

interface DbRow {
  name: string;
  version: number;
  schema: string;
  reason: string;
  requested_by: string | null;
  requested_at: Date | string;
  owner: string | null;
  folded: (string | number)[];
  events: string | number;
  target: string | number;
  rate: number;
}

const COLUMNS = 'name, version, schema, reason, requested_by, requested_at, owner, folded, events, target, rate';

const rowOf = (r: DbRow): BuildRow => ({
  name: r.name,
  version: Number(r.version),
  schema: r.schema,
  reason: r.reason as BuildReason,
  requestedBy: r.requested_by,
  requestedAt: new Date(r.requested_at).toISOString(),
  owner: r.owner,
  folded: r.folded.map(Number),
  events: Number(r.events),
  target: Number(r.target),
  rate: Number(r.rate),
});

/** The schema a projection's next version folds into, beside the live tables in public. */
export const buildSchemaOf = (name: string): string => `build_${identOf(name)}`;

/**
 * Asks for a build of `version`. An operator's request is refused (false) while one runs; an
 * upgrade replaces a build of another version (its schema is dropped by the builder on claiming).
 */
export async function requestBuild(
  sql: SqlClient,
  b: { name: string; version: number; reason: BuildReason; requestedBy: string | null },
): Promise<boolean> {
  const onConflict =
    b.reason === 'upgrade'
      ? `on conflict (name) do update set version = excluded.version, reason = excluded.reason, requested_by = null,
           requested_at = now(), folded = '{}', events = 0, target = 0, rate = 0
         where projection_builds.version <> excluded.version`
      : 'on conflict (name) do nothing';
  const { rows } = await sql.query(
    `insert into projection_builds (name, version, schema, reason, requested_by) values ($1, $2, $3, $4, $5) ${onConflict} returning name`,
    [b.name, b.version, buildSchemaOf(b.name), b.reason, b.requestedBy],
  );
  return rows.length > 0;
}

export async function readBuilds(sql: SqlClient): Promise<BuildRow[]> {
  const { rows } = await sql.query<DbRow>(`select ${COLUMNS} from projection_builds order by name`);
  return rows.map(rowOf);
}

/**
 * Takes the build for `owner` when nobody folds it or its folder has not been heard of for
 * `staleMs` (a process that died mid-build); null when another process has it.
 */
export async function claimBuild(
  sql: SqlClient,
  name: string,
  owner: string,
  staleMs: number,
): Promise<BuildRow | null> {
  const { rows } = await sql.query<DbRow>(
    `update projection_builds set owner = $2, heartbeat = now()
      where name = $1 and (owner is null or owner = $2 or heartbeat < now() - make_interval(secs => $3))
      returning ${COLUMNS}`,
    [name, owner, staleMs / 1000],
  );
  return rows[0] ? rowOf(rows[0]) : null;
}

/** Where the build stands, in the transaction of the batch that got it there. */
export async function saveBuild(
  tx: SqlClient,
  name: string,
  p: { folded: readonly number[]; events: number; target: number; rate: number },
): Promise<void> {
  await tx.query(
    `update projection_builds set folded = $2::bigint[], events = $3, target = $4, rate = $5, heartbeat = now() where name = $1`,
    [name, p.folded, p.events, p.target, p.rate],
  );
}

export async function endBuild(tx: SqlClient, name: string): Promise<void> {
  await tx.query('delete from projection_builds where name = $1', [name]);
}

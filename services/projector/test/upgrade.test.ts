import t, { type Test } from 'tap';
import pino from 'pino';
import type { EventStore, SqlClient, StoredEvent } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { ProjectionRunner, type Projection } from '../src/index.js';
import { addedEvent } from './added-event.js';

const log = pino({ level: 'silent' });

/** Version 1: a sum per stream. */
const v1: Projection = {
  name: 'sums',
  version: 1,
  tables: ['rm_sums'],
  async setup(sql: SqlClient) {
    await sql.query(`create table if not exists rm_sums (stream_id text primary key, total bigint not null)`);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const rows = events.map((e) => ({ s: e.streamId, n: (e.data as { n: number }).n }));
    await tx.query(
      `insert into rm_sums (stream_id, total)
       select s, sum(n) from jsonb_to_recordset($1::jsonb) as r(s text, n bigint) group by s
       on conflict (stream_id) do update set total = rm_sums.total + excluded.total`,
      [JSON.stringify(rows)],
    );
  },
};

/**
 * Version 2 adds a count beside the sum, the way a version change must (docs/architecture.md,
 * "Projection versions"): a column with a default, which the live tables get at start too. `pause`
 * holds each batch, so the test can read while the build runs and stop the server in the middle.
 */
const v2 = (pause: () => Promise<void> = async () => {}): Projection => ({
  ...v1,
  version: 2,
  async setup(sql: SqlClient) {
    await v1.setup(sql);
    await sql.query('alter table rm_sums add column if not exists n int not null default 0');
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    await pause();
    const rows = events.map((e) => ({ s: e.streamId, n: (e.data as { n: number }).n }));
    await tx.query(
      `insert into rm_sums (stream_id, total, n)
       select s, sum(n), count(*) from jsonb_to_recordset($1::jsonb) as r(s text, n bigint) group by s
       on conflict (stream_id) do update set total = rm_sums.total + excluded.total, n = rm_sums.n + excluded.n`,
      [JSON.stringify(rows)],
    );
  },
});

const ev = (n: number) => addedEvent({ n });

/** 3,000 events over three streams: stream s<k> gets 1..1000 times k. */
async function history(store: EventStore): Promise<void> {
  for (let k = 1; k <= 3; k++)
    for (let from = 1; from <= 1000; from += 250)
      await store.append([
        {
          streamId: `s${k}`,
          expectedVersion: 'any',
          events: Array.from({ length: 250 }, (_, i) => ev((from + i) * k)),
        },
      ]);
}

/** A store holding the history, folded by version 1: the tables an upgrade finds. */
async function foldedByVersion1(t: Test): Promise<EventStore> {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  await history(store);
  const old = new ProjectionRunner(store, [v1], log);
  await old.start();
  await old.waitFor(await store.head());
  await old.stop();
  return store;
}

type Read = { stream_id: string; total: number; n: number | null }[];
const read = async (sql: SqlClient): Promise<Read> =>
  (
    await sql.query<{ stream_id: string; total: string; n?: number }>(
      `select stream_id, total::text, to_jsonb(r)->'n' as n from rm_sums r order by stream_id`,
    )
  ).rows.map((r) => ({ stream_id: r.stream_id, total: Number(r.total), n: r.n == null ? null : Number(r.n) }));
const version = async (sql: SqlClient) =>
  Number(
    (await sql.query<{ version: number }>(`select version from projection_checkpoints where name = 'sums'`)).rows[0]!
      .version,
  );
const schemas = async (sql: SqlClient) =>
  (await sql.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like 'build_%'`)).rows.map(
    (r) => r.nspname,
  );
const builds = async (sql: SqlClient) =>
  (await sql.query<{ folded: string[] }>(`select folded from projection_builds where name = 'sums'`)).rows;

const SUMS = [1, 2, 3].map((k) => ({ stream_id: `s${k}`, total: 500_500 * k }));

t.test('an upgrade folds beside the old version, which serves until one switch; the old tables go', async (t) => {
  const store = await foldedByVersion1(t);
  const before = await read(store.sql);
  t.same(
    before,
    SUMS.map((s) => ({ ...s, n: null })),
    'version 1 serves the sums',
  );

  const runner = new ProjectionRunner(store, [v2(() => new Promise((r) => setTimeout(r, 20)))], log, 500, {
    batchSize: 200,
    pollMs: 20,
  });
  await runner.start();
  t.teardown(() => runner.stop());
  // Reads while the build folds fifteen batches: each sees the old tables (count 0) or the new, whole.
  const seen: string[] = [];
  const done = SUMS.map((s) => ({ ...s, n: 1000 }));
  for (let i = 0; i < 2_000 && (seen.at(-1) !== 'new' || (await schemas(store.sql)).length > 0); i++) {
    const now = await read(store.sql);
    const kind =
      JSON.stringify(now) === JSON.stringify(SUMS.map((s) => ({ ...s, n: 0 })))
        ? 'old'
        : JSON.stringify(now) === JSON.stringify(done)
          ? 'new'
          : `mixed ${JSON.stringify(now)}`;
    if (seen.at(-1) !== kind) seen.push(kind);
    await new Promise((r) => setTimeout(r, 5));
  }
  t.same(seen, ['old', 'new'], 'reads saw the old version, then the new one, once, and nothing in between');
  t.equal(await version(store.sql), 2, 'the checkpoint names the new version');
  t.same(await schemas(store.sql), [], 'the build schema is gone, with the tables it replaced');
  t.same(await builds(store.sql), [], 'no build left');

  const [appended] = await store.append([{ streamId: 's1', expectedVersion: 'any', events: [ev(7)] }]);
  await runner.waitFor(appended!.positions[0]!);
  t.same((await read(store.sql))[0], { stream_id: 's1', total: 500_507, n: 1001 }, 'the new tables fold on');
});

t.test('a server stopped mid-build resumes it at its next start, never serving the half-built tables', async (t) => {
  const store = await foldedByVersion1(t);

  let batches = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  const first = new ProjectionRunner(
    store,
    [
      v2(async () => {
        if (++batches > 3) await held;
      }),
    ],
    log,
    500,
    { batchSize: 200, pollMs: 20 },
  );
  await first.start();
  // Not a query: on PGlite it would queue behind the held batch's transaction.
  while (batches < 4) await new Promise((r) => setTimeout(r, 10));
  const stopping = first.stop();
  release();
  await stopping;
  const left = await builds(store.sql);
  t.equal(left.length, 1, 'the build is still asked for');
  const at = Number(left[0]!.folded[0]);
  t.ok(at > 0 && at < 3_000, `it stopped part-way (at ${at} of 3,000)`);
  t.equal(await version(store.sql), 1, 'version 1 still serves');
  t.same(
    await read(store.sql),
    SUMS.map((s) => ({ ...s, n: 0 })),
    'its tables are whole',
  );

  let folded = 0;
  const second = new ProjectionRunner(
    store,
    [
      {
        ...v2(),
        async apply(tx, events) {
          folded += events.length;
          await v2().apply(tx, events);
        },
      },
    ],
    log,
    500,
    { batchSize: 200, pollMs: 20 },
  );
  await second.start();
  t.teardown(() => second.stop());
  while ((await version(store.sql)) !== 2) await new Promise((r) => setTimeout(r, 20));
  t.equal(folded, 3_000 - at, 'the second start folded only what the first had not');
  t.same(
    await read(store.sql),
    SUMS.map((s) => ({ ...s, n: 1000 })),
    'and the switch brought the whole new version',
  );
});

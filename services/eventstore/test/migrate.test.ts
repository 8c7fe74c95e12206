import t from 'tap';
import { migrate, type SqlClient } from '@exch/contracts';
import { openPGliteStore, openPostgresStore } from '../src/index.js';
import { pgSkip, startPostgres } from '../../../tests/helpers/postgres.js';

/** A part's DDL plus a row per run, so a test can count how often it ran. */
const part = (name: string) => [
  `create table if not exists ${name} (id int primary key)`,
  `create index if not exists ${name}_id on ${name} (id)`,
  `insert into migrate_runs (name) values ('${name}')`,
];

const runs = async (sql: SqlClient) =>
  (
    await sql.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from migrate_runs group by name order by name`,
    )
  ).rows;

// contracts' migrate over both drivers: what every process runs at start (gateway, engine, relay, projectors).
t.test('migrate on PostgreSQL: any number of processes at once, the DDL runs once', { skip: pgSkip() }, async (t) => {
  const server = await startPostgres();
  t.teardown(() => server.stop());

  for (let round = 1; round <= 5; round++) {
    const url = await server.createDatabase(`migrate_${round}`);
    // Twelve pools, as twelve processes would have: each opening the store migrates the log too.
    const opened = await Promise.allSettled(
      Array.from({ length: 12 }, () => openPostgresStore({ connectionString: url, poolSize: 2 })),
    );
    const stores = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    try {
      for (const o of opened) if (o.status === 'rejected') throw o.reason;
      await stores[0]!.sql.query(`create table migrate_runs (name text not null)`);
      await Promise.all(
        stores.flatMap((s, i) => [
          migrate(s.sql, 'part_a', 1, part('part_a')),
          migrate(s.sql, i % 2 ? 'part_b' : 'part_c', 1, part(i % 2 ? 'part_b' : 'part_c')),
        ]),
      );
      t.same(
        await runs(stores[0]!.sql),
        [
          { name: 'part_a', n: 1 },
          { name: 'part_b', n: 1 },
          { name: 'part_c', n: 1 },
        ],
        `round ${round}: each part's DDL ran once`,
      );
      const { rows } = await stores[0]!.sql.query<{ name: string; version: number }>(
        `select name, version from schema_versions order by name`,
      );
      t.same(
        rows,
        [
          { name: 'eventstore', version: 3 },
          { name: 'part_a', version: 1 },
          { name: 'part_b', version: 1 },
          { name: 'part_c', version: 1 },
        ],
        `round ${round}: versions recorded`,
      );
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }
});

t.test('migrate on PGlite: versions, upgrades and a failed step', async (t) => {
  const store = await openPGliteStore();
  t.teardown(() => store.close());
  const { sql } = store;
  await sql.query(`create table migrate_runs (name text not null)`);

  await migrate(sql, 'part_a', 1, part('part_a'));
  await migrate(sql, 'part_a', 1, part('part_a'));
  t.same(await runs(sql), [{ name: 'part_a', n: 1 }], 'at its version a part runs no DDL');

  await migrate(sql, 'part_a', 2, part('part_a'));
  await migrate(sql, 'part_a', 1, part('part_a'));
  t.same(
    await runs(sql),
    [{ name: 'part_a', n: 2 }],
    'a newer version runs it again; an older process finding the newer one runs nothing',
  );

  await t.rejects(
    migrate(sql, 'part_b', 1, [...part('part_b'), 'select no_such_column from part_b']),
    /no_such_column/,
  );
  t.equal(
    (await sql.query(`select to_regclass('part_b') as t`)).rows[0]!.t,
    null,
    'a failed step leaves no table behind',
  );
  t.same(
    (await sql.query(`select version from schema_versions where name = 'part_b'`)).rows,
    [],
    'and records no version',
  );
  await migrate(sql, 'part_b', 1, part('part_b'));
  t.same(
    (await sql.query(`select version from schema_versions where name = 'part_b'`)).rows,
    [{ version: 1 }],
    'the next start does it',
  );
});

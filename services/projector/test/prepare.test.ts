import t from 'tap';
import type { SqlClient } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { ensureCheckpointTables } from '../src/checkpoint-tables.js';
import { prepareProjection } from '../src/prepare.js';
import type { Projection } from '../src/projection.js';

const silent = { info() {} };

const projection = (indexes: Projection['indexes']): Projection => ({
  name: 'things',
  version: 1,
  tables: ['rm_things'],
  async setup(sql: SqlClient) {
    await sql.query('create table if not exists rm_things (id int primary key, at timestamptz, kind text)');
  },
  async apply() {},
  indexes,
});

t.test("a projection's reader indexes come and go at start, without a rebuild", async (t) => {
  const store = await openPGliteStore();
  t.teardown(() => store.close());
  await ensureCheckpointTables(store.sql);
  const indexes = async () =>
    (
      await store.sql.query<{ indexname: string }>(
        `select indexname from pg_indexes where tablename = 'rm_things' and indexname <> 'rm_things_pkey' order by 1`,
      )
    ).rows.map((r) => r.indexname);

  await prepareProjection(store.sql, projection({ rm_things_at: 'rm_things (at)' }), silent);
  t.same(await indexes(), ['rm_things_at'], 'created with the tables');
  await store.sql.query('insert into rm_things values (1, now(), $1)', ['kept']);

  // The same version, an index added and the first retired: no rebuild, the row stays.
  await prepareProjection(
    store.sql,
    projection({ rm_things_at: null, rm_things_kind_at: 'rm_things (kind, at)' }),
    silent,
  );
  t.same(await indexes(), ['rm_things_kind_at'], 'the new one made, the retired one dropped');
  t.same((await store.sql.query('select kind from rm_things')).rows, [{ kind: 'kept' }], 'nothing folded again');

  // Found as declared: nothing to do (a start runs no DDL then).
  await prepareProjection(
    store.sql,
    projection({ rm_things_at: null, rm_things_kind_at: 'rm_things (kind, at)' }),
    silent,
  );
  t.same(await indexes(), ['rm_things_kind_at']);
});

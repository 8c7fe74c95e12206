import t from 'tap';
import pino from 'pino';
import type { EventStore, SqlClient, StoredEvent } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { ProjectionRunner, type Projection } from '../src/index.js';
import { addedEvent } from './added-event.js';

const log = pino({ level: 'silent' });

/** A tiny read model: a running sum per stream, so double application would show. */
const sums: Projection = {
  name: 'sums',
  version: 1,
  tables: ['rm_sums'],
  async setup(sql: SqlClient) {
    await sql.query(`create table if not exists rm_sums (stream_id text primary key, total bigint not null)`);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    for (const e of events) {
      await tx.query(
        `insert into rm_sums (stream_id, total) values ($1, $2) on conflict (stream_id) do update set total = rm_sums.total + excluded.total`,
        [e.streamId, (e.data as { n: number }).n],
      );
    }
  },
};

const ev = (n: number) => addedEvent({ n });
const add = (store: EventStore, stream: string, ...ns: number[]) =>
  store.append([{ streamId: stream, expectedVersion: 'any', events: ns.map(ev) }]);
const total = async (store: EventStore, stream: string) =>
  Number(
    (await store.sql.query<{ total: string }>(`select total from rm_sums where stream_id = $1`, [stream])).rows[0]
      ?.total ?? 0,
  );

t.test('folds catch-up and live events with the checkpoint, reports lag, rebuilds from zero', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  await add(store, 'a', 1, 2, 3);
  const runner = new ProjectionRunner(store, [sums], log, 2);
  await runner.start();
  t.teardown(() => runner.stop());
  await runner.waitFor(await store.head());
  t.equal(await total(store, 'a'), 6);

  const applied: number[] = [];
  runner.onApplied((_name, events) => applied.push(...events.map((e) => e.position)));
  const [r] = await add(store, 'b', 10, 20);
  await runner.waitFor(r!.positions[1]!);
  t.equal(await total(store, 'b'), 30);
  t.same(applied, r!.positions, 'listeners hear each committed event once');
  t.same(await runner.lag(), [{ name: 'sums', checkpoint: 5, head: 5, lag: 0 }]);

  await runner.rebuild('sums');
  await runner.waitFor(5);
  t.equal(await total(store, 'a'), 6, 'a rebuild replays from zero without doubling');
  t.equal(await total(store, 'b'), 30);
});

t.test('a redelivered batch changes nothing: the stored checkpoint wins', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  await add(store, 'a', 5, 7);
  const first = new ProjectionRunner(store, [sums], log);
  await first.start();
  await first.waitFor(2);
  await first.stop();
  // A second runner starting from scratch in memory replays from the stored checkpoint only.
  await add(store, 'a', 100);
  const second = new ProjectionRunner(store, [sums], log);
  await second.start();
  t.teardown(() => second.stop());
  await second.waitFor(3);
  t.equal(await total(store, 'a'), 112);
});

t.test('a failing batch is retried and never skipped', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  let failures = 2;
  const flaky: Projection = {
    ...sums,
    async apply(tx, events) {
      if (failures-- > 0) throw new Error('transient');
      return sums.apply(tx, events);
    },
  };
  await add(store, 'a', 4, 4);
  const runner = new ProjectionRunner(store, [flaky], log);
  await runner.start();
  t.teardown(() => runner.stop());
  await runner.waitFor(2);
  t.equal(await total(store, 'a'), 8);
});

t.test('on PGlite the event loop turns between the read models of one batch', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  const seen: string[] = [];
  // The first read model asks for a turn; the second notes whether it came before it folds.
  const first: Projection = {
    ...sums,
    name: 'first',
    async apply(tx, events) {
      await sums.apply(tx, events);
      setImmediate(() => seen.push('a turn'));
    },
  };
  const second: Projection = {
    name: 'second',
    version: 1,
    tables: [],
    async setup() {},
    async apply() {
      seen.push('second folds');
    },
  };
  const runner = new ProjectionRunner(store, [first, second], log);
  await runner.start();
  t.teardown(() => runner.stop());
  await add(store, 'a', 1);
  await runner.waitFor(await store.head());
  t.same(seen, ['a turn', 'second folds']);
});

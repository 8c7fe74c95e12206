import t from 'tap';
import pino from 'pino';
import { partitionOf, type EventStore } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { countFoldedEvents, lagOf, readLogLag } from '../src/index.js';
import { ensureCheckpointTables } from '../src/checkpoint-tables.js';
import { lockPartitionCheckpoint, writePartitionCheckpoint } from '../src/kafka/partition-checkpoints.js';
import { addedEvent } from './added-event.js';

const TOPIC = 'exchange.events';
const PARTITIONS = 4;

/** `n` events spread over a dozen streams, so every partition gets some. */
async function writeLog(store: EventStore, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await store.append([{ streamId: `s${i % 12}`, expectedVersion: 'any', events: [addedEvent()] }]);
}

/** What a projector group's members do per batch: each partition's events after its checkpoint, up to `upTo`, counted into it. */
async function foldPartitions(store: EventStore, name: string, upTo: number): Promise<void> {
  const events = await store.readAll(0, upTo);
  for (let partition = 0; partition < PARTITIONS; partition++) {
    const offered = events.filter((e) => partitionOf(e.streamId, PARTITIONS) === partition);
    await store.sql.transaction(async (tx) => {
      const stored = await lockPartitionCheckpoint(tx, name, TOPIC, partition);
      const unseen = offered.filter((e) => e.position > stored);
      if (unseen.length === 0) return;
      const cp = { partition, nextOffset: BigInt(offered.length), position: unseen[unseen.length - 1]!.position };
      await writePartitionCheckpoint(tx, name, TOPIC, cp, unseen.length);
    });
  }
}

t.test('lag is never negative', async (t) => {
  t.equal(lagOf(100, 60), 40);
  t.equal(lagOf(100, 100), 0);
  t.equal(lagOf(100, 107), 0, 'a count ahead of the head (read apart) is no lag, not a negative one');
  const negative = [];
  for (let head = 0; head <= 50; head++)
    for (let folded = 0; folded <= 50; folded++) if (lagOf(head, folded) < 0) negative.push([head, folded]);
  t.same(negative, [], 'for any pair of figures');
});

// One database for both tests below (a PGlite start is seconds here): the second carries on the first's log.
const store = await openPGliteStore({});
t.teardown(() => store.close());
await ensureCheckpointTables(store.sql);

t.test("the log's head less the events each group's partitions hold, the relay's share shown apart", async (t) => {
  await writeLog(store, 40);

  t.same(await readLogLag(store.sql, ['users']), {
    head: 40,
    relay: null,
    projections: [{ name: 'users', checkpoint: 0, head: 40, lag: 40 }],
  });

  await foldPartitions(store, 'users', 25);
  await foldPartitions(store, 'bets', 40);
  await store.sql.query(`create table relay_checkpoints (topic text primary key, position bigint not null)`);
  await store.sql.query(`insert into relay_checkpoints values ($1, 31)`, [TOPIC]);
  t.same(await readLogLag(store.sql, ['users', 'bets']), {
    head: 40,
    relay: { position: 31, lag: 9 },
    projections: [
      { name: 'users', checkpoint: 25, head: 40, lag: 15 },
      { name: 'bets', checkpoint: 40, head: 40, lag: 0 },
    ],
  });

  await writeLog(store, 5);
  const grown = await readLogLag(store.sql, ['bets']);
  t.same(
    grown.projections,
    [{ name: 'bets', checkpoint: 40, head: 45, lag: 5 }],
    'new events not folded are lag at once',
  );
  t.same(grown.relay, { position: 31, lag: 14 }, 'and so for the relay');
});

t.test('checkpoints written before the count was kept are counted from the log once', async (t) => {
  await writeLog(store, 15);
  await foldPartitions(store, 'users', 37);
  await foldPartitions(store, 'ledger', 60);
  const counted = async () =>
    (
      await store.sql.query<{ name: string; partition: number; folded: string | null }>(
        `select name, partition, folded from projection_partition_checkpoints order by name, partition`,
      )
    ).rows.map((r) => `${r.name}/${r.partition}: ${r.folded}`);
  const live = await counted();

  await store.sql.query(`update projection_partition_checkpoints set folded = null`);
  t.ok(
    (await counted()).every((r) => r.endsWith('null')),
    'as an older version left them',
  );
  await countFoldedEvents(store.sql, PARTITIONS, pino({ level: 'silent' }));
  t.same(await counted(), live, 'the counts a group keeps as it folds');
  t.same((await readLogLag(store.sql, ['users'])).projections[0], { name: 'users', checkpoint: 37, head: 60, lag: 23 });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pino from 'pino';
import { EVENTS_TOPIC, partitionOf, type EventStore, type NewEvent, type StoredEvent } from '@exch/contracts';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { connectKafka, ensureTopics, GroupConsumer, OrderedProducer, type InRecord } from '@exch/kafka';
import { Relay } from '@exch/relay';
import { eventTopic } from '@exch/server';
import { eventually, newEngineSecret, startMember, type ClusterEnv, type Member } from '../helpers/cluster.js';
import { kafkaSkip, startKafka, type ThrowawayKafka } from '../helpers/kafka.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';

const log = pino({ level: 'warn' });
const PARTITIONS = 4;

const event = (type: string, n: number): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data: { n },
  metadata: {
    commandId: randomUUID(),
    correlationId: 'c',
    causationId: null,
    actor: null,
    ip: null,
    device: null,
    at: new Date(0).toISOString(),
  },
});

async function appendMany(store: EventStore, count: number, streams: number): Promise<void> {
  for (let i = 0; i < count; i += 50) {
    const requests = Array.from({ length: Math.min(50, count - i) }, (_, j) => ({
      streamId: `user-${(i + j) % streams}`,
      expectedVersion: 'any' as const,
      events: [event('Test', i + j)],
    }));
    await store.append(requests);
  }
}

/** Reads the whole topic with a fresh group until `enough` says so. */
async function readTopic(
  brokers: string,
  topic: string,
  enough: (records: InRecord[]) => boolean,
): Promise<InRecord[]> {
  const kafka = connectKafka({ brokers, clientId: 'reader', log });
  const records: InRecord[] = [];
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  const consumer = await GroupConsumer.start(
    kafka,
    {
      groupId: `reader-${randomUUID()}`,
      topic,
      fromBeginning: true,
      eachBatch: async (_p, batch) => {
        records.push(...batch);
        if (enough(records)) done();
      },
    },
    log,
  );
  let timer!: NodeJS.Timeout;
  await Promise.race([
    all,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`only ${records.length} records`)), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await consumer.stop();
  return records;
}

// One broker for the file, started by the first test that needs it: the in-process relay publishes
// to a topic of its own, the relay processes to the event topic.
let broker: Promise<ThrowawayKafka> | undefined;
const kafkaBroker = () => (broker ??= startKafka(PARTITIONS));
t.teardown(async () => (await broker)?.stop());
const OWN_TOPIC = `${EVENTS_TOPIC}.relay-test`;

t.test(
  'the relay publishes the log in order, keyed by stream, and resumes from its checkpoint',
  { skip: kafkaSkip(), timeout: 240_000 },
  async (t) => {
    const kafkaServer = await kafkaBroker();
    const dir = mkdtempSync(join(tmpdir(), 'exch-relay-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const store = await openPGliteStore({ dataDir: dir });
    const kafka = connectKafka({ brokers: kafkaServer.brokers, clientId: 'relay-test', log });
    await ensureTopics(kafka, [eventTopic(PARTITIONS, OWN_TOPIC)]);
    const producer = await OrderedProducer.open(kafka);

    await appendMany(store, 999, 7);
    // A settlement posts to every bettor of its market in one event: far over Kafka's 1 MB default.
    const big = event('MarketSettled', 999);
    big.data = {
      postings: Array.from({ length: 40_000 }, (_, i) => ({
        account: `wallet:player-${i}`,
        amount: i % 2 ? 100 : -100,
      })),
    };
    await store.append([{ streamId: 'market-big', expectedVersion: 'any', events: [big] }]);
    t.ok(JSON.stringify(big).length > 1_500_000, 'a 1.5 MB+ event in the log');
    let relay = new Relay({ store, producer, partitions: PARTITIONS, log, topic: OWN_TOPIC });
    t.equal(await relay.start(), 0, 'a new relay starts at position 0');
    await appendMany(store, 500, 7);
    await waitUntil(() => relay.published === 1_500);
    await relay.stop();

    // Restart: more events while it was down; it resumes after its checkpoint, nothing twice.
    await appendMany(store, 500, 7);
    relay = new Relay({ store, producer, partitions: PARTITIONS, log, topic: OWN_TOPIC });
    t.equal(await relay.start(), 1_500, 'the restarted relay resumes after its checkpoint');
    await waitUntil(() => relay.published === 2_000);
    await relay.stop();

    const records = await readTopic(kafkaServer.brokers, OWN_TOPIC, (r) => r.length >= 2_000);
    const events = records.map((r) => ({ r, e: JSON.parse(r.value) as StoredEvent }));
    t.same(
      events.map(({ e }) => e.position).sort((a, b) => a - b),
      Array.from({ length: 2_000 }, (_, i) => i + 1),
      'every position exactly once',
    );
    t.ok(
      events.every(
        ({ r, e }) =>
          r.key === e.streamId &&
          r.partition === partitionOf(e.streamId, PARTITIONS) &&
          r.headers.position === String(e.position),
      ),
      'key = stream id, partition from partitionOf, position header',
    );
    for (let p = 0; p < PARTITIONS; p++) {
      const positions = events
        .filter(({ r }) => r.partition === p)
        .sort((a, b) => Number(BigInt(a.r.offset) - BigInt(b.r.offset)))
        .map(({ e }) => e.position);
      t.ok(
        positions.every((x, i) => i === 0 || x > positions[i - 1]!),
        `partition ${p}: positions rise with offsets (${positions.length} events)`,
      );
    }

    // A crash after the broker's acknowledgement but before the checkpoint: the batch goes out again.
    await store.sql.query(`update relay_checkpoints set position = 1900`);
    relay = new Relay({ store, producer, partitions: PARTITIONS, log, topic: OWN_TOPIC });
    t.equal(await relay.start(), 1_900);
    await waitUntil(() => relay.published === 2_000);
    await relay.stop();
    const again = await readTopic(kafkaServer.brokers, OWN_TOPIC, (r) => r.length >= 2_100);
    t.equal(again.length, 2_100, 'the unacknowledged tail was republished (consumers skip it by position)');

    await producer.close();
    await store.close();
  },
);

t.test(
  'a second relay process stands by and takes over when the first is killed',
  { skip: pgSkip() || kafkaSkip(), timeout: 300_000 },
  async (t) => {
    const [pgServer, kafkaServer] = await Promise.all([startPostgres(), kafkaBroker()]);
    const env: ClusterEnv = {
      databaseUrl: pgServer.connectionString,
      kafkaBrokers: kafkaServer.brokers,
      logDir: mkdtempSync(join(tmpdir(), 'exch-relays-')),
      engineSecret: newEngineSecret(),
    };
    const store = await openPostgresStore({ connectionString: env.databaseUrl });
    const started: Member[] = [];
    t.teardown(async () => {
      await Promise.all(started.map((m) => m.kill()));
      await store.close();
      await pgServer.stop();
    });
    const health = async (m: Member) =>
      (await (await fetch(`${m.url}/health`)).json()) as { role: string; position: number | null };
    const active = async (m: Member) =>
      /^relay_active\{[^}]*\} 1$/m.test(await (await fetch(`${m.url}/metrics`)).text());

    const a = await startMember(env, 'relay', 'relay-a', { EVENT_PARTITIONS: String(PARTITIONS) });
    started.push(a);
    await eventually('relay-a to publish', async () => (await health(a)).role === 'relay');
    const b = await startMember(env, 'relay', 'relay-b', { EVENT_PARTITIONS: String(PARTITIONS) });
    started.push(b);
    t.equal((await health(b)).role, 'standby', 'the second relay waits for the lock');
    t.ok(await active(a), 'relay_active is 1 on the publishing relay');
    t.notOk(await active(b), 'and 0 on the standby');

    await appendMany(store, 600, 7);
    await eventually('relay-a to publish 600 events', async () => (await health(a)).position === 600);
    t.equal((await health(b)).position, null, 'the standby published nothing');

    // Killed while events keep coming: the standby resumes from the checkpoint the first one left.
    const more = appendMany(store, 600, 7);
    await a.kill();
    const killed = performance.now();
    await eventually('relay-b to take over', async () => (await health(b)).role === 'relay', 90_000);
    t.comment(`relay-b was publishing ${((performance.now() - killed) / 1000).toFixed(1)} s after the kill`);
    await more;
    await eventually('relay-b to publish everything', async () => (await health(b)).position === 1_200, 90_000);
    t.ok(await active(b), 'relay_active is 1 on the relay that took over');

    const records = await readTopic(
      kafkaServer.brokers,
      EVENTS_TOPIC,
      (r) => new Set(r.map((x) => x.headers.position)).size >= 1_200,
    );
    const positions = records.map((r) => (JSON.parse(r.value) as StoredEvent).position);
    t.same(
      [...new Set(positions)].sort((x, y) => x - y),
      Array.from({ length: 1_200 }, (_, i) => i + 1),
      'every position is on the topic',
    );
    for (let p = 0; p < PARTITIONS; p++) {
      // Copies of a batch the killed relay sent but had not checkpointed may follow; in first occurrence, order holds.
      const seen = new Set<number>();
      const firsts = records
        .filter((r) => r.partition === p)
        .sort((x, y) => Number(BigInt(x.offset) - BigInt(y.offset)))
        .map((r) => (JSON.parse(r.value) as StoredEvent).position)
        .filter((x) => !seen.has(x) && seen.add(x));
      t.ok(
        firsts.every((x, i) => i === 0 || x > firsts[i - 1]!),
        `partition ${p}: positions rise with offsets (${firsts.length} events)`,
      );
    }
    t.comment(`${records.length - 1_200} copies republished after the kill`);
  },
);

async function waitUntil(check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

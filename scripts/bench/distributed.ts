/**
 * Distributed mode's figures: relay throughput to Kafka, projector throughput and lag drain with
 * one and with two instances, and replay speed, over a log of BENCH_EVENTS events (default one
 * million) written by the real engine (tests/helpers/workload.ts) into a throwaway PostgreSQL.
 *
 *   npx tsx scripts/bench/distributed.ts          (BENCH_EVENTS=200000 for a quicker look)
 *
 * Everything shares this machine's cores: PostgreSQL, the broker and the Node processes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { EVENTS_TOPIC, type EventStore } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPostgresStore } from '@exch/eventstore';
import { connectKafka, ensureTopics, OrderedProducer, TopicEnds, type Kafka } from '@exch/kafka';
import { allProjections, groupLag } from '@exch/projector';
import { Relay } from '@exch/relay';
import { eventTopic } from '@exch/server';
import { newEngineSecret, startMember, type Member } from '../../tests/helpers/cluster.js';
import { kafkaSkip, startKafka } from '../../tests/helpers/kafka.js';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';
import { startWorkload } from '../../tests/helpers/workload.js';
import { printRows, type BenchRow } from './rows.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RELAY_RUNS = 3;
const PARTITIONS = 4;
const silent = { info() {}, warn() {}, error() {}, debug() {} };
const rate = (n: number, ms: number) => (n / ms) * 1000;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function writeLog(store: EventStore): Promise<number> {
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 0 });
  const started = performance.now();
  let shown = 0;
  const workload = await startWorkload(engine, {
    seed: 1,
    players: 500,
    concurrency: 256,
    onProgress: (position) => {
      if (position - shown < EVENTS / 10) return;
      shown = position;
      process.stderr.write(`  log: ${position.toLocaleString('en-US')} / ${EVENTS.toLocaleString('en-US')} events\n`);
    },
  });
  await workload.until(EVENTS);
  const head = engine.headPosition;
  console.log(
    `log written by the engine: ${head.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s (${Math.round(rate(head, performance.now() - started)).toLocaleString('en-US')} events/s, ${workload.accepted.toLocaleString('en-US')} commands accepted)`,
  );
  await engine.stop();
  return head;
}

/** One relay run from position 0 into a topic of its own; the first run fills the real event topic. */
async function relayRun(
  store: EventStore,
  kafka: Kafka,
  topic: string,
  head: number,
): Promise<{ ms: number; rss: number }> {
  await ensureTopics(kafka, [eventTopic(PARTITIONS, topic)]);
  const producer = await OrderedProducer.open(kafka);
  const relay = new Relay({ store, producer, partitions: PARTITIONS, log: silent, topic });
  const started = performance.now();
  let rss = 0;
  await relay.start();
  while (relay.published < head) {
    rss = Math.max(rss, process.memoryUsage().rss);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await relay.stop();
  await producer.close();
  return { ms, rss };
}

/** Starts `instances` projector processes on a fresh database and times until they have folded the whole topic. */
async function projectorRun(base: string, brokers: string, kafka: Kafka, instances: number): Promise<{ ms: number }> {
  const database = `projectors_${instances}`;
  const admin = new pg.Pool({ connectionString: `${base}/postgres`, max: 1 });
  await admin.query(`create database ${database}`);
  await admin.end();
  const env = {
    databaseUrl: `${base}/${database}`,
    kafkaBrokers: brokers,
    logDir: mkdtempSync(join(tmpdir(), 'exch-bench-projectors-')),
    engineSecret: newEngineSecret(),
  };
  const checkpoints = await openPostgresStore({ connectionString: env.databaseUrl });
  const ends = new TopicEnds(kafka);
  const started = performance.now();
  const members: Member[] = [];
  try {
    // Started together, so the group forms once instead of rebalancing when the second joins.
    members.push(
      ...(await Promise.all(
        Array.from({ length: instances }, (_, i) =>
          startMember(env, 'projector', `bench-projector-${instances}-${i}`, { LOG_LEVEL: 'warn' }, ['--name', 'all']),
        ),
      )),
    );
    const names = allProjections.map((p) => p.name);
    while ((await groupLag(checkpoints.sql, ends, names)).some((l) => l.lag > 0))
      await new Promise((r) => setTimeout(r, 500));
    return { ms: performance.now() - started };
  } finally {
    await ends.close();
    await Promise.all(members.map((m) => m.stop()));
    await checkpoints.close();
  }
}

export async function benchDistributed(): Promise<void> {
  console.log(
    `\nDistributed mode: ${EVENTS.toLocaleString('en-US')} events from the engine; relay to Kafka (median of ${RELAY_RUNS} runs), projector groups (one run each), every read model`,
  );
  const skip = pgSkip() || kafkaSkip();
  if (skip) {
    console.log(`skipped: ${skip}`);
    return;
  }
  const [pgServer, kafkaServer] = await Promise.all([startPostgres(), startKafka(PARTITIONS, { benchmark: true })]);
  const base = pgServer.connectionString.replace(/\/postgres$/, '');
  const store = await openPostgresStore({ connectionString: pgServer.connectionString });
  const kafka = connectKafka({ brokers: kafkaServer.brokers, clientId: 'bench', log: silent });
  try {
    const head = await writeLog(store);
    const rows: BenchRow[] = [];
    const relays = [];
    for (let run = 0; run < RELAY_RUNS; run++)
      relays.push(await relayRun(store, kafka, run === 0 ? EVENTS_TOPIC : `bench.events.${run}`, head));
    const relayMs = median(relays.map((r) => r.ms));
    rows.push({
      bench: 'relay to Kafka',
      setup: `PostgreSQL log -> ${PARTITIONS} partitions, acks=all`,
      opsPerSec: rate(head, relayMs),
      p50: '-',
      p99: '-',
      note: `events/s; ${(relayMs / 1000).toFixed(1)} s for the log; peak RSS ${mib(Math.max(...relays.map((r) => r.rss)))}`,
    });
    for (const instances of [1, 2]) {
      const { ms } = await projectorRun(base, kafkaServer.brokers, kafka, instances);
      rows.push({
        bench: 'projector group, lag drain',
        setup: `${instances} instance${instances > 1 ? 's' : ''} x ${allProjections.length} read models, ${PARTITIONS} partitions`,
        opsPerSec: rate(head, ms),
        p50: '-',
        p99: '-',
        note: `events/s per read model; ${(ms / 1000).toFixed(0)} s to drain ${head.toLocaleString('en-US')} events of lag`,
      });
    }
    const { replayBenchRows } = await import('./replay.js');
    rows.push(...(await replayBenchRows(store, head)));
    printRows(rows);
  } finally {
    await store.close();
    await Promise.all([pgServer.stop(), kafkaServer.stop()]);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchDistributed().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

import type { Logger } from 'pino';
import { EVENTS_TOPIC } from '@exch/contracts';
import { openPostgresStore } from '@exch/eventstore';
import { connectKafka, ensureTopics, OrderedProducer, partitionCount } from '@exch/kafka';
import {
  allProjections,
  countFoldedEvents,
  KafkaProjectionRunner,
  partitionCut,
  readLogLag,
  Rebuilds,
} from '@exch/projector';
import { Probe } from '../health/probe.js';
import { kafkaProbe } from '../health/kafka.js';
import { readSideHealth } from '../health/read-side.js';
import { counter, gauge, processRegistry, serveHttp } from '../metrics.js';
import { noticesFor, publishNotice } from './pushes.js';
import { PUSHES_TOPIC_SPEC, eventTopic, kafkaSettings, type DistributedSettings } from './settings.js';

export const projectionNames = (): string[] => allProjections.map((p) => p.name);

/** Resolves the --name argument: one read model, a comma list, or `all`. */
export function chooseProjections(names: string) {
  const wanted = names === 'all' ? projectionNames() : names.split(',').map((n) => n.trim());
  const unknown = wanted.filter((n) => !projectionNames().includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown projection ${unknown.join(', ')}; choose from ${projectionNames().join(', ')} or all`);
  return allProjections.filter((p) => wanted.includes(p.name));
}

/**
 * A projector instance: one member of the consumer group of each read model it runs. Start as many
 * as the event topic has partitions; Kafka shares the partitions among them.
 */
export async function runProjectorProcess(
  settings: DistributedSettings,
  log: Logger,
  names: string,
): Promise<{ close(): Promise<void> }> {
  const projections = chooseProjections(names);
  const store = await openPostgresStore({ connectionString: settings.databaseUrl });
  const kafka = connectKafka(kafkaSettings(settings, log));
  await ensureTopics(kafka, [eventTopic(settings.partitions), PUSHES_TOPIC_SPEC]);
  const producer = await OrderedProducer.open(kafka);
  const registry = processRegistry('projector', settings.instance);
  const applied = counter(registry, 'projector_events_applied_total', 'Events folded into the read model', [
    'projection',
  ]);

  const runners = projections.map(
    (projection) =>
      new KafkaProjectionRunner({
        sql: store.sql,
        kafka,
        projection,
        log: log.child({ projection: projection.name }),
        liveness: settings.projectorLiveness,
        onApplied: (_partition, events) => {
          applied.inc({ projection: projection.name }, events.length);
          for (const notice of noticesFor(projection.name, events))
            void publishNotice(producer, notice).catch((err: unknown) => log.warn({ err }, 'push notice failed'));
        },
      }),
  );
  gauge(
    registry,
    'projector_partitions_owned',
    'Partitions of the event topic this member folds',
    (g) => {
      for (const r of runners) g.set({ projection: r.groupId.slice('projector.'.length) }, r.partitions.length);
    },
    ['projection'],
  );
  const logLag = new Probe('postgres', () =>
    readLogLag(
      store.sql,
      projections.map((p) => p.name),
    ),
  );
  const broker = kafkaProbe(kafkaSettings(settings, log));
  gauge(
    registry,
    'projector_lag',
    "Events of the log not yet folded into the read model by its group (the relay's share included): the same on every member",
    async (g) => {
      const read = await logLag.check();
      g.reset();
      if (read.ok) for (const p of read.value.projections) g.set({ projection: p.name }, p.lag);
    },
    ['projection'],
  );

  // The tables one read model after another, then every group joined at once: a join waits for the
  // group's other members to rejoin (up to a heartbeat), and fifteen in turn made a start take seconds.
  for (const r of runners) await r.prepare();
  await countFoldedEvents(store.sql, await partitionCount(kafka, EVENTS_TOPIC), log);
  await Promise.all(runners.map((r) => r.start()));
  // New versions of these read models fold beside the live tables, by whichever member claims them;
  // the switch waits for every partition's batch in flight (services/projector/src/rebuild/).
  const rebuilds = new Rebuilds({
    store,
    projections,
    cutOf: (p) => partitionCut(p.name, EVENTS_TOPIC, settings.partitions),
    owner: settings.instance,
    log: log.child({ part: 'rebuilds' }),
  });
  rebuilds.start();
  const server = await serveHttp({ port: settings.port, host: settings.bindHost }, registry, async () => ({
    role: 'projector',
    instance: settings.instance,
    partitions: Object.fromEntries(runners.map((r) => [r.groupId, r.partitions])),
    ...(await readSideHealth(logLag, broker.probe)),
  }));
  log.info({ projections: projections.map((p) => p.name), port: settings.port }, 'projector running');
  return {
    async close() {
      await rebuilds.stop();
      // At once: each leave first waits out its member's fetch in flight (up to a heartbeat).
      await Promise.all(runners.map((r) => r.stop()));
      await producer.close();
      await broker.close();
      server.close();
      await store.close();
    },
  };
}

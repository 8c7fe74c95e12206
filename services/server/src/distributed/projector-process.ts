import type { Logger } from 'pino';
import { openPostgresStore } from '@exch/eventstore';
import { connectKafka, ensureTopics, OrderedProducer, TopicEnds } from '@exch/kafka';
import { EVENTS_TOPIC } from '@exch/contracts';
import { allProjections, groupLag, KafkaProjectionRunner, partitionCut, Rebuilds } from '@exch/projector';
import { counter, gauge, processRegistry, serveHttp } from '../metrics.js';
import { noticesFor, publishNotice } from './pushes.js';
import { PUSHES_TOPIC_SPEC, eventTopic, type DistributedSettings } from './settings.js';

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
  const kafka = connectKafka({ brokers: settings.kafkaBrokers, clientId: settings.instance, log });
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
  const topicEnds = new TopicEnds(kafka);
  gauge(
    registry,
    'projector_lag',
    'Events in the partition not yet folded into the read model, for the partitions this member owns',
    async (g) => {
      // Only owned partitions: summed over members, another's partitions would be counted twice, and a partition lost in a rebalance must leave this member's series.
      const owned = new Map(runners.map((r) => [r.groupId.slice('projector.'.length), new Set(r.partitions)]));
      const lags = await groupLag(
        store.sql,
        topicEnds,
        projections.map((p) => p.name),
      );
      g.reset();
      for (const l of lags)
        if (owned.get(l.projection)?.has(l.partition))
          g.set({ projection: l.projection, partition: String(l.partition) }, l.lag);
    },
    ['projection', 'partition'],
  );

  // The tables one read model after another, then every group joined at once: a join waits for the
  // group's other members to rejoin (up to a heartbeat), and fifteen in turn made a start take seconds.
  for (const r of runners) await r.prepare();
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
  const server = await serveHttp({ port: settings.port, host: settings.bindHost }, registry, () => ({
    role: 'projector',
    instance: settings.instance,
    partitions: Object.fromEntries(runners.map((r) => [r.groupId, r.partitions])),
  }));
  log.info({ projections: projections.map((p) => p.name), port: settings.port }, 'projector running');
  return {
    async close() {
      await rebuilds.stop();
      // At once: each leave first waits out its member's fetch in flight (up to a heartbeat).
      await Promise.all(runners.map((r) => r.stop()));
      await producer.close();
      await topicEnds.close();
      server.close();
      await store.close();
    },
  };
}

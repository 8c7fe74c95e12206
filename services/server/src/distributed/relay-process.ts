import type { Logger } from 'pino';
import { EVENTS_TOPIC } from '@exch/contracts';
import { openPostgresStore, RELAY_LOCK_KEY } from '@exch/eventstore';
import { connectKafka, ensureTopics, OrderedProducer, partitionCount } from '@exch/kafka';
import { Relay } from '@exch/relay';
import { Probe, statusOf } from '../health/probe.js';
import { kafkaProbe } from '../health/kafka.js';
import { counter, gauge, processRegistry, serveHttp } from '../metrics.js';
import { eventTopic, kafkaSettings, type DistributedSettings } from './settings.js';

/**
 * A relay instance: a standby until it holds the relay lock, then the one that publishes the log
 * to Kafka. Two publishing at once would only send copies (consumers skip them), but the lock
 * keeps the traffic single and lets a second instance take over when the first dies. Resolves
 * `halted` when the lock's connection drops, so the supervisor restarts it as a standby.
 */
export async function runRelayProcess(
  settings: DistributedSettings,
  log: Logger,
): Promise<{ halted: Promise<string>; close(): Promise<void> }> {
  const store = await openPostgresStore({ connectionString: settings.databaseUrl });
  const kafka = connectKafka(kafkaSettings(settings, log));
  const registry = processRegistry('relay', settings.instance);
  const published = counter(registry, 'relay_events_published_total', 'Events the broker acknowledged');
  let relay: Relay | null = null;
  gauge(
    registry,
    'relay_active',
    '1 while this instance holds the relay lock and publishes',
    (g) => void g.set(relay ? 1 : 0),
  );
  gauge(
    registry,
    'relay_position',
    'Last log position the broker acknowledged',
    (g) => void g.set(relay?.published ?? 0),
  );
  const head = new Probe('postgres', () => store.head());
  // A standby asks too: it needs the broker the moment it takes over.
  const broker = kafkaProbe(kafkaSettings(settings, log));
  gauge(registry, 'relay_lag', 'Events in the log not yet on Kafka (0 on a standby)', async (g) => {
    const read = relay ? await head.check() : null;
    if (!read) g.set(0);
    else if (read.ok) g.set(Math.max(0, read.value - relay!.published));
    else g.reset();
  });
  const server = await serveHttp({ port: settings.port, host: settings.bindHost }, registry, async () => {
    const [read, reach] = await Promise.all([head.check(), broker.probe.check()]);
    const position = relay?.published ?? null;
    return {
      role: relay ? 'relay' : 'standby',
      instance: settings.instance,
      position,
      head: read.ok ? read.value : null,
      lag: read.ok && position !== null ? Math.max(0, read.value - position) : null,
      ...statusOf(read, reach),
    };
  });
  log.info({ port: settings.port }, 'relay standing by for the relay lock');

  const lock = await store.holdLock(RELAY_LOCK_KEY);
  await ensureTopics(kafka, [eventTopic(settings.partitions)]);
  // The topic's real partition count wins over the setting: streams must keep their partition.
  const partitions = await partitionCount(kafka, EVENTS_TOPIC);
  const producer = await OrderedProducer.open(kafka);
  const active = new Relay({ store, producer, partitions, log, onPublished: (events) => published.inc(events.length) });
  await active.start();
  relay = active;
  log.info({ partitions }, 'relay publishing');
  return {
    halted: lock.lost.then(() => 'the relay lock connection dropped'),
    async close() {
      await active.stop();
      await producer.close();
      await broker.close();
      server.close();
      await store.close();
    },
  };
}

import type { Logger } from 'pino';
import { EVENTS_TOPIC } from '@exch/contracts';
import { openPostgresStore } from '@exch/eventstore';
import { connectKafka, ensureTopics, OrderedProducer, partitionCount } from '@exch/kafka';
import { Relay } from '@exch/relay';
import { counter, gauge, processRegistry, serveHttp } from '../metrics.js';
import { eventTopic, type DistributedSettings } from './settings.js';

/** The relay: one instance publishes the log to Kafka (a second one would only republish copies). */
export async function runRelayProcess(settings: DistributedSettings, log: Logger): Promise<{ close(): Promise<void> }> {
  const store = await openPostgresStore({ connectionString: settings.databaseUrl });
  const kafka = connectKafka({ brokers: settings.kafkaBrokers, clientId: settings.instance, log });
  await ensureTopics(kafka, [eventTopic(settings.partitions)]);
  // The topic's real partition count wins over the setting: streams must keep their partition.
  const partitions = await partitionCount(kafka, EVENTS_TOPIC);
  const producer = await OrderedProducer.open(kafka);
  const registry = processRegistry('relay', settings.instance);
  const published = counter(registry, 'relay_events_published_total', 'Events the broker acknowledged');
  const relay = new Relay({ store, producer, partitions, log, onPublished: (events) => published.inc(events.length) });
  gauge(registry, 'relay_position', 'Last log position the broker acknowledged', (g) => void g.set(relay.published));
  gauge(registry, 'relay_lag', 'Events in the log not yet on Kafka', async (g) => void g.set((await store.head()) - relay.published));
  await relay.start();
  const server = await serveHttp(settings.port, registry, () => ({ role: 'relay', instance: settings.instance, position: relay.published }));
  log.info({ partitions, port: settings.port }, 'relay running');
  return {
    async close() {
      await relay.stop();
      await producer.close();
      server.close();
      await store.close();
    },
  };
}

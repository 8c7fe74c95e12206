import type { Logger } from 'pino';
import { EVENTS_TOPIC, type CommandBus } from '@exch/contracts';
import { openPostgresStore } from '@exch/eventstore';
import { buildGateway, rateLimitsFromEnv, SqlRateStore } from '@exch/gateway';
import { connectKafka, ensureTopics, partitionCount } from '@exch/kafka';
import { ensureCheckpointTables, readLogLag } from '@exch/projector';
import { EngineClient } from './engine-client.js';
import { migrateLeaderTable } from './engine-leader.js';
import { RemoteFeed } from './feed-topic.js';
import { counter, gauge, processRegistry } from '../metrics.js';
import { Probe } from '../health/probe.js';
import { kafkaProbe } from '../health/kafka.js';
import { readSideHealth } from '../health/read-side.js';
import { readProviderOption, setUpProvider } from '../provider.js';
import { projectionNames } from './projector-process.js';
import { deliverNotices } from './pushes.js';
import { ReadYourWrites } from './read-your-writes.js';
import { FEED_TOPIC_SPEC, PUSHES_TOPIC_SPEC, eventTopic, kafkaSettings, type DistributedSettings } from './settings.js';

export interface GatewayProcessOptions {
  webDist: string | null;
  /** ENGINE_SECRET: commands to the engine are signed with it. */
  engineSecret: string;
  trustProxy?: boolean | string[];
  /** Origins live TV and score frames may come from (FRAME_ORIGINS). */
  frameOrigins?: string[];
}

/**
 * A stateless gateway: commands go to whichever engine leads, reads come from the read models in
 * PostgreSQL, pushes arrive from the projectors over Kafka. Run as many as the load needs.
 */
export async function runGatewayProcess(
  settings: DistributedSettings,
  log: Logger,
  opts: GatewayProcessOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const store = await openPostgresStore({ connectionString: settings.databaseUrl });
  await ensureCheckpointTables(store.sql);
  await migrateLeaderTable(store.sql);
  const kafka = connectKafka(kafkaSettings(settings, log));
  await ensureTopics(kafka, [eventTopic(settings.partitions), PUSHES_TOPIC_SPEC, FEED_TOPIC_SPEC]);
  const partitions = await partitionCount(kafka, EVENTS_TOPIC);
  const feed = new RemoteFeed();
  await feed.connect(kafka, settings.instance, log);

  const registry = processRegistry('gateway', settings.instance);
  const commandsSent = counter(registry, 'gateway_commands_total', 'Commands sent to the engine, by outcome', [
    'outcome',
  ]);
  const engine = new EngineClient(store.sql, opts.engineSecret, log);
  const readYourWrites = new ReadYourWrites(store.sql, partitions, projectionNames(), log);
  const commands: CommandBus = {
    async execute(envelope) {
      const result = await engine.execute(envelope);
      commandsSent.inc({ outcome: result.ok ? 'accepted' : 'refused' });
      return result;
    },
  };
  // The lag from PostgreSQL alone, the broker asked only whether it answers: each with a deadline, so /health never waits on either.
  const logLag = new Probe('postgres', () => readLogLag(store.sql, projectionNames()));
  const broker = kafkaProbe(kafkaSettings(settings, log));
  // The international casino's game provider runs as a process of its own: PROVIDER_URL and PROVIDER_SECRET.
  const providerOption = readProviderOption(process.env, null);
  const provider = providerOption ? (await setUpProvider(providerOption, log)).setup : null;
  const gateway = await buildGateway({
    feed,
    sql: store.sql,
    commands,
    reads: readYourWrites,
    logger: log,
    webDist: opts.webDist,
    trustProxy: opts.trustProxy ?? false,
    projectionLag: async () => (await readLogLag(store.sql, projectionNames())).projections,
    health: () => readSideHealth(logLag, broker.probe),
    // Pages frame the provider's games from its origin, and live TV and scores from FRAME_ORIGINS.
    provider,
    frameOrigins: [...(provider ? [provider.port.origin] : []), ...(opts.frameOrigins ?? [])],
    // Gateways share PostgreSQL: the buckets live there, so a limit holds across all of them.
    rateStore: await SqlRateStore.open(store.sql),
    rateLimits: rateLimitsFromEnv(process.env),
  });
  gauge(
    registry,
    'gateway_websocket_clients',
    'Open websocket connections on this gateway',
    (g) => void g.set(gateway.hub.size),
  );
  gateway.route(
    {
      method: 'GET',
      url: '/metrics',
      access: 'public',
      tag: 'Operations',
      summary: 'Prometheus metrics of this process',
    },
    async (_req, _input, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
  const notices = await deliverNotices(kafka, gateway, settings.instance, log);
  const address = await gateway.app.listen({ port: settings.port, host: settings.bindHost });
  log.info({ address, partitions }, 'gateway listening');
  return {
    url: `http://127.0.0.1:${new URL(address).port}`,
    async close() {
      await Promise.all([notices.stop(), feed.close()]);
      await gateway.app.close();
      await broker.close();
      await store.close();
    },
  };
}

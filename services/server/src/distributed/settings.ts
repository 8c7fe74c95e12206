import { hostname } from 'node:os';
import { EVENTS_TOPIC } from '@exch/contracts';
import type { BusLog, GroupLiveness, KafkaSettings, TopicSpec } from '@exch/kafka';

/** Distributed mode's settings, from the environment (docs/distributed.md lists them). */
export interface DistributedSettings {
  databaseUrl: string;
  kafkaBrokers: string;
  /** Partitions of the event topic: the most projector instances per read model that get work. */
  partitions: number;
  /** This process's name in logs, Kafka client ids and the leader table. */
  instance: string;
  /** Port of the process's HTTP endpoint (metrics, health; commands on the engine; the API on a gateway). */
  port: number;
  /** Address other processes reach this one at (the engine's command endpoint). */
  advertisedHost: string;
  /** Interface the HTTP endpoint listens on (BIND_HOST): every one by default, or the cluster network's only. */
  bindHost: string;
  /** How soon a projector group hands a killed member's partitions to the others (docs/distributed.md). */
  projectorLiveness: GroupLiveness;
}

/** PROJECTOR_SESSION_TIMEOUT_MS and PROJECTOR_HEARTBEAT_MS: a killed member's partitions owned again in about 2.5 s. */
function projectorLiveness(env: NodeJS.ProcessEnv): GroupLiveness {
  const sessionTimeoutMs = Number(env.PROJECTOR_SESSION_TIMEOUT_MS ?? 2_000);
  const heartbeatIntervalMs = Number(env.PROJECTOR_HEARTBEAT_MS ?? 500);
  if (!Number.isSafeInteger(sessionTimeoutMs) || !Number.isSafeInteger(heartbeatIntervalMs) || heartbeatIntervalMs <= 0)
    throw new Error('PROJECTOR_SESSION_TIMEOUT_MS and PROJECTOR_HEARTBEAT_MS must be whole milliseconds');
  // Several heartbeats per session, so one late heartbeat (a busy event loop) does not cost the member its partitions.
  if (heartbeatIntervalMs * 3 > sessionTimeoutMs)
    throw new Error(
      `PROJECTOR_HEARTBEAT_MS (${heartbeatIntervalMs}) must be at most a third of PROJECTOR_SESSION_TIMEOUT_MS (${sessionTimeoutMs})`,
    );
  return { sessionTimeoutMs, heartbeatIntervalMs };
}

export function readSettings(
  role: string,
  defaultPort: number,
  env: NodeJS.ProcessEnv = process.env,
): DistributedSettings {
  const databaseUrl = env.DATABASE_URL;
  const kafkaBrokers = env.KAFKA_BROKERS;
  if (!databaseUrl) throw new Error('DATABASE_URL is required in distributed mode');
  if (!kafkaBrokers) throw new Error('KAFKA_BROKERS is required in distributed mode');
  return {
    databaseUrl,
    kafkaBrokers,
    partitions: Number(env.EVENT_PARTITIONS ?? 4),
    instance: env.INSTANCE ?? `${role}-${hostname()}-${process.pid}`,
    port: Number(env.PORT ?? defaultPort),
    advertisedHost: env.ADVERTISED_HOST ?? '127.0.0.1',
    bindHost: env.BIND_HOST ?? '0.0.0.0',
    projectorLiveness: projectorLiveness(env),
  };
}

/** The process's Kafka client settings: the brokers, and its instance name as the client id. */
export const kafkaSettings = (settings: DistributedSettings, log: BusLog): KafkaSettings => ({
  brokers: settings.kafkaBrokers,
  clientId: settings.instance,
  log,
});

/**
 * The cluster secret that engines and gateways sign and check commands with (engine-signature.ts).
 * From the environment, never from the database: whoever can read the database (a backup, a
 * reporting login) must not be able to send the engine commands.
 */
export function readEngineSecret(env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.ENGINE_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error(
      'ENGINE_SECRET must be set, to at least 32 characters and the same on every engine and gateway: export ENGINE_SECRET=$(openssl rand -hex 32)',
    );
  }
  return secret;
}

/** Topics besides the event log: pushes for the gateways and the live feed. Neither is a record of anything. */
export const PUSHES_TOPIC = 'exchange.pushes';
export const FEED_TOPIC = 'exchange.feed';

/**
 * Both are read from their newest message only, so they keep ten minutes rather than the broker's
 * default week: the feed sends the whole state every 3 s, about 200,000 a week, 200 GB of disk at
 * 1 MB each (a catalogue of a few thousand markets). Such a state is over Kafka's 1 MB default, so
 * the feed takes messages as large as the event topic's.
 */
const KEEP_MS = 10 * 60 * 1000;
export const PUSHES_TOPIC_SPEC: TopicSpec = { topic: PUSHES_TOPIC, partitions: 1, retentionMs: KEEP_MS };
export const FEED_TOPIC_SPEC: TopicSpec = {
  topic: FEED_TOPIC,
  partitions: 1,
  retentionMs: KEEP_MS,
  maxMessageBytes: 64 * 1024 * 1024,
};

/**
 * The event topic: kept forever (a new read model folds it from offset 0) and taking messages of up
 * to 64 MiB, because a settlement posts to every bettor of a market in one event (a 1.6 MB
 * MarketSettled stopped the relay at Kafka's 1 MB default in the million-event bench).
 */
export const eventTopic = (partitions: number, topic = EVENTS_TOPIC): TopicSpec => ({
  topic,
  partitions,
  keepForever: true,
  maxMessageBytes: 64 * 1024 * 1024,
});

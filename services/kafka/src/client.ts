import { Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';

/** The slice of pino's logger the Kafka port writes to. */
export interface BusLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface KafkaSettings {
  /** Comma-separated host:port list, as in KAFKA_BROKERS. */
  brokers: string;
  clientId: string;
  log: BusLog;
  /** How many times an operation is tried again (KAFKA_RETRY's unless given): 0 for a health probe, which wants the first answer. */
  retries?: number;
}

/**
 * Broker answers kafkajs logs at error or warn level although they are the group protocol at work
 * and kafkajs retries them itself: every first join (a member id is handed out), every rebalance (a
 * member joined, left or died), a coordinator still loading on a fresh broker (the consumer's
 * "Crash" and restart), a topic whose leaders are being elected. They are logged at info.
 */
const EXPECTED_ANSWERS = new Set([
  'The group member needs to have a valid member id before actually entering a consumer group',
  'The group is rebalancing, so a rejoin is needed',
  "The coordinator is loading and hence can't process requests for this group",
  'The group coordinator is not available',
  'This is not the correct coordinator for this group',
  'Specified group generation id is not valid',
  'There is no leader for this topic-partition as we are in the middle of a leadership election',
]);
/** The broker dropped this member (its session expired): it rejoins, but a pause that long is worth a warning. */
const DROPPED = 'The coordinator is not aware of this member';
/** A consumer that crashed on a retriable error starts again; the crash itself was logged at its own level. */
const RESTARTING = /^Restarting the consumer in \d+ms$/;

/** The broker's answer an entry is about: its `error` field, or the tail of a consumer's "Crash: Name: answer". */
const answerOf = (message: string, error: unknown): string =>
  typeof error === 'string' ? error : (/^Crash: \w+: (.*)$/.exec(message)?.[1] ?? message);

/** kafkajs logs through the process's pino logger instead of its own console writer. */
function pinoLogCreator(log: BusLog) {
  return () =>
    ({ namespace, level, log: entry }: LogEntry) => {
      const { message, ...rest } = entry;
      const obj = { kafka: namespace, ...rest };
      const loud = level === logLevel.ERROR || level === logLevel.WARN;
      const answer = answerOf(message, rest.error);
      if (loud && (EXPECTED_ANSWERS.has(answer) || RESTARTING.test(message))) log.info(obj, message);
      else if (loud && answer === DROPPED) log.warn(obj, message);
      else if (level === logLevel.ERROR) log.error(obj, message);
      else if (level === logLevel.WARN) log.warn(obj, message);
      else if (level === logLevel.INFO) log.info(obj, message);
      else log.debug(obj, message);
    };
}

/**
 * Tries again at most a second apart, for about a minute before an operation fails (and its caller,
 * the relay's subscription or the consumer's restart, starts it again). kafkajs's default backs off
 * to 30 s: after a broker restart the relay and the projector groups slept up to 30 s between
 * attempts, and resumed 5 to 30 s after the broker listened again (docs/distributed.md, "When the
 * broker goes away").
 */
export const KAFKA_RETRY = { initialRetryTime: 100, maxRetryTime: 1_000, retries: 60 };

export function connectKafka(settings: KafkaSettings): Kafka {
  return new Kafka({
    clientId: settings.clientId,
    brokers: settings.brokers
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    logLevel: logLevel.WARN,
    logCreator: pinoLogCreator(settings.log),
    retry: { ...KAFKA_RETRY, retries: settings.retries ?? KAFKA_RETRY.retries },
  });
}

export interface TopicSpec {
  topic: string;
  partitions: number;
  /** Keep every message (the event topic: a new read model folds it from the start). */
  keepForever?: boolean;
  /** Largest message the topic takes, when more than the broker's default (the event topic's settlements). */
  maxMessageBytes?: number;
  /** Keep messages this long (a topic read only from its newest message, which is no record). */
  retentionMs?: number;
}

/** Creates the topics that do not exist yet (partition counts of existing ones are left alone). */
export async function ensureTopics(kafka: Kafka, topics: TopicSpec[]): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.topic));
    if (missing.length > 0) {
      // The wait is ours (waitForLeaders below): kafkajs's retries only LEADER_NOT_AVAILABLE, and the
      // metadata right after a create can also answer UNKNOWN_TOPIC_OR_PARTITION (retriable), which
      // made a gateway of tests/distributed/concurrent-start.test.ts exit on 2026-12-02.
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((t) => ({
          topic: t.topic,
          numPartitions: t.partitions,
          replicationFactor: 1,
          configEntries: [
            ...(t.keepForever
              ? [
                  { name: 'retention.ms', value: '-1' },
                  { name: 'retention.bytes', value: '-1' },
                ]
              : []),
            ...(t.maxMessageBytes ? [{ name: 'max.message.bytes', value: String(t.maxMessageBytes) }] : []),
            ...(t.retentionMs ? [{ name: 'retention.ms', value: String(t.retentionMs) }] : []),
          ],
        })),
      });
    }
    await waitForLeaders(
      admin,
      topics.map((t) => t.topic),
    );
  } finally {
    await admin.disconnect();
  }
}

/**
 * Until every partition of these topics has a leader, whoever created them: a metadata request
 * may be answered "This server does not host this topic-partition" while their leaders are
 * elected, for the process that created a topic and for one that lost the race (TOPIC_ALREADY_EXISTS).
 */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const meta = await admin.fetchTopicMetadata({ topics });
      if (meta.topics.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (err) {
      if (!(err as { retriable?: boolean }).retriable || Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline)
      throw new Error(`Kafka topics ${topics.join(', ')} have no leaders after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The partition count of a topic (the relay and the gateways must agree on it). */
export async function partitionCount(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const meta = await admin.fetchTopicMetadata({ topics: [topic] });
    return meta.topics[0]!.partitions.length;
  } finally {
    await admin.disconnect();
  }
}

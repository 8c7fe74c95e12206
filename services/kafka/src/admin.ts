import type { Admin, Kafka } from 'kafkajs';
import type { BusLog } from './client.js';

/**
 * One admin connection kept open for questions asked often (metrics scrapes, /health, lag waits):
 * a connect per question costs a handshake and a metadata fetch. A failed question drops the
 * connection; the next one opens a new one.
 */
class KeptAdmin {
  private admin: Promise<Admin> | null = null;

  constructor(private readonly kafka: Kafka) {}

  async ask<T>(question: (admin: Admin) => Promise<T>): Promise<T> {
    const opening = (this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })());
    try {
      return await question(await opening);
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = null;
    await (await admin?.catch(() => null))?.disconnect();
  }
}

/** The newest offset (high watermark) of each partition of a topic. */
export class TopicEnds {
  private readonly link: KeptAdmin;

  constructor(kafka: Kafka) {
    this.link = new KeptAdmin(kafka);
  }

  async of(topic: string): Promise<Map<number, bigint>> {
    const offsets = await this.link.ask((admin) => admin.fetchTopicOffsets(topic));
    return new Map(offsets.map((o) => [o.partition, BigInt(o.high)]));
  }

  close(): Promise<void> {
    return this.link.close();
  }
}

/**
 * Whether the cluster answers (a metadata request): a health probe, which sets its own deadline
 * (services/server/src/health). Give it a client that does not retry (`retries: 0`), so a failure
 * answers with its cause (connection refused) rather than outlasting the deadline.
 */
export class BrokerCheck {
  private readonly link: KeptAdmin;

  constructor(kafka: Kafka) {
    this.link = new KeptAdmin(kafka);
  }

  /** The brokers the cluster names; throws when it does not answer. */
  async brokers(): Promise<number> {
    return (await this.link.ask((admin) => admin.describeCluster())).brokers.length;
  }

  close(): Promise<void> {
    return this.link.close();
  }
}

/**
 * Deletes a consumer group its only member has just left. A failure is logged, not thrown: the
 * process is stopping, and a group without committed offsets is removed by the broker anyway once
 * it has been empty for its offsets retention check (10 minutes by default).
 */
export async function deleteGroup(kafka: Kafka, groupId: string, log: BusLog): Promise<void> {
  const admin = kafka.admin({ retry: { retries: 2 } });
  try {
    await admin.connect();
    await admin.deleteGroups([groupId]);
  } catch (err) {
    log.warn({ err, groupId }, 'could not delete the consumer group; the broker removes it later');
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

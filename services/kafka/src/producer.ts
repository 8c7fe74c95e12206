import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import { KAFKA_RETRY } from './client.js';

export interface OutMessage {
  key: string;
  value: string;
  partition?: number;
  headers?: Record<string, string>;
}

/**
 * An idempotent producer with one request in flight: a retried send cannot reorder or duplicate
 * messages within a partition, and send resolves only when every in-sync replica has them.
 */
export class OrderedProducer {
  private constructor(private readonly producer: Producer) {}

  static async open(kafka: Kafka): Promise<OrderedProducer> {
    // Unlimited retries: kafkajs warns that a bounded count can break idempotence; a send simply waits
    // for the broker, trying again at most a second apart (KAFKA_RETRY) so it resumes soon after the broker returns.
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { ...KAFKA_RETRY, retries: Number.MAX_SAFE_INTEGER },
    });
    await producer.connect();
    return new OrderedProducer(producer);
  }

  async send(topic: string, messages: OutMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.producer.send({ topic, acks: -1, messages });
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }
}

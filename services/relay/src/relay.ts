import { EVENTS_TOPIC, partitionOf, type EventStore, type StoredEvent, type Subscription } from '@exch/contracts';
import type { OrderedProducer } from '@exch/kafka';
import { migrateRelayCheckpoints, readRelayCheckpoint, writeRelayCheckpoint } from './checkpoint.js';

export interface RelayLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RelayOptions {
  store: EventStore;
  producer: OrderedProducer;
  /** The topic's partition count: a stream always goes to partitionOf(streamId, partitions). */
  partitions: number;
  log: RelayLog;
  topic?: string;
  batchSize?: number;
  /** Called after each acknowledged and checkpointed batch (metrics). */
  onPublished?: (events: StoredEvent[]) => void;
}

const SEND_BYTES = 4 * 1024 * 1024;

/** The wire form of one event: the stored event as JSON, its position and type also as headers. */
export function toMessage(e: StoredEvent, partitions: number) {
  return {
    key: e.streamId,
    partition: partitionOf(e.streamId, partitions),
    value: JSON.stringify(e),
    headers: { position: String(e.position), type: e.type },
  };
}

/**
 * Publishes the log to Kafka in position order (DESIGN.md, services/relay). A batch is sent, the
 * broker acknowledges it (acks=all, idempotent producer, one request in flight), and only then is
 * its last position checkpointed. A crash between the two republishes that batch on restart; the
 * projectors skip events at or below the position they already folded, so the copies are harmless.
 */
export class Relay {
  private subscription: Subscription | null = null;
  private readonly topic: string;
  published = 0;

  constructor(private readonly opts: RelayOptions) {
    this.topic = opts.topic ?? EVENTS_TOPIC;
  }

  async start(): Promise<number> {
    await migrateRelayCheckpoints(this.opts.store.sql);
    const from = await readRelayCheckpoint(this.opts.store.sql, this.topic);
    this.published = from;
    this.opts.log.info({ topic: this.topic, from }, 'relay resuming');
    this.subscription = this.opts.store.subscribe(from, (batch) => this.publish(batch), {
      batchSize: this.opts.batchSize ?? 2_000,
      onError: (err) => this.opts.log.error({ err }, 'relay batch failed; retrying from the checkpoint'),
    });
    return from;
  }

  private async publish(batch: StoredEvent[]): Promise<void> {
    // In sends of a few MB: one produce request stays well under the broker's request limit even
    // when a batch holds large settlements. Sends go one after the other, so order is kept.
    let chunk: ReturnType<typeof toMessage>[] = [];
    let bytes = 0;
    for (const e of batch) {
      const message = toMessage(e, this.opts.partitions);
      // Bytes on the wire, not UTF-16 units: names and remarks may hold any script.
      const size = Buffer.byteLength(message.value);
      if (chunk.length > 0 && bytes + size > SEND_BYTES) {
        await this.send(chunk);
        chunk = [];
        bytes = 0;
      }
      chunk.push(message);
      bytes += size;
    }
    await this.send(chunk);
    const last = batch[batch.length - 1]!.position;
    await writeRelayCheckpoint(this.opts.store.sql, this.topic, last);
    this.published = last;
    this.opts.onPublished?.(batch);
  }

  private async send(messages: ReturnType<typeof toMessage>[]): Promise<void> {
    try {
      await this.opts.producer.send(this.topic, messages);
    } catch (err) {
      const largest = Math.max(...messages.map((m) => Buffer.byteLength(m.value)));
      throw new Error(
        `relay: the broker refused events from position ${messages[0]!.headers.position} (${messages.length} events, largest ${largest} bytes): ${(err as Error).message}`,
        { cause: err },
      );
    }
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }
}

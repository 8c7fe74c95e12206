import { randomUUID } from 'node:crypto';
import { updateKey, type Catalogue, type FeedPort, type FeedUpdate } from '@exch/contracts';
import { GroupConsumer, type BusLog, type Kafka, type OrderedProducer } from '@exch/kafka';
import { FEED_TOPIC } from './settings.js';

/** The whole picture (catalogue and every current price), sent now and then for gateways that join late. */
interface StateMessage {
  kind: 'state';
  catalogue: Catalogue;
  updates: FeedUpdate[];
}
interface UpdatesMessage {
  kind: 'updates';
  updates: FeedUpdate[];
}
export type FeedMessage = StateMessage | UpdatesMessage;

const STATE_EVERY_MS = 3_000;
const FLUSH_EVERY_MS = 50;

/**
 * The leader engine's feed, out to Kafka for the gateways: changes every 50 ms, the whole state
 * every 3 s. Prices are not journalled (docs/exchange.md), so this topic is not a record either.
 */
export function publishFeed(feed: FeedPort, producer: OrderedProducer, log: BusLog): () => void {
  let pending: FeedUpdate[] = [];
  const send = (message: FeedMessage) =>
    producer
      .send(FEED_TOPIC, [{ key: 'feed', value: JSON.stringify(message) }])
      .catch((err: unknown) => log.warn({ err }, 'feed publish failed'));
  const unsubscribe = feed.subscribe((u) => pending.push(u));
  const flush = setInterval(() => {
    if (pending.length === 0) return;
    const updates = pending;
    pending = [];
    void send({ kind: 'updates', updates });
  }, FLUSH_EVERY_MS);
  const state = setInterval(
    () => void send({ kind: 'state', catalogue: feed.catalogue(), updates: feed.snapshot() }),
    STATE_EVERY_MS,
  );
  void send({ kind: 'state', catalogue: feed.catalogue(), updates: feed.snapshot() });
  return () => {
    clearInterval(flush);
    clearInterval(state);
    unsubscribe();
  };
}

/** A gateway's view of the leader's feed, read from Kafka: the FeedPort the gateway already uses. */
export class RemoteFeed implements FeedPort {
  private current: Catalogue = { sports: [], series: [], matches: [], markets: [] };
  private latest = new Map<string, FeedUpdate>();
  private readonly listeners = new Set<(u: FeedUpdate) => void>();
  private consumer: GroupConsumer | null = null;

  /** Each gateway reads every message: a group of its own, from the newest message on. */
  async connect(kafka: Kafka, instance: string, log: BusLog): Promise<void> {
    this.consumer = await GroupConsumer.start(
      kafka,
      {
        groupId: `feed.${instance}.${randomUUID()}`,
        topic: FEED_TOPIC,
        fromBeginning: false,
        // Deleted when the gateway stops: a restart leaves no group behind (docs/distributed.md).
        transient: true,
        eachBatch: async (_p, records) => {
          for (const r of records) this.receive(JSON.parse(r.value) as FeedMessage);
        },
      },
      log,
    );
  }

  /**
   * Folds one message of the topic. A whole state replaces the picture: what it no longer carries
   * (a market the feed has forgotten) is dropped, so a gateway that runs for months holds what the
   * feed carries now, not every runner it ever priced.
   */
  receive(message: FeedMessage): void {
    const before = this.latest;
    if (message.kind === 'state') {
      this.current = message.catalogue;
      this.latest = new Map();
    }
    for (const u of message.updates) {
      const key = updateKey(u);
      const was = before.get(key);
      this.latest.set(key, u);
      if (message.kind === 'updates' || JSON.stringify(was) !== JSON.stringify(u)) for (const l of this.listeners) l(u);
    }
  }

  catalogue(): Catalogue {
    return this.current;
  }
  snapshot(): FeedUpdate[] {
    return [...this.latest.values()];
  }
  subscribe(listener: (update: FeedUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  start(): void {}
  stop(): void {
    void this.close();
  }

  /** Leaves the topic's group and deletes it (awaited on shutdown, so the process exits after). */
  async close(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = null;
    await consumer?.stop();
  }
}

import type { Consumer, Kafka } from 'kafkajs';
import { deleteGroup } from './admin.js';
import type { BusLog } from './client.js';

export interface InRecord {
  partition: number;
  offset: string;
  key: string | null;
  value: string;
  headers: Record<string, string>;
}

/**
 * How fast the group notices a member that died without leaving (SIGKILL, a lost machine): the
 * broker drops a member it has not heard from for `sessionTimeoutMs`, and the survivors learn of it
 * at their next heartbeat and take its partitions over. The broker must allow the session timeout
 * (its `group.min.session.timeout.ms`, 6 s by default; infra/kafka sets 1 s).
 */
export interface GroupLiveness {
  sessionTimeoutMs: number;
  /** Also the longest a fetch waits on an idle partition: kafkajs heartbeats only between fetches and batches. */
  heartbeatIntervalMs: number;
}

/**
 * For groups of one member, a gateway's own: nobody is waiting to take its partitions, so a lenient
 * session rides out a long pause without a rebalance. Projector groups set their own (settings.ts).
 */
export const DEFAULT_LIVENESS: GroupLiveness = { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 1_000 };

export interface GroupOptions {
  groupId: string;
  topic: string;
  /** Where a group with no committed offset starts: the oldest message, or only new ones. */
  fromBeginning: boolean;
  /**
   * The next offset to read for each newly assigned partition, from the consumer's own store (the
   * projectors keep it in PostgreSQL with the read model); partitions left out resume at the
   * group's committed offset.
   */
  resumeAt?: (partitions: number[]) => Promise<Map<number, string>>;
  /** One partition's records in offset order; the offsets count as consumed once it resolves. */
  eachBatch: (partition: number, records: InRecord[]) => Promise<void>;
  /** Called after each rebalance with the partitions this member now owns. */
  onAssigned?: (partitions: number[]) => void;
  /** DEFAULT_LIVENESS unless given. */
  liveness?: GroupLiveness;
  /**
   * A group of one process that reads only new messages (a gateway's pushes and feed): it commits no
   * offsets and is deleted when its member stops, so a restart leaves no group behind, and one
   * killed leaves an empty group without offsets, which the broker removes by itself.
   */
  transient?: boolean;
}

const headersOf = (h: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString() : String(v)]));

/**
 * A consumer group member. Offsets are resolved only after eachBatch resolves (so after the
 * caller's own commit), which keeps the group's committed offsets at or behind the caller's
 * store: resuming from either loses nothing.
 */
export class GroupConsumer {
  private owned: number[] = [];
  /** Next offset to apply per partition, once known from resumeAt; a batch starting later is a gap. */
  private readonly next = new Map<number, bigint>();
  /** The stored offsets of the latest assignment; batches wait for them. */
  private resumed: Promise<void> = Promise.resolve();

  private constructor(
    private readonly consumer: Consumer,
    /** Set for a transient group: deleted once this member has left it. */
    private readonly deleteOnStop: (() => Promise<void>) | null,
  ) {}

  static async start(kafka: Kafka, opts: GroupOptions, log: BusLog): Promise<GroupConsumer> {
    const liveness = opts.liveness ?? DEFAULT_LIVENESS;
    const consumer = kafka.consumer({
      groupId: opts.groupId,
      sessionTimeout: liveness.sessionTimeoutMs,
      heartbeatInterval: liveness.heartbeatIntervalMs,
      // An idle member heartbeats after each empty fetch, so a fetch must not outwait the interval (kafkajs waits 5 s by default).
      maxWaitTimeInMs: liveness.heartbeatIntervalMs,
      rebalanceTimeout: 20_000,
      allowAutoTopicCreation: false,
      maxBytesPerPartition: 4 * 1024 * 1024,
    });
    const member = new GroupConsumer(consumer, opts.transient ? () => deleteGroup(kafka, opts.groupId, log) : null);
    await consumer.connect();
    await consumer.subscribe({ topic: opts.topic, fromBeginning: opts.fromBeginning });
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      const partitions = (payload.memberAssignment[opts.topic] ?? []).slice().sort((a, b) => a - b);
      member.owned = partitions;
      member.next.clear();
      log.info({ groupId: opts.groupId, partitions }, 'partitions assigned');
      opts.onAssigned?.(partitions);
      if (!opts.resumeAt || partitions.length === 0) return;
      member.resumed = opts.resumeAt(partitions).then((at) => {
        for (const [partition, offset] of at) {
          member.next.set(partition, BigInt(offset));
          consumer.seek({ topic: opts.topic, partition, offset });
        }
      });
      member.resumed.catch((err: unknown) =>
        log.error({ err, groupId: opts.groupId }, 'could not read stored offsets'),
      );
    });
    await consumer.run({
      eachBatchAutoResolve: false,
      autoCommit: !opts.transient,
      autoCommitInterval: 1_000,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        if (batch.messages.length === 0 || !isRunning() || isStale()) return;
        await member.resumed;
        const expected = member.next.get(batch.partition);
        // A fetch that began before the seek to the stored offset landed: never apply past a gap.
        if (expected !== undefined && BigInt(batch.firstOffset()!) > expected) {
          consumer.seek({ topic: opts.topic, partition: batch.partition, offset: expected.toString() });
          return;
        }
        const records = batch.messages
          .filter((m) => expected === undefined || BigInt(m.offset) >= expected)
          .map((m) => ({
            partition: batch.partition,
            offset: m.offset,
            key: m.key ? m.key.toString() : null,
            value: m.value ? m.value.toString() : '',
            headers: headersOf(m.headers as Record<string, unknown> | undefined),
          }));
        if (records.length > 0)
          await whileHeartbeating(heartbeat, liveness, () => opts.eachBatch(batch.partition, records));
        member.next.set(batch.partition, BigInt(batch.lastOffset()) + 1n);
        resolveOffset(batch.lastOffset());
        await heartbeat();
      },
    });
    return member;
  }

  /** The partitions this member owns since the last rebalance. */
  get partitions(): number[] {
    return this.owned;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.deleteOnStop?.();
  }
}

/**
 * Runs a batch while heartbeating every interval: kafkajs sends heartbeats only between batches, so
 * a batch folding for longer than the session timeout would get its member dropped and the group
 * rebalanced under it. Heartbeating through a stuck batch costs no liveness here: a new owner of the
 * partition would wait on the same batch's checkpoint row lock (projector/kafka/runner.ts). A
 * heartbeat refused because the group rebalances stops the timer; the one after the batch rejoins.
 */
async function whileHeartbeating(
  heartbeat: () => Promise<void>,
  liveness: GroupLiveness,
  work: () => Promise<void>,
): Promise<void> {
  const timer = setInterval(() => {
    heartbeat().catch(() => clearInterval(timer));
  }, liveness.heartbeatIntervalMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
}

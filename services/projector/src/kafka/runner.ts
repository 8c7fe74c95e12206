import { EVENTS_TOPIC, type SqlClient, type StoredEvent } from '@exch/contracts';
import { GroupConsumer, type BusLog, type GroupLiveness, type InRecord, type Kafka } from '@exch/kafka';
import { ensureCheckpointTables } from '../checkpoint-tables.js';
import { commitWithoutFlush } from '../checkpoints.js';
import { prepareProjection } from '../prepare.js';
import type { Projection } from '../projection.js';
import {
  lockPartitionCheckpoint,
  readPartitionCheckpoints,
  writePartitionCheckpoint,
} from './partition-checkpoints.js';

export interface KafkaRunnerOptions {
  sql: SqlClient;
  kafka: Kafka;
  projection: Projection;
  log: BusLog;
  topic?: string;
  /** Called after each committed batch with the events folded (pushes, metrics). */
  onApplied?: (partition: number, events: StoredEvent[]) => void;
  /** How soon the group hands a dead member's partitions to another (the group's default otherwise). */
  liveness?: GroupLiveness;
}

/**
 * One read model as a member of the Kafka consumer group `projector.<name>` (distributed mode).
 * Each batch of a partition folds in one PostgreSQL transaction together with that partition's
 * checkpoint (next offset and highest position); on assignment the member seeks to the stored
 * offsets. Copies (a relay that republished after a crash, a batch redelivered after a
 * rebalance) are at or below the stored position and are skipped, so no event is applied twice.
 */
export class KafkaProjectionRunner {
  private consumer: GroupConsumer | null = null;
  private readonly topic: string;
  readonly groupId: string;
  applied = 0;

  constructor(private readonly opts: KafkaRunnerOptions) {
    this.topic = opts.topic ?? EVENTS_TOPIC;
    this.groupId = `projector.${opts.projection.name}`;
  }

  /** Joins the group and folds what it is given; prepare() first. */
  async start(): Promise<void> {
    this.consumer = await GroupConsumer.start(
      this.opts.kafka,
      {
        groupId: this.groupId,
        topic: this.topic,
        fromBeginning: true,
        resumeAt: (partitions) => this.storedOffsets(partitions),
        eachBatch: (partition, records) => this.fold(partition, records),
        ...(this.opts.liveness ? { liveness: this.opts.liveness } : {}),
      },
      this.opts.log,
    );
  }

  /** Partitions this member owns now. */
  get partitions(): number[] {
    return this.consumer?.partitions ?? [];
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = null;
  }

  /** Creates the tables, or rebuilds them on a version change, once among members starting together. */
  async prepare(): Promise<void> {
    const { projection, sql } = this.opts;
    await ensureCheckpointTables(sql);
    await prepareProjection(sql, projection, this.opts.log);
  }

  private async storedOffsets(partitions: number[]): Promise<Map<number, string>> {
    const stored = new Map(
      (await readPartitionCheckpoints(this.opts.sql, this.opts.projection.name, this.topic)).map((c) => [
        c.partition,
        c.nextOffset,
      ]),
    );
    return new Map(partitions.map((p) => [p, (stored.get(p) ?? 0n).toString()]));
  }

  private async fold(partition: number, records: InRecord[]): Promise<void> {
    const { projection, sql } = this.opts;
    const events = records.map((r) => JSON.parse(r.value) as StoredEvent);
    const nextOffset = BigInt(records[records.length - 1]!.offset) + 1n;
    const folded = await sql.transaction(async (tx) => {
      await commitWithoutFlush(tx);
      let position = await lockPartitionCheckpoint(tx, projection.name, this.topic, partition);
      const unseen: StoredEvent[] = [];
      for (const e of events) {
        if (e.position <= position) continue;
        unseen.push(e);
        position = e.position;
      }
      if (unseen.length > 0) await projection.apply(tx, unseen);
      await writePartitionCheckpoint(
        tx,
        projection.name,
        this.topic,
        { partition, nextOffset, position },
        unseen.length,
      );
      return unseen;
    });
    this.applied += folded.length;
    if (folded.length > 0) this.opts.onApplied?.(partition, folded);
  }
}

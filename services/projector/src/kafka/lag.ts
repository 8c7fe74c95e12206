import { EVENTS_TOPIC, type SqlClient } from '@exch/contracts';
import type { TopicEnds } from '@exch/kafka';
import type { ProjectionLag } from '../runner.js';
import { readPartitionCheckpoints } from './partition-checkpoints.js';

/** How far the read side is behind the log, read in one snapshot of the database. */
export interface LogLag {
  /** The log's head: its last event's position (positions count the events, from 1 without gaps). */
  head: number;
  /** The relay's last position the broker acknowledged, and the events after it; null before a relay has run. */
  relay: { position: number; lag: number } | null;
  /** Per read model: `checkpoint` the events its projector group has folded (summed over partitions), `lag` the rest. */
  projections: ProjectionLag[];
}

/** Events of the log not folded yet: never negative, whatever the two figures say. */
export const lagOf = (head: number, folded: number): number => Math.max(0, head - folded);

/**
 * Each read model's lag as its projector group stands: the log's head less the events its partition
 * checkpoints hold, the relay's share included (an event the relay has not published is not folded
 * either). From PostgreSQL alone, in one repeatable-read transaction, so the figures are of one
 * moment and a broker that does not answer does not hold the answer up.
 */
export async function readLogLag(sql: SqlClient, names: string[], topic = EVENTS_TOPIC): Promise<LogLag> {
  return sql.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const { rows: heads } = await tx.query<{ head: string; relay: boolean }>(
      `select coalesce(max(position), 0) as head, to_regclass('relay_checkpoints') is not null as relay from events`,
    );
    const head = Number(heads[0]!.head);
    const relayRows = heads[0]!.relay
      ? (await tx.query<{ position: string }>(`select position from relay_checkpoints where topic = $1`, [topic])).rows
      : [];
    const { rows } = await tx.query<{ name: string; folded: string }>(
      `select name, coalesce(sum(folded), 0) as folded from projection_partition_checkpoints
        where topic = $1 and name = any($2::text[]) group by name`,
      [topic, names],
    );
    const folded = new Map(rows.map((r) => [r.name, Number(r.folded)]));
    const relayPosition = relayRows[0] ? Number(relayRows[0].position) : null;
    return {
      head,
      relay: relayPosition === null ? null : { position: relayPosition, lag: lagOf(head, relayPosition) },
      projections: names.map((name) => {
        const checkpoint = folded.get(name) ?? 0;
        return { name, checkpoint, head, lag: lagOf(head, checkpoint) };
      }),
    };
  });
}

export interface PartitionLag {
  projection: string;
  partition: number;
  /** Messages in the partition not yet consumed by the read model's group. */
  lag: number;
}

/**
 * The topic's backlog per read model and partition: Kafka's end offsets less the stored next
 * offsets, for a tool whose group folds a topic filled from another database (the distributed
 * bench). The checkpoints are read first: ends only grow, so no figure is negative.
 */
export async function groupLag(
  sql: SqlClient,
  topicEnds: TopicEnds,
  projections: string[],
  topic = EVENTS_TOPIC,
): Promise<PartitionLag[]> {
  const stored = new Map<string, Map<number, bigint>>();
  for (const projection of projections)
    stored.set(
      projection,
      new Map((await readPartitionCheckpoints(sql, projection, topic)).map((c) => [c.partition, c.nextOffset])),
    );
  const ends = await topicEnds.of(topic);
  return projections.flatMap((projection) =>
    [...ends].map(([partition, end]) => ({
      projection,
      partition,
      lag: Number(end - (stored.get(projection)!.get(partition) ?? 0n)),
    })),
  );
}

import { EVENTS_TOPIC, type SqlClient } from '@exch/contracts';
import type { TopicEnds } from '@exch/kafka';
import { readPartitionCheckpoints } from './partition-checkpoints.js';

export interface PartitionLag {
  projection: string;
  partition: number;
  /** Messages in the partition not yet folded into the read model, by any member of its group. */
  lag: number;
}

/** Each read model's lag per partition of the event topic: the topic's end minus the stored next offset. */
export async function groupLag(
  sql: SqlClient,
  topicEnds: TopicEnds,
  projections: string[],
  topic = EVENTS_TOPIC,
): Promise<PartitionLag[]> {
  const ends = await topicEnds.of(topic);
  const lags: PartitionLag[] = [];
  for (const projection of projections) {
    const stored = new Map(
      (await readPartitionCheckpoints(sql, projection, topic)).map((c) => [c.partition, c.nextOffset]),
    );
    for (const [partition, end] of ends)
      lags.push({ projection, partition, lag: Number(end - (stored.get(partition) ?? 0n)) });
  }
  return lags;
}

import type { SqlClient } from '@exch/contracts';

export const PARTITION_CHECKPOINT_DDL = [
  `create table if not exists projection_partition_checkpoints (
  name text not null,
  topic text not null,
  partition int not null,
  next_offset bigint not null default 0,
  position bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (name, topic, partition)
)`,
  // Events folded from the partition, copies not counted: summed over the partitions, what the
  // read model holds of the log, so its lag is the log's head less that sum (lag.ts). Null on a
  // checkpoint written before the count was kept, until folded-count.ts counts it.
  'alter table projection_partition_checkpoints add column if not exists folded bigint',
  'alter table projection_partition_checkpoints alter column folded set default 0',
];

export interface PartitionCheckpoint {
  partition: number;
  /** Next Kafka offset to read. */
  nextOffset: bigint;
  /** Highest log position folded from this partition: anything at or below it is a copy. */
  position: number;
}

export async function readPartitionCheckpoints(
  sql: SqlClient,
  name: string,
  topic: string,
): Promise<PartitionCheckpoint[]> {
  const { rows } = await sql.query<{ partition: number; next_offset: string; position: string }>(
    `select partition, next_offset, position from projection_partition_checkpoints where name = $1 and topic = $2 order by partition`,
    [name, topic],
  );
  return rows.map((r) => ({
    partition: Number(r.partition),
    nextOffset: BigInt(r.next_offset),
    position: Number(r.position),
  }));
}

/** The partition's checkpoint, locked until the transaction ends: a member that lost the partition in a rebalance waits here. */
export async function lockPartitionCheckpoint(
  tx: SqlClient,
  name: string,
  topic: string,
  partition: number,
): Promise<number> {
  await tx.query(
    `insert into projection_partition_checkpoints (name, topic, partition) values ($1, $2, $3) on conflict do nothing`,
    [name, topic, partition],
  );
  const { rows } = await tx.query<{ position: string }>(
    `select position from projection_partition_checkpoints where name = $1 and topic = $2 and partition = $3 for update`,
    [name, topic, partition],
  );
  return Number(rows[0]!.position);
}

/** Moves the checkpoint on, counting the `folded` events the batch applied (its copies skipped). */
export async function writePartitionCheckpoint(
  tx: SqlClient,
  name: string,
  topic: string,
  cp: PartitionCheckpoint,
  folded: number,
): Promise<void> {
  await tx.query(
    `update projection_partition_checkpoints set next_offset = $4, position = $5, folded = folded + $6, updated_at = now()
      where name = $1 and topic = $2 and partition = $3`,
    [name, topic, cp.partition, cp.nextOffset.toString(), cp.position, folded],
  );
}

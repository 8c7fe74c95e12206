import type { SqlClient } from '@exch/contracts';

/**
 * Where the live version of a read model stands: the positions it has folded, one for the whole log
 * (the embedded runner's checkpoint) or one per partition of the events topic (a projector group's).
 * `lock` reads them for update, so no batch of the live version commits until the transaction ends.
 */
export interface LiveCut {
  parts: number;
  read(sql: SqlClient): Promise<number[]>;
  lock(tx: SqlClient): Promise<number[]>;
}

/** The embedded runner's single checkpoint (projection_checkpoints). */
export function runnerCut(name: string): LiveCut {
  const read = async (sql: SqlClient, lock: boolean) => {
    const { rows } = await sql.query<{ position: string | number }>(
      `select position from projection_checkpoints where name = $1${lock ? ' for update' : ''}`,
      [name],
    );
    return [Number(rows[0]?.position ?? 0)];
  };
  return { parts: 1, read: (sql) => read(sql, false), lock: (tx) => read(tx, true) };
}

/**
 * A projector group's checkpoints, one per partition (projection_partition_checkpoints). Locking
 * makes every partition's row first, so a member that starts on a partition with no row yet waits
 * for the switch too instead of folding into the tables being replaced.
 */
export function partitionCut(name: string, topic: string, partitions: number): LiveCut {
  const read = async (sql: SqlClient, lock: boolean) => {
    if (lock) {
      await sql.query(
        `insert into projection_partition_checkpoints (name, topic, partition)
         select $1, $2, p from generate_series(0, $3 - 1) as p on conflict do nothing`,
        [name, topic, partitions],
      );
    }
    const { rows } = await sql.query<{ partition: number; position: string | number }>(
      `select partition, position from projection_partition_checkpoints where name = $1 and topic = $2
        order by partition${lock ? ' for update' : ''}`,
      [name, topic],
    );
    const cut = Array<number>(partitions).fill(0);
    for (const r of rows) if (Number(r.partition) < partitions) cut[Number(r.partition)] = Number(r.position);
    return cut;
  };
  return { parts: partitions, read: (sql) => read(sql, false), lock: (tx) => read(tx, true) };
}

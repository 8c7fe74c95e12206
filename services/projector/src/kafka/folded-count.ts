import { EVENTS_TOPIC, partitionOf, withMigrationLock, type SqlClient } from '@exch/contracts';

const PAGE = 20_000;

export interface FoldedCountLog {
  info(obj: object, msg?: string): void;
}

/**
 * Counts the events each partition checkpoint holds where the count was not kept yet (written
 * before it was, `folded` null): the events of its partition at or below its position, in one pass
 * over the log. The checkpoints are locked meanwhile, so a member folding a batch waits and adds to
 * the count after it. Once, by the first projector to start after the upgrade; nothing to do after.
 */
export async function countFoldedEvents(
  sql: SqlClient,
  partitions: number,
  log: FoldedCountLog,
  topic = EVENTS_TOPIC,
): Promise<void> {
  const uncounted = `from projection_partition_checkpoints where topic = $1 and folded is null`;
  if ((await sql.query(`select 1 ${uncounted} limit 1`, [topic])).rows.length === 0) return;
  await withMigrationLock(sql, 'projector.checkpoints.folded', async (tx) => {
    const { rows } = await tx.query<{ name: string; partition: number; position: string }>(
      `select name, partition, position ${uncounted} for update`,
      [topic],
    );
    if (rows.length === 0) return;
    const checkpoints = rows.map((r) => ({
      name: r.name,
      partition: Number(r.partition),
      position: Number(r.position),
      folded: 0,
    }));
    const last = Math.max(...checkpoints.map((c) => c.position));
    for (let after = 0; after < last; ) {
      const { rows: page } = await tx.query<{ stream_id: string; position: string }>(
        `select stream_id, position from events where position > $1 and position <= $2 order by position limit $3`,
        [after, last, PAGE],
      );
      if (page.length === 0) break;
      for (const e of page) {
        const partition = partitionOf(e.stream_id, partitions);
        const position = Number(e.position);
        for (const c of checkpoints) if (c.partition === partition && position <= c.position) c.folded++;
      }
      after = Number(page[page.length - 1]!.position);
    }
    for (const c of checkpoints)
      await tx.query(
        `update projection_partition_checkpoints set folded = $4 where name = $1 and topic = $2 and partition = $3`,
        [c.name, topic, c.partition, c.folded],
      );
    log.info({ checkpoints: checkpoints.length, events: last }, 'counted the events each partition checkpoint holds');
  });
}

import { EVENTS_TOPIC, partitionOf, type SqlClient } from '@exch/contracts';

export interface WaitLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Read-your-writes for a gateway in distributed mode: after the engine accepted a command, wait
 * until every read model has folded its events. Each event's stream names its partition, and a
 * read model has folded the event once that partition's checkpoint reaches the event's position.
 * Past the patience the caller is answered anyway: the command is durable, only a read may lag.
 */
export class ReadYourWrites {
  constructor(
    private readonly sql: SqlClient,
    private readonly partitions: number,
    private readonly projections: string[],
    private readonly log: WaitLog,
    private readonly patienceMs = 10_000,
  ) {}

  async waitFor(positions: number[]): Promise<void> {
    if (positions.length === 0) return;
    const { rows } = await this.sql.query<{ position: string; stream_id: string }>(`select position, stream_id from events where position = any($1::bigint[])`, [positions]);
    const needed = new Map<number, number>();
    for (const r of rows) {
      const partition = partitionOf(r.stream_id, this.partitions);
      needed.set(partition, Math.max(needed.get(partition) ?? 0, Number(r.position)));
    }
    const deadline = Date.now() + this.patienceMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 50)) {
      if (await this.folded(needed)) return;
      if (Date.now() > deadline) {
        this.log.warn({ positions }, 'read models still behind this command; answering anyway');
        return;
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  private async folded(needed: Map<number, number>): Promise<boolean> {
    const { rows } = await this.sql.query<{ name: string; partition: number; position: string }>(
      `select name, partition, position from projection_partition_checkpoints where topic = $1 and partition = any($2::int[]) and name = any($3::text[])`,
      [EVENTS_TOPIC, [...needed.keys()], this.projections],
    );
    const at = new Map(rows.map((r) => [`${r.name}|${r.partition}`, Number(r.position)]));
    return this.projections.every((name) => [...needed].every(([partition, position]) => (at.get(`${name}|${partition}`) ?? 0) >= position));
  }
}

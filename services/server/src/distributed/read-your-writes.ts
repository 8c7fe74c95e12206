import { EVENTS_TOPIC, partitionOf, type ReadBarrier, type ReadToken, type SqlClient } from '@exch/contracts';

export interface WaitLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Read-your-writes for a gateway in distributed mode: a read token names, per partition of the
 * event topic, the position a client's earlier command reached; every read model has folded it once
 * that partition's checkpoint reaches the position. Past the patience the read is answered anyway:
 * the command is durable, only the read may lag.
 */
export class ReadYourWrites implements ReadBarrier {
  constructor(
    private readonly sql: SqlClient,
    private readonly partitions: number,
    private readonly projections: string[],
    private readonly log: WaitLog,
    private readonly patienceMs = 10_000,
  ) {}

  partitionOf(streamId: string): number {
    return partitionOf(streamId, this.partitions);
  }

  async waitFor(token: ReadToken, timeoutMs = this.patienceMs): Promise<void> {
    const needed = new Map([...token].filter(([p]) => p < this.partitions));
    if (needed.size === 0) return;
    const deadline = Date.now() + timeoutMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 50)) {
      if (await this.folded(needed)) return;
      if (Date.now() > deadline) {
        this.log.warn({ token: [...token] }, "read models still behind this client's command; answering anyway");
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
    return this.projections.every((name) =>
      [...needed].every(([partition, position]) => (at.get(`${name}|${partition}`) ?? 0) >= position),
    );
  }
}

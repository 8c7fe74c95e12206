/** Replay speed (npm run replay's fold into a fresh schema), for the distributed bench's log. */
import type { EventStore } from '@exch/contracts';
import { betsProjection, ledgerProjection, usersProjection } from '@exch/projector';
import { replayProjection } from '../replay/replay.js';
import type { BenchRow } from './rows.js';

export async function replayBenchRows(store: EventStore, head: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const projection of [usersProjection, ledgerProjection, betsProjection]) {
    const started = performance.now();
    const report = await replayProjection(store, projection, { toPosition: head, maxRows: 0 });
    const ms = performance.now() - started;
    rows.push({
      bench: 'replay',
      setup: `${projection.name}, ${head.toLocaleString('en-US')} events into a fresh schema`,
      opsPerSec: (report.events / ms) * 1000,
      p50: '-',
      p99: '-',
      note: `events/s; ${(ms / 1000).toFixed(1)} s including the comparison; RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MiB`,
    });
  }
  return rows;
}

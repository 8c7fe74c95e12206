import type { ReadSideHealth } from '@exch/contracts';
import type { LogLag } from '@exch/projector';
import { type Probe, statusOf } from './probe.js';

/**
 * /health of a process that serves or folds the read side (a gateway, a projector, the embedded
 * server): the lag as the database has it, and the verdict of every probe.
 */
export async function readSideHealth(lag: Probe<LogLag>, ...others: Probe<unknown>[]): Promise<ReadSideHealth> {
  const [read, ...rest] = await Promise.all([lag.check(), ...others.map((p) => p.check())]);
  return {
    ...statusOf(read, ...rest),
    head: read.ok ? read.value.head : null,
    relay: read.ok ? read.value.relay : null,
    projections: read.ok ? read.value.projections : [],
  };
}

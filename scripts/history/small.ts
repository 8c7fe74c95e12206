import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPGliteStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { generateHistory } from './generate.js';

/**
 * A history of `bets` over 20 days in a PGlite folder of its own, its read models caught up (as a
 * folder the product has run on is), for the benchmarks that need one.
 */
export async function writeSmallHistory(bets: number): Promise<{ dataDir: string; remove(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exch-history-'));
  const store = await openPGliteStore({ dataDir });
  try {
    const { engine, head } = await generateHistory({ store, bets, days: 20, players: 200 });
    await engine.stop();
    const runner = new ProjectionRunner(store, allProjections, { info() {}, warn() {}, error() {} });
    await runner.start();
    await runner.waitFor(head, 600_000);
    await runner.stop();
  } finally {
    await store.close();
  }
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

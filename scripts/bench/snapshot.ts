/**
 * The engine's snapshot as bets accumulate: the state is serialised whole, on the main thread,
 * every `snapshotEvery` events, so its size and time are a stall every command waits through
 * (docs/performance.md). Bets placed through Engine.execute on an in-memory PGlite, then the state
 * timed through JSON.stringify (the database's jsonb parse comes on top).
 *
 *   npx tsx scripts/bench/snapshot.ts
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '@exch/engine';
import { openPGliteStore } from '@exch/eventstore';
import { envelope, feedWalk, hierarchy, matchCatalogue, median, must, prng } from '../../tests/engine/fixtures.js';
import type { BenchRow } from './betting.js';

const SIZES = [20_000, 50_000, 100_000];
const silent = { info() {}, warn() {}, error() {} };

export async function benchSnapshot(): Promise<BenchRow[]> {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 0 });
  try {
    const players = await hierarchy(engine, 200, 10_000_000_00);
    await must(engine, matchCatalogue([1]), null);
    await must(
      engine,
      {
        type: 'SetMarketSettings',
        marketId: 'mo1',
        minStake: 100,
        maxStake: 10_000_00,
        betDelaySec: 0,
        commissionBp: 200,
      },
      'a',
    );
    const rng = prng(1);
    const walk = feedWalk(engine, rng, ['ACTIVE']);
    walk.openMatch(1);
    const rows: BenchRow[] = [];
    let n = 0;
    for (const size of SIZES) {
      while (n < size) {
        const batch = [];
        for (let i = 0; i < 64 && n < size; i++, n++) {
          batch.push(
            engine.execute(
              envelope(
                walk.betNear(engine.view.markets.mo1!, `b${n}`, rng.chance(0.5) ? 'back' : 'lay', rng.int(100, 5_000)),
                players[n % players.length]!,
              ),
            ),
          );
        }
        await Promise.all(batch);
        if (n % 5_000 === 0) walk.moveMarket(engine.view.markets.mo1!);
      }
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        bytes = JSON.stringify({ state: engine.view }).length;
        times.push(performance.now() - started);
      }
      const ms = median(times);
      rows.push({
        bench: 'engine snapshot, serialised on the main thread',
        setup: `${Object.keys(engine.view.bets).length.toLocaleString('en-US')} bets in the state`,
        opsPerSec: 1000 / ms,
        p50: `${ms.toFixed(0)} ms`,
        p99: '-',
        note: `${(bytes / 1e6).toFixed(1)} MB of JSON before the jsonb parse; median of 3; load ${loadavg()[0]!.toFixed(2)}`,
      });
    }
    return rows;
  } finally {
    await engine.stop();
    await store.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { printRows } = await import('./betting.js');
  printRows(await benchSnapshot());
}

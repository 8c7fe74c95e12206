/**
 * The engine's snapshot as settled history accumulates. Bets are placed through Engine.execute on an
 * in-memory PGlite, a thousand to a market; each market then settles and, past the revoke window,
 * leaves the state (docs/exchange.md "Archived markets"). At each size the state is timed through
 * JSON.stringify, as the snapshot serialises it: bounded by what can still change, it stays flat
 * however many bets have settled (docs/performance.md).
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
const BETS_PER_MARKET = 1_000;
const PAST_EVERY_WINDOW = new Date('2100-01-01');
const silent = { info() {}, warn() {}, error() {} };

export async function benchSnapshot(): Promise<BenchRow[]> {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 0, housekeepEveryMs: 0 });
  try {
    const players = await hierarchy(engine, 200, 10_000_000_00);
    const rng = prng(1);
    const walk = feedWalk(engine, rng, ['ACTIVE']);
    const rows: BenchRow[] = [];
    let n = 0;
    let market = 0;
    for (const size of SIZES) {
      while (n < size) {
        market++;
        await must(engine, matchCatalogue([market]), null);
        walk.openMatch(market);
        const mo = engine.view.markets[`mo${market}`]!;
        for (let placed = 0; placed < BETS_PER_MARKET; ) {
          const batch = [];
          for (let i = 0; i < 64 && placed < BETS_PER_MARKET; i++, n++, placed++) {
            const bet = walk.betNear(mo, `b${n}`, rng.chance(0.5) ? 'back' : 'lay', rng.int(100, 5_000));
            batch.push(engine.execute(envelope(bet, players[n % players.length]!)));
          }
          await Promise.all(batch);
        }
        await must(engine, { type: 'SettleMarket', marketId: mo.marketId, selectionId: 1, runs: null }, 'a');
        await engine.housekeep(PAST_EVERY_WINDOW);
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
        bench: 'engine snapshot after settled history',
        setup: `${n.toLocaleString('en-US')} bets settled on ${market} markets; ${Object.keys(engine.view.bets).length} bets in the state`,
        opsPerSec: 1000 / ms,
        p50: `${ms.toFixed(1)} ms`,
        p99: '-',
        note: `${(bytes / 1e3).toFixed(0)} kB of JSON; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB; median of 3; load ${loadavg()[0]!.toFixed(2)}`,
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

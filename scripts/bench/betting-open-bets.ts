import { performance } from 'node:perf_hooks';
import { tickFrom } from '@exch/contracts';
import { decide } from '@exch/engine';
import { median, percentile, placeBet, prng, RUNNERS } from '../../tests/engine/fixtures.js';
import { RUNS } from './betting-in-memory.js';
import { env, feedFor, fundedWorld } from './betting-world.js';
import type { BenchRow } from './rows.js';

// Exchange bench 1b: decide time as one player's open bets in one market grow.

const OPEN_BETS = [10, 1_000, 10_000];
const TIMED_BETS = 2_000;

/**
 * One player with `open` unsettled bets in one market (half matched against the feed, half resting
 * off the price, as a market maker's), then the time of each of its next bets there: exposure is
 * kept bet by bet, so this stays flat however many bets the player has open.
 */
function decideWithOpenBets(open: number): { p50: number; p99: number; opsPerSec: number } {
  const rng = prng(open);
  const { state, quotes, apply } = fundedWorld(['mm'], 1e12, [1]);
  const feed = feedFor(rng);
  const place = (id: string, selectionId: number, side: 'back' | 'lay', odds: number) => {
    const d = decide(
      state,
      env(placeBet(id, 'mo1', selectionId, side, odds, rng.int(100_00, 1_000_00)), 'mm', id),
      quotes,
    );
    if (!d.ok) throw new Error(d.refusal.message);
    apply(d.events);
  };
  for (let i = 0; i < open; i++) {
    const selectionId = rng.pick(RUNNERS).selectionId;
    quotes.apply(feed('mo1', selectionId));
    const q = quotes.exchange('mo1', selectionId)!;
    const side = i % 2 === 0 ? 'back' : 'lay';
    // Even: taken at the feed's best price; odd: resting a few ticks off it.
    const best = side === 'back' ? q.back[0]!.price : q.lay[0]!.price;
    const odds = i % 4 < 2 ? best : tickFrom(best, side === 'back' ? 5 : -5)!;
    place(`open${i}`, selectionId, side, odds);
  }
  const latencies = new Float64Array(TIMED_BETS);
  const started = performance.now();
  for (let i = 0; i < TIMED_BETS; i++) {
    const selectionId = rng.pick(RUNNERS).selectionId;
    quotes.apply(feed('mo1', selectionId));
    const q = quotes.exchange('mo1', selectionId)!;
    const side = i % 2 === 0 ? 'back' : 'lay';
    const t0 = performance.now();
    place(`t${i}`, selectionId, side, side === 'back' ? q.back[0]!.price : q.lay[0]!.price);
    latencies[i] = performance.now() - t0;
  }
  const elapsed = performance.now() - started;
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50) * 1000,
    p99: percentile(sorted, 99) * 1000,
    opsPerSec: TIMED_BETS / (elapsed / 1000),
  };
}

export function benchDecideFlat(): BenchRow[] {
  // Warm-up at every size: the JIT settles before the 10-bet case, which the others are compared with.
  for (const open of OPEN_BETS) decideWithOpenBets(open);
  const results = OPEN_BETS.map((open) => ({
    open,
    runs: Array.from({ length: RUNS }, () => decideWithOpenBets(open)),
  }));
  const p50Of = (runs: { p50: number }[]) => median(runs.map((r) => r.p50));
  const base = p50Of(results[0]!.runs);
  return results.map(({ open, runs }) => ({
    bench: "PlaceBet decide+evolve, one player's open bets",
    setup: `${open.toLocaleString('en-US')} open bets of one player in one market`,
    opsPerSec: median(runs.map((r) => r.opsPerSec)),
    p50: `${p50Of(runs).toFixed(1)} µs`,
    p99: `${median(runs.map((r) => r.p99)).toFixed(1)} µs`,
    note: `p50 ${(p50Of(runs) / base).toFixed(2)}x the 10-bet case; ${TIMED_BETS.toLocaleString('en-US')} bets timed, taken at the feed's price`,
  }));
}

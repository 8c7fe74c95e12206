/**
 * Exchange benchmarks:
 *
 * 1. Engine decisions in memory: PlaceBet (matching against the feed and other players' resting
 *    orders, exposure against the balance) decided and folded, no I/O, with feed moves and their
 *    rematches in between. ops/s and p50/p99 µs per bet, medians of 5 runs; and the bytes one more
 *    run allocates per bet.
 * 2. Durable bets through Engine.execute (answer after commit) with 32 concurrent callers, on
 *    PGlite on disk and on PostgreSQL (fsync on) when a throwaway cluster can start: bets/s and
 *    p50/p99 ms, medians of 3 runs.
 * 3. (scripts/bench/exchange-http.ts) POST /api/bets end to end, and oddsUpdate to 10,000 websockets.
 *
 *   npx tsx scripts/bench/betting.ts
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURABLE_MS, benchDurable } from './betting-durable.js';
import { benchDecide, OPS, RUNS } from './betting-in-memory.js';
import { benchDecideFlat } from './betting-open-bets.js';
import { printRows } from './rows.js';

/** Every exchange figure in one table: in memory, durable through the engine, HTTP end to end, oddsUpdate fan-out. */
export async function benchBetting(): Promise<void> {
  console.log(
    `\nExchange: PlaceBet with matching and exposure. In memory: median of ${RUNS} runs of ${OPS.toLocaleString('en-US')} bets; durable and HTTP: median of 3 runs of ${DURABLE_MS / 1000}-2.5 s`,
  );
  const { benchHttp, benchOddsPush } = await import('./exchange-http.js');
  const rows = [benchDecide(), ...benchDecideFlat()];
  const durable = await benchDurable();
  rows.push(...durable.rows);
  const http = await benchHttp();
  rows.push(...http.rows);
  const skipped = [...durable.skipped, ...http.skipped];
  const odds = await benchOddsPush();
  if (typeof odds === 'string') skipped.push(`oddsUpdate: ${odds}`);
  else rows.push(odds);
  printRows(rows);
  for (const s of skipped) console.log(`skipped: ${s}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchBetting().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

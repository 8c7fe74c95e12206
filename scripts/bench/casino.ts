/**
 * Casino benchmarks (docs/casino.md), on PGlite on disk with every read model folding alongside,
 * as in the embedded server:
 *
 * 1. Settling one round with 10,000 bets on it: the SettleCasinoRound command (result, 10,000 P&Ls,
 *    postings, exposure released) decided and committed, and the read models folding it. Median of 3.
 * 2. Rounds per second 20 busy tables sustain: 20 dealers stepping their tables' rounds back to back
 *    (open, 20 bets from different players, close, deal, every card, settle) without waiting for a
 *    window, for 5 s. Rounds settled per second and round time, median of 3 runs. The eight tables and
 *    twelve more copies of them under codes of their own.
 *
 *   npx tsx scripts/bench/casino.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { Command } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { addTable, Engine, TABLES } from '@exch/engine';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { Dealer } from '@exch/server';
import { envelope, hierarchy, median, percentile, prng } from '../../tests/engine/fixtures.js';
import { printRows, type BenchRow } from './rows.js';

const silent = { info() {}, warn() {}, error() {} };
const quiet = pino({ level: 'silent' });
const BETS = 10_000;
const PLAYERS = 1_000;
const RUNS = 3;
const TABLE_COUNT = 20;
const BETS_PER_ROUND = 20;
const ROUNDS_MS = 5_000;

/** A fresh engine, dealer and read side on a temp folder; closed by the returned function. */
export async function world(players: number) {
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-casino-'));
  const store = await openPGliteStore({ dataDir: dir });
  const engine = await Engine.start({ store, log: silent });
  const runner = new ProjectionRunner(store, allProjections, silent);
  await runner.start();
  const ids = await hierarchy(engine, players, 1_00_00_000_00, 'cp');
  const dealer = new Dealer({ bus: engine, view: () => engine.view, log: quiet }, { auto: false, bettingMs: 600_000 });
  await dealer.start();
  return {
    engine,
    runner,
    dealer,
    players: ids,
    async close() {
      await runner.stop();
      await engine.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type World = Awaited<ReturnType<typeof world>>;

type Rng = ReturnType<typeof prng>;
type CasinoMarket = World['engine']['view']['casino']['tables'][string]['markets'][number];

/**
 * The bench's bet on one market of a table's round: a random stake, and for 3 Cards Judgement's Yes
 * and No as many different card ranks as the market picks. tests/engine/bench-casino-bets.test.ts
 * sends it to every market of every table, so a new table's kind of bet cannot stop the bench.
 */
export function benchCasinoBet(rng: Rng, code: string, mid: string, market: CasinoMarket, betId: string): Command {
  const ranks: number[] = [];
  while (ranks.length < (market.picks ?? 0)) {
    const rank = rng.int(1, 13);
    if (!ranks.includes(rank)) ranks.push(rank);
  }
  return {
    type: 'PlaceCasinoBet',
    betId,
    tableCode: code,
    mid,
    sid: market.sid,
    odds: market.odds,
    stake: rng.int(100_00, 5_000_00),
    referenceId: betId,
    ...(ranks.length > 0 ? { ranks } : {}),
  };
}

/** Concurrent bets on the table's round under way, in waves of `wave` callers. */
async function placeBets(w: World, code: string, count: number, seed: number, wave: number): Promise<void> {
  const rng = prng(seed);
  const table = w.engine.view.casino.tables[code]!;
  const mid = table.round!.mid;
  for (let done = 0; done < count; done += wave) {
    await Promise.all(
      Array.from({ length: Math.min(wave, count - done) }, async (_, i) => {
        const betId = `${mid}-${done + i}`;
        const command = benchCasinoBet(rng, code, mid, rng.pick(table.markets), betId);
        const r = await w.engine.execute({
          ...envelope(command, w.players[(done + i) % w.players.length]!),
          at: new Date().toISOString(),
        });
        if (!r.ok) throw new Error(`bet refused: ${r.refusal.message}`);
      }),
    );
  }
}

async function benchSettle(): Promise<BenchRow> {
  const w = await world(PLAYERS);
  try {
    const engineMs: number[] = [];
    const foldMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await w.dealer.step('dt20');
      await placeBets(w, 'dt20', BETS, run + 1, 500);
      while (
        w.engine.view.casino.tables.dt20!.round!.revealed < w.engine.view.casino.tables.dt20!.round!.cards.length ||
        w.engine.view.casino.tables.dt20!.round!.phase !== 'dealing'
      )
        await w.dealer.step('dt20');
      await w.runner.waitFor(w.engine.headPosition, 120_000);
      const t0 = performance.now();
      if ((await w.dealer.step('dt20')) !== 'settled') throw new Error('expected the settlement');
      const t1 = performance.now();
      await w.runner.waitFor(w.engine.headPosition, 120_000);
      engineMs.push(t1 - t0);
      foldMs.push(performance.now() - t1);
    }
    const ms = median(engineMs);
    return {
      bench: 'Casino: settle one round',
      setup: `${BETS.toLocaleString('en-US')} bets, ${PLAYERS.toLocaleString('en-US')} players, PGlite (disk)`,
      opsPerSec: BETS / (ms / 1000),
      p50: `${ms.toFixed(0)} ms`,
      p99: '-',
      note: `bets settled/s; read models folded it in ${median(foldMs).toFixed(0)} ms more`,
    };
  } finally {
    await w.close();
  }
}

async function benchRounds(): Promise<BenchRow> {
  // The eight tables and copies of them under codes and prefixes of their own, up to twenty.
  for (let i = TABLES.length; i < TABLE_COUNT; i++) {
    const base = TABLES[i % TABLES.length]!;
    addTable({ ...base, code: `${base.code}_${i}`, name: `${base.name} ${i}`, midPrefix: String(900 + i) });
  }
  const w = await world(200);
  try {
    const codes = Object.keys(w.engine.view.casino.tables);
    if (codes.length !== TABLE_COUNT) throw new Error(`${codes.length} tables listed`);
    const runs: { roundsPerSec: number; p50: number; p99: number; events: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const durations: number[] = [];
      const head = w.engine.headPosition;
      const deadline = performance.now() + ROUNDS_MS;
      const started = performance.now();
      await Promise.all(
        codes.map(async (code, i) => {
          for (let n = 0; performance.now() < deadline; n++) {
            const t0 = performance.now();
            await w.dealer.step(code);
            await placeBets(w, code, BETS_PER_ROUND, run * 1000 + i * 100 + n, BETS_PER_ROUND);
            await w.dealer.finishRound(code);
            durations.push(performance.now() - t0);
          }
        }),
      );
      const elapsed = performance.now() - started;
      await w.runner.waitFor(w.engine.headPosition, 120_000);
      durations.sort((a, b) => a - b);
      runs.push({
        roundsPerSec: durations.length / (elapsed / 1000),
        p50: percentile(durations, 50),
        p99: percentile(durations, 99),
        events: (w.engine.headPosition - head) / durations.length,
      });
    }
    return {
      bench: 'Casino: rounds, tables busy at once',
      setup: `${TABLE_COUNT} tables, ${BETS_PER_ROUND} bets a round, PGlite (disk)`,
      opsPerSec: median(runs.map((r) => r.roundsPerSec)),
      p50: `${median(runs.map((r) => r.p50)).toFixed(0)} ms`,
      p99: `${median(runs.map((r) => r.p99)).toFixed(0)} ms`,
      note: `rounds settled/s, no betting window; p50/p99 per round; ~${Math.round(median(runs.map((r) => r.events)))} events a round`,
    };
  } finally {
    await w.close();
  }
}

export async function benchCasino(): Promise<void> {
  console.log(
    `\nCasino: settlement of a big round, and round throughput (median of ${RUNS} runs; read models folding alongside)`,
  );
  printRows([await benchSettle(), await benchRounds()]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchCasino().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

/**
 * The international casino's seamless wallet under load: rounds of a DEBIT and its CREDIT, signed
 * and sent over HTTP by the game provider's own wallet client (services/game-provider), 32 rounds in
 * flight across the three demo players, on PGlite on disk and on PostgreSQL (fsync on) when a
 * throwaway cluster can start. Pairs/s and p50/p99 ms of every wallet call, medians of 3 runs; then
 * the same with 10% of calls retried with their txnId at once (a lost answer: the wallet journals a
 * repeat and gives the first answer).
 *
 *   npx tsx scripts/bench/wallet.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { DebitCredit } from '@exch/contracts';
import { WalletClient } from '@exch/game-provider';
import { startServer, type RunningServer } from '@exch/server';
import { median, percentile, prng } from '../../tests/engine/fixtures.js';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';
import { printRows, type BenchRow } from './rows.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const RUN_MS = 3_000;
const RUNS = 3;
const PLAYERS = ['player1', 'player2', 'player3'];
const silent = pino({ level: 'silent' });

interface Player {
  playerId: string;
  walletSessionId: string;
}

async function players(server: RunningServer): Promise<Player[]> {
  const out: Player[] = [];
  for (const username of PLAYERS) {
    const login = (await (
      await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Demo@123' }),
      })
    ).json()) as { token: string; user: { _id: string } };
    const lobby = (await (
      await fetch(`${server.url}/api/qt/game-lobby`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
        body: JSON.stringify({ playerId: login.user._id, currency: 'INR' }),
      })
    ).json()) as { data: { walletSessionId: string } };
    out.push({ playerId: login.user._id, walletSessionId: lobby.data.walletSessionId });
  }
  return out;
}

/** Rounds back to back on CONCURRENCY lanes for `ms`: ₹1 staked, ₹0-2 won, so balances stay put. */
async function run(client: WalletClient, who: Player[], ms: number, retryRate: number, seed: number) {
  const rng = prng(seed);
  const latencies: number[] = [];
  let pairs = 0;
  let retries = 0;
  const call = async (body: DebitCredit) => {
    const started = performance.now();
    await client.transaction(body);
    // A lost answer: the provider sends the same transaction again.
    if (rng.chance(retryRate)) {
      retries++;
      await client.transaction(body);
    }
    latencies.push(performance.now() - started);
  };
  const end = performance.now() + ms;
  const lane = async (lane: number) => {
    for (let i = 0; performance.now() < end; i++) {
      const p = who[(lane + i) % who.length]!;
      const roundId = `bench-${seed}-${lane}-${i}`;
      const base = { playerId: p.playerId, roundId, gameId: 'european-roulette', currency: 'INR' as const };
      await call({ ...base, txnType: 'DEBIT', txnId: `${roundId}-D`, amount: 100, walletSessionId: p.walletSessionId });
      await call({ ...base, txnType: 'CREDIT', txnId: `${roundId}-C`, amount: rng.int(0, 2) * 100 });
      pairs++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => lane(i)));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    pairsPerSec: pairs / (elapsed / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    retries,
    calls: latencies.length,
  };
}

async function walletOn(label: string, opts: { dataDir: string; databaseUrl?: string }): Promise<BenchRow[]> {
  const secret = randomBytes(32).toString('hex');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    seedDemo: true,
    webDist: null,
    feed: null,
    logger: silent,
    provider: {
      secret,
      embedded: { port: 0, dataDir: join(opts.dataDir || tmpdir(), `bench-provider-${process.pid}`) },
    },
  });
  try {
    const who = await players(server);
    const client = new WalletClient({
      operatorUrl: () => server.url,
      secret,
      timeoutMs: 30_000,
      attempts: 1,
      log: silent,
    });
    await run(client, who, 1_000, 0, 1);
    const rows: BenchRow[] = [];
    for (const [retryRate, what] of [
      [0, 'no retries'],
      [0.1, '10% retried'],
    ] as const) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await run(client, who, RUN_MS, retryRate, 100 * i + (retryRate > 0 ? 7 : 3)));
      const retried = runs.reduce((s, r) => s + r.retries, 0);
      const calls = runs.reduce((s, r) => s + r.calls, 0);
      rows.push({
        bench: 'seamless wallet: DEBIT + CREDIT pairs over HTTP',
        setup: `${label}, ${CONCURRENCY} rounds in flight, ${what}`,
        opsPerSec: median(runs.map((r) => r.pairsPerSec)),
        p50: `${median(runs.map((r) => r.p50)).toFixed(2)} ms`,
        p99: `${median(runs.map((r) => r.p99)).toFixed(2)} ms`,
        note:
          retryRate === 0
            ? 'ops/s = pairs; latency of one wallet call'
            : `${retried} of ${calls} calls sent twice; a retried call's latency counts both sends`,
      });
    }
    return rows;
  } finally {
    await server.close();
  }
}

export async function benchWallet(): Promise<void> {
  console.log(
    `\nInternational casino: the seamless wallet (signed HTTP, decided and journalled by the engine). Median of ${RUNS} runs of ${RUN_MS / 1000} s`,
  );
  const rows: BenchRow[] = [];
  const skipped: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-wallet-'));
  try {
    rows.push(...(await walletOn('PGlite (disk)', { dataDir: dir })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const skip = pgSkip();
  if (skip) skipped.push(`wallet on PostgreSQL: ${skip}`);
  else {
    const pg = await startPostgres();
    const providerDir = mkdtempSync(join(tmpdir(), 'exch-bench-wallet-pg-'));
    try {
      rows.push(
        ...(await walletOn('PostgreSQL (fsync on)', { dataDir: providerDir, databaseUrl: pg.connectionString })),
      );
    } finally {
      await pg.stop();
      rmSync(providerDir, { recursive: true, force: true });
    }
  }
  printRows(rows);
  for (const s of skipped) console.log(`skipped: ${s}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWallet().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

/**
 * End-to-end exchange benchmarks on a real server:
 *
 * 1. Durable bets through HTTP: POST /api/bets with 32 concurrent callers (three demo players,
 *    match odds that match the feed at once), on PGlite on disk and on PostgreSQL (fsync on) when a
 *    throwaway cluster can start. The answer comes after the commit and after the read models
 *    include the bet. Accepted bets/s and p50/p99 ms of every answer, medians of 3 runs.
 * 2. oddsUpdate delivery to 1,000 websocket clients in one match room: from the feed update to
 *    each client's receipt (clients in a worker thread, so they do not share the server's event
 *    loop). Includes the gateway's 100 ms coalescing window by design.
 *
 *   npx tsx scripts/bench/exchange-http.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pino from 'pino';
import type { CommandBus, ReadBarrier } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPGliteStore } from '@exch/eventstore';
import { createSimulator } from '@exch/feeds';
import { buildGateway } from '@exch/gateway';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { startServer, type RunningServer } from '@exch/server';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';
import { median, percentile } from '../../tests/engine/fixtures.js';
import type { BenchRow } from './betting.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const RUN_MS = 2_500;
const RUNS = 3;
const PLAYERS = ['player1', 'player2', 'player3'];
const silent = pino({ level: 'silent' });

interface Target {
  token: string;
  userId: string;
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

interface Runner {
  marketId: string;
  matchId: string;
  selectionId: number;
  name: string;
}

async function httpRun(server: RunningServer, players: Target[], runners: Runner[], ms: number) {
  const latencies: number[] = [];
  let accepted = 0;
  const failures = new Map<string, number>();
  let n = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline) {
        const i = ++n;
        const p = players[(worker + i) % players.length]!;
        // Round the runners: the simulator suspends one now and then, and a suspended runner refuses bets.
        const market = runners[Math.floor(i / 2) % runners.length]!;
        // Back at 1.01 / lay at 1000: taken at once at the feed's best price, and the two sides hedge.
        const back = i % 2 === 0;
        const body = {
          user_id: p.userId, event_id: market.matchId, event_name: 'bench', market_id: market.marketId, market_type: 'MATCH_ODDS',
          selection: market.selectionId, selection_name: market.name, odds: back ? 1.01 : 1000, odds_type: back ? 'back' : 'lay', stake: 100, bet_type: 'sports',
        };
        const t0 = performance.now();
        const r = await post(`${server.url}/api/bets`, body, p.token);
        latencies.push(performance.now() - t0);
        if (r.status === 200) accepted++;
        else {
          const key = `${r.status} ${typeof r.body === 'object' ? r.body.message : r.body}`.slice(0, 80);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { opsPerSec: accepted / (elapsed / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures, answered: latencies.length };
}

async function httpOn(label: string, opts: { dataDir: string; databaseUrl?: string }): Promise<BenchRow | string> {
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, seedDemo: true, webDist: null, feed: { seed: 7, tickMs: 1_000 }, logger: silent });
  try {
    const view = server.engine.view;
    const runners: Runner[] = Object.values(view.markets)
      .filter((k) => k.kind === 'match_odds' && !view.matches[k.matchId]?.inPlay)
      .flatMap((k) => k.runners.map((r) => ({ marketId: k.marketId, matchId: k.matchId, selectionId: r.selectionId, name: r.name })));
    if (runners.length === 0) return 'no match odds market before the off in the simulator';
    const players: Target[] = [];
    for (const username of PLAYERS) {
      const r = await post(`${server.url}/api/auth/login`, { username, password: 'Demo@123' });
      if (r.status !== 200) return `login ${username}: ${r.status}`;
      players.push({ token: r.body.token, userId: view.usernames[username]! });
    }
    const probe = await httpRun(server, players, runners, 300);
    if (probe.failures.size > 0 && [...probe.failures.keys()].some((k) => k.startsWith('404'))) return 'POST /api/bets is not there yet';
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await httpRun(server, players, runners, RUN_MS));
    const failures = new Map<string, number>();
    for (const r of runs) for (const [k, v] of r.failures) failures.set(k, (failures.get(k) ?? 0) + v);
    return {
      bench: 'POST /api/bets, HTTP end to end',
      setup: `${label}, ${CONCURRENCY} concurrent`,
      opsPerSec: median(runs.map((r) => r.opsPerSec)),
      p50: `${median(runs.map((r) => r.p50)).toFixed(2)} ms`,
      p99: `${median(runs.map((r) => r.p99)).toFixed(2)} ms`,
      note: `ops/s = 200 answers; ${failures.size === 0 ? 'all 200' : `refused: ${[...failures].map(([k, v]) => `${v} x ${k}`).join('; ')}`}`,
    };
  } finally {
    await server.close();
  }
}

export async function benchHttp(): Promise<{ rows: BenchRow[]; skipped: string[] }> {
  const rows: BenchRow[] = [];
  const skipped: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-http-'));
  try {
    const r = await httpOn('PGlite (disk)', { dataDir: dir });
    if (typeof r === 'string') skipped.push(`HTTP on PGlite: ${r}`);
    else rows.push(r);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const skip = pgSkip();
  if (skip) skipped.push(`HTTP on PostgreSQL: ${skip}`);
  else {
    const pg = await startPostgres();
    try {
      const r = await httpOn('PostgreSQL (fsync on)', { dataDir: '', databaseUrl: pg.connectionString });
      if (typeof r === 'string') skipped.push(`HTTP on PostgreSQL: ${r}`);
      else rows.push(r);
    } finally {
      await pg.stop();
    }
  }
  return { rows, skipped };
}

// ---- oddsUpdate fan-out. ----

const CLIENTS = 1_000;
const TICKS = 20;
const TICK_GAP_MS = 400;

/** The clients: connect, join the room, and report each oddsUpdate's arrival time (epoch ms, sub-ms). */
const CLIENTS_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const { url, room, count } = workerData;
const now = () => performance.timeOrigin + performance.now();
let joined = 0;
const sockets = [];
for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url);
  sockets.push(ws);
  ws.on('open', () => ws.send(JSON.stringify({ event: 'joinRoom', data: { matchId: room } })));
  ws.on('message', (raw) => {
    const at = now();
    const text = raw.toString();
    if (text.startsWith('{"event":"joined"')) { if (++joined === count) parentPort.postMessage({ ready: true }); return; }
    if (text.startsWith('{"event":"oddsUpdate"')) parentPort.postMessage({ at });
  });
  ws.on('error', (err) => parentPort.postMessage({ error: String(err) }));
}
parentPort.on('message', (m) => { if (m === 'close') { for (const ws of sockets) ws.terminate(); parentPort.close(); } });
`;

export async function benchOddsPush(): Promise<BenchRow | string> {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent });
  const runner = new ProjectionRunner(store, allProjections, silent);
  await runner.start();
  const commands: CommandBus = {
    async execute(envelope) {
      const r = await engine.execute(envelope);
      if (r.ok && r.positions.length > 0) await runner.waitFor(Math.max(...r.positions));
      return r;
    },
  };
  const reads: ReadBarrier = { partitionOf: () => 0, waitFor: (token) => runner.waitFor(token.get(0) ?? 0) };
  // The simulator, stepped by hand: each step is one feed tick whose send time is known.
  const feed = createSimulator({ seed: 7, tickMs: 3_600_000 });
  const gateway = await buildGateway({ feed, sql: store.sql, commands, reads, logger: silent, webDist: null });
  let worker: Worker | null = null;
  try {
    const { series, matches, markets } = feed.catalogue();
    await commands.execute({ commandId: 'bench-catalogue', correlationId: 'bench', actor: null, ip: null, device: null, at: new Date().toISOString(), command: { type: 'SyncCatalogue', catalogue: { series, matches, markets } } });
    // The room of the match with the most exchange runners.
    const count = new Map<string, number>();
    for (const m of markets) count.set(m.matchId, (count.get(m.matchId) ?? 0) + m.runners.length);
    const room = [...count].sort((a, b) => b[1] - a[1])[0]![0];
    const address = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    const w = new Worker(CLIENTS_SOURCE, { eval: true, workerData: { url: `${address.replace('http', 'ws')}/ws`, room, count: CLIENTS } });
    worker = w;
    const arrivals: number[] = [];
    let failure: string | null = null;
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error('clients did not join in 30 s')), 30_000);
      w.on('message', (m: { ready?: boolean; at?: number; error?: string }) => {
        if (m.ready) {
          clearTimeout(timer);
          ready();
        } else if (m.at !== undefined) arrivals.push(m.at);
        else if (m.error) failure ??= m.error;
      });
      w.on('error', fail);
    });
    const perTick: { p50: number; p99: number; max: number; received: number }[] = [];
    const now = () => performance.timeOrigin + performance.now();
    for (let i = 0; i < TICKS; i++) {
      arrivals.length = 0;
      const sent = now();
      const updates = feed.step();
      await new Promise((r) => setTimeout(r, TICK_GAP_MS));
      if (!updates.some((u) => u.type !== 'score' && markets.some((m) => m.marketId === u.marketId && m.matchId === room))) continue;
      // Each client gets one push per tick (coalesced); the first arrival per client is what counts.
      const lat = arrivals.map((a) => a - sent).sort((a, b) => a - b);
      if (lat.length === 0) continue;
      perTick.push({ p50: percentile(lat, 50), p99: percentile(lat, 99), max: lat[lat.length - 1]!, received: lat.length });
    }
    if (failure) return `a client failed: ${failure}`;
    if (perTick.length === 0) return 'no oddsUpdate reached the clients';
    return {
      bench: 'oddsUpdate feed -> websocket',
      setup: `${CLIENTS.toLocaleString('en-US')} clients in one match room, ${perTick.length} ticks`,
      opsPerSec: (median(perTick.map((t) => t.received)) * 1000) / TICK_GAP_MS,
      p50: `${median(perTick.map((t) => t.p50)).toFixed(1)} ms`,
      p99: `${median(perTick.map((t) => t.p99)).toFixed(1)} ms`,
      note: `incl. 100 ms coalescing; max ${median(perTick.map((t) => t.max)).toFixed(1)} ms; ${median(perTick.map((t) => t.received))} frames a tick`,
    };
  } finally {
    worker?.postMessage('close');
    await worker?.terminate();
    await gateway.app.close();
    await runner.stop();
    await engine.stop();
    await store.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { printRows } = await import('./betting.js');
  const rows: BenchRow[] = [];
  const http = await benchHttp();
  rows.push(...http.rows);
  const odds = await benchOddsPush();
  if (typeof odds === 'string') http.skipped.push(`oddsUpdate: ${odds}`);
  else rows.push(odds);
  printRows(rows);
  for (const s of http.skipped) console.log(`skipped: ${s}`);
}

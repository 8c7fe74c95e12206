/**
 * End-to-end exchange benchmarks on a real server, the load from another process
 * (scripts/bench/load-client.mjs) so it never shares the server's event loop:
 *
 * 1. POST /api/bets, on PGlite on disk and on PostgreSQL (fsync on) when a throwaway cluster can
 *    start: three demo players, match odds that match the feed at once (the feed's suspensions off,
 *    so every bet is a real one). Closed loop: 64 callers, each sending its next bet when the last
 *    was answered, the most the server takes (accepted bets/s). Open loop: bets at a fixed rate,
 *    half the closed loop's, latency from each bet's planned send time (p50/p99). Medians of 3 runs;
 *    the 1-minute load average at the end is in the note.
 *    With BENCH_HISTORY set to a data folder written by `npm run history`, the same runs also on a
 *    copy of it, to compare the bet path on a long history with an empty log. Each row notes the
 *    server's event-loop delay over its runs (monitorEventLoopDelay, in the server's process),
 *    each stall over 50 ms split into the thread's CPU time, its wait for a CPU and time blocked
 *    (scripts/bench/stall-probe.ts) and, on PGlite, the longest single call into it
 *    (scripts/bench/pglite-probe.ts).
 * 2. oddsUpdate delivery to 10,000 websocket clients in one match room: from the feed update to
 *    each client's receipt (clients in two other processes). Includes the gateway's 100 ms
 *    coalescing window by design.
 *
 *   npx tsx scripts/bench/exchange-http.ts
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { CommandBus, ReadBarrier } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPGliteStore } from '@exch/eventstore';
import { createSimulator } from '@exch/feeds';
import { buildGateway } from '@exch/gateway';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { startServer } from '@exch/server';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';
import { median, percentile } from '../../tests/engine/fixtures.js';
import { probePGlite } from './pglite-probe.js';
import { printRows, type BenchRow } from './rows.js';
import { probeStalls } from './stall-probe.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RUN_MS = 3_000;
const RUNS = 3;
const PLAYERS = ['player1', 'player2', 'player3'];
const silent = pino({ level: 'silent' });
const LOAD_CLIENT = fileURLToPath(new URL('./load-client.mjs', import.meta.url));

export const loadNote = (): string => `load ${loadavg()[0]!.toFixed(2)}`;

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

interface LoadResult {
  accepted: number;
  answered: number;
  refused: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
}

interface Load {
  url: string;
  players: { token: string; userId: string }[];
  runners: { marketId: string; matchId: string; selectionId: number; name: string }[];
}

/** One run of the load process: closed loop at a concurrency, or open loop at a rate. */
function runLoad(
  load: Load,
  mode: { mode: 'closed'; concurrency: number } | { mode: 'open'; rate: number },
  ms: number,
): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const child = fork(LOAD_CLIENT, [JSON.stringify({ ...load, ...mode, ms })], { execArgv: [] });
    child.once('message', (m) => done(m as LoadResult));
    child.once('error', fail);
    child.once('exit', (code) => code !== 0 && fail(new Error(`the load process exited with ${code}`)));
  });
}

const refusals = (runs: LoadResult[]): string => {
  const all = new Map<string, number>();
  for (const r of runs) for (const [k, v] of Object.entries(r.refused)) all.set(k, (all.get(k) ?? 0) + v);
  return all.size === 0 ? 'all accepted' : `refused: ${[...all].map(([k, v]) => `${v} x ${k}`).join('; ')}`;
};

async function httpOn(label: string, opts: { dataDir: string; databaseUrl?: string }): Promise<BenchRow[] | string> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    seedDemo: true,
    webDist: null,
    feed: { seed: 7, tickMs: 1_000, suspensions: false },
    logger: silent,
    // Three players carry the whole load, far past what a person sends: the bench measures the server, not the limit.
    rateLimits: { bets: { burst: 1_000_000, perSecond: 1_000_000 } },
  });
  try {
    const view = server.engine.view;
    const runners = [...view.markets.values()]
      .filter((k) => k.kind === 'match_odds' && k.status === 'ACTIVE' && !view.matches[k.matchId]?.inPlay)
      .flatMap((k) =>
        k.runners.map((r) => ({ marketId: k.marketId, matchId: k.matchId, selectionId: r.selectionId, name: r.name })),
      );
    if (runners.length === 0) return 'no match odds market before the off in the simulator';
    const players: Load['players'] = [];
    for (const username of PLAYERS) {
      const r = await post(`${server.url}/api/auth/login`, { username, password: 'Demo@123' });
      if (r.status !== 200) return `login ${username}: ${r.status}`;
      players.push({ token: r.body.token, userId: view.usernames[username]! });
    }
    const load: Load = { url: server.url, players, runners };
    await runLoad(load, { mode: 'closed', concurrency: CONCURRENCY }, 1_000); // warm-up
    const delay = monitorEventLoopDelay({ resolution: 5 });
    // On PGlite its statements run on the server's thread: the longest one, apart from the rest of a turn.
    const pglite = opts.databaseUrl ? null : probePGlite();
    const stalls = probeStalls(50);
    const loopNote = () => {
      const statement = pglite ? `, longest PGlite call ${pglite.longest().toFixed(0)} ms (${pglite.what()})` : '';
      const where = stalls.describe();
      const note = `event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms${statement}${where ? `; ${where}` : ''}`;
      delay.reset();
      pglite?.reset();
      stalls.reset();
      return note;
    };
    delay.enable();
    pglite?.reset();
    stalls.reset();
    const closed: LoadResult[] = [];
    for (let i = 0; i < RUNS; i++)
      closed.push(await runLoad(load, { mode: 'closed', concurrency: CONCURRENCY }, RUN_MS));
    const most = median(closed.map((r) => r.accepted / r.seconds));
    const closedNote = `${loopNote()}; ${loadNote()}`;
    const rate = Math.max(1, Math.round(most / 2));
    const open: LoadResult[] = [];
    for (let i = 0; i < RUNS; i++) open.push(await runLoad(load, { mode: 'open', rate }, RUN_MS));
    const openNote = `${loopNote()}; ${loadNote()}`;
    delay.disable();
    pglite?.stop();
    stalls.stop();
    return [
      {
        bench: 'POST /api/bets, HTTP end to end',
        setup: `${label}, closed loop, ${CONCURRENCY} callers`,
        opsPerSec: most,
        p50: `${median(closed.map((r) => r.p50)).toFixed(2)} ms`,
        p99: `${median(closed.map((r) => r.p99)).toFixed(2)} ms`,
        note: `accepted bets/s; ${refusals(closed)}; ${closedNote}`,
      },
      {
        bench: 'POST /api/bets, HTTP end to end',
        setup: `${label}, open loop at ${rate.toLocaleString('en-US')}/s`,
        opsPerSec: median(open.map((r) => r.accepted / r.seconds)),
        p50: `${median(open.map((r) => r.p50)).toFixed(2)} ms`,
        p99: `${median(open.map((r) => r.p99)).toFixed(2)} ms`,
        note: `half the closed loop's rate, latency from the planned send; max ${median(open.map((r) => r.max)).toFixed(0)} ms; ${refusals(open)}; ${openNote}`,
      },
    ];
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
    else rows.push(...r);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const history = process.env.BENCH_HISTORY;
  if (history) {
    // A copy: the server writes to the folder, and the history stays as generated for the next run.
    const copy = mkdtempSync(join(tmpdir(), 'exch-bench-history-'));
    try {
      execFileSync('cp', ['-a', `${resolve(history)}/.`, copy]);
      const r = await httpOn(`PGlite (disk), the history in ${history}`, { dataDir: copy });
      if (typeof r === 'string') skipped.push(`HTTP on the history: ${r}`);
      else rows.push(...r);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  const skip = pgSkip();
  if (skip) skipped.push(`HTTP on PostgreSQL: ${skip}`);
  else {
    const pg = await startPostgres();
    try {
      const r = await httpOn('PostgreSQL (fsync on)', { dataDir: '', databaseUrl: pg.connectionString });
      if (typeof r === 'string') skipped.push(`HTTP on PostgreSQL: ${r}`);
      else rows.push(...r);
    } finally {
      await pg.stop();
    }
  }
  return { rows, skipped };
}

// ---- oddsUpdate fan-out. ----

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 10_000);
/** Client processes: each holds its share of the sockets (a process has 20,000 file descriptors here). */
const CLIENT_PROCESSES = 2;
const TICKS = 20;
const TICK_GAP_MS = 500;
const WS_CLIENTS = fileURLToPath(new URL('./ws-clients.mjs', import.meta.url));

type ClientReply = { ready?: boolean; arrivals?: number[]; error?: string };

export async function benchOddsPush(): Promise<BenchRow | string> {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent });
  const runner = new ProjectionRunner(store, allProjections, silent);
  await runner.start();
  const commands: CommandBus = engine;
  const reads: ReadBarrier = { partitionOf: () => 0, waitFor: (token) => runner.waitFor(token.get(0) ?? 0) };
  // The simulator, stepped by hand: each step is one feed tick whose send time is known.
  const feed = createSimulator({ seed: 7, tickMs: 3_600_000 });
  const gateway = await buildGateway({
    feed,
    sql: store.sql,
    commands,
    reads,
    logger: silent,
    webDist: null,
    // Every client comes from this machine's one address, far past what one address holds in use.
    rateLimits: { wsConnectionsPerAddress: 1_000_000, wsAddressMessagesPerSecond: 1_000_000 },
  });
  const children: ReturnType<typeof fork>[] = [];
  try {
    const { series, matches, markets } = feed.catalogue();
    await commands.execute({
      commandId: 'bench-catalogue',
      correlationId: 'bench',
      actor: null,
      ip: null,
      device: null,
      at: new Date().toISOString(),
      command: { type: 'SyncCatalogue', catalogue: { series, matches, markets } },
    });
    await runner.waitFor(engine.headPosition);
    // The room of the match with the most exchange runners.
    const count = new Map<string, number>();
    for (const m of markets) count.set(m.matchId, (count.get(m.matchId) ?? 0) + m.runners.length);
    const room = [...count].sort((a, b) => b[1] - a[1])[0]![0];
    const address = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    let failure: string | null = null;
    const ready = Array.from({ length: CLIENT_PROCESSES }, (_, i) => {
      const share = Math.floor(CLIENTS / CLIENT_PROCESSES) + (i < CLIENTS % CLIENT_PROCESSES ? 1 : 0);
      const child = fork(
        WS_CLIENTS,
        [JSON.stringify({ url: `${address.replace('http', 'ws')}/ws`, room, count: share })],
        { execArgv: [] },
      );
      children.push(child);
      child.on('message', (m: ClientReply) => void (m.error && (failure ??= m.error)));
      return new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('clients did not join in 120 s')), 120_000);
        child.on('message', (m: ClientReply) => m.ready && (clearTimeout(timer), done()));
      });
    });
    await Promise.all(ready);
    const report = () =>
      Promise.all(
        children.map(
          (c) =>
            new Promise<number[]>((done) => {
              const listener = (m: ClientReply) => m.arrivals && (c.off('message', listener), done(m.arrivals));
              c.on('message', listener);
              c.send('report');
            }),
        ),
      );
    const perTick: { p50: number; p99: number; max: number; received: number }[] = [];
    const now = () => performance.timeOrigin + performance.now();
    for (let i = 0; i < TICKS; i++) {
      for (const c of children) c.send('tick');
      await new Promise((r) => setTimeout(r, 20));
      const sent = now();
      const updates = feed.step();
      await new Promise((r) => setTimeout(r, TICK_GAP_MS));
      const arrivals = (await report()).flat();
      if (
        !updates.some((u) => u.type !== 'score' && markets.some((m) => m.marketId === u.marketId && m.matchId === room))
      )
        continue;
      // Each client gets one push per tick (coalesced).
      const lat = arrivals.map((a) => a - sent).sort((a, b) => a - b);
      if (lat.length === 0) continue;
      perTick.push({
        p50: percentile(lat, 50),
        p99: percentile(lat, 99),
        max: lat[lat.length - 1]!,
        received: lat.length,
      });
    }
    if (failure) return `a client failed: ${failure}`;
    if (perTick.length === 0) return 'no oddsUpdate reached the clients';
    return {
      bench: 'oddsUpdate feed -> websocket',
      setup: `${CLIENTS.toLocaleString('en-US')} clients in one match room (${CLIENT_PROCESSES} other processes), ${perTick.length} ticks`,
      opsPerSec: (median(perTick.map((t) => t.received)) * 1000) / TICK_GAP_MS,
      p50: `${median(perTick.map((t) => t.p50)).toFixed(1)} ms`,
      p99: `${median(perTick.map((t) => t.p99)).toFixed(1)} ms`,
      note: `incl. 100 ms coalescing; max ${median(perTick.map((t) => t.max)).toFixed(1)} ms; ${median(perTick.map((t) => t.received))} frames a tick; ${loadNote()}`,
    };
  } finally {
    for (const c of children) c.send('close');
    await gateway.app.close();
    await runner.stop();
    await engine.stop();
    await store.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows: BenchRow[] = [];
  const http = await benchHttp();
  rows.push(...http.rows);
  const odds = await benchOddsPush();
  if (typeof odds === 'string') http.skipped.push(`oddsUpdate: ${odds}`);
  else rows.push(odds);
  printRows(rows);
  for (const s of http.skipped) console.log(`skipped: ${s}`);
}

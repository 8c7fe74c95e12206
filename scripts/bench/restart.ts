/**
 * The embedded product's restart on a folder it has run on before (issue 21's target: serving
 * /health and taking bets within 5 s): `npm start`'s own script in a child process on DATA_DIR, timed
 * from the spawn to the first 200 of /health and to the first bet a demo player has accepted (at
 * the simulator's first prices), then stopped with SIGTERM as an operator would. The TypeScript
 * loader's start is part of it, as it is of `npm start`.
 *
 *     DATA_DIR=<a folder written by npm run history> npx tsx scripts/bench/restart.ts [runs]
 *
 * The folder is changed by the runs (each leaves its bets and a snapshot), so use a copy.
 * `npm run bench` runs it on a small history it writes first (20,000 bets).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ActiveSport, MatchDetail } from '@exch/contracts';
import { DEMO_PASSWORD } from '@exch/server';
import { freePort } from '../../infra/postgres/cluster.js';
import { median } from '../../tests/engine/fixtures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PLAYER = 'player1';
const GIVE_UP_MS = 120_000;

async function json<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const r = await fetch(url, init);
  return { status: r.status, body: (await r.json().catch(() => null)) as T };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retries `attempt` every 20 ms until it answers something, or fails after GIVE_UP_MS. */
async function until<T>(what: string, started: number, attempt: () => Promise<T | null>): Promise<T> {
  for (;;) {
    const got = await attempt().catch(() => null);
    if (got !== null) return got;
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`no ${what} within ${GIVE_UP_MS / 1000} s`);
    await sleep(20);
  }
}

/** A back bet at the best back price of a match-odds runner before the off, as a player sends it from the page. */
async function placeOne(url: string, token: string, userId: string): Promise<boolean> {
  const auth = { authorization: `Bearer ${token}` };
  const active = await json<{ data: ActiveSport[] }>(`${url}/api/sports/active`, { headers: auth });
  const match = active.body?.data
    .flatMap((s) => s.matches)
    .find((m) => !m.inPlay && m.runners.some((r) => r.status === 'ACTIVE' && r.back !== null));
  if (!match) return false;
  const detail = await json<MatchDetail>(`${url}/api/matches/${match.matchId}`, { headers: auth });
  const market = detail.body?.markets.find((m) => m.kind === 'match_odds');
  const runner = match.runners.find((r) => r.status === 'ACTIVE' && r.back !== null);
  if (!market || !runner) return false;
  const bet = await json<unknown>(`${url}/api/bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({
      user_id: userId,
      event_id: match.matchId,
      event_name: match.name,
      market_id: market.marketId,
      market_type: 'MATCH_ODDS',
      selection: runner.selectionId,
      selection_name: runner.name,
      odds: runner.back,
      odds_type: 'back',
      stake: 100,
      bet_type: 'sports',
    }),
  });
  return bet.status === 200;
}

async function restartOnce(dataDir: string): Promise<{ health: number; bet: number; load: string }> {
  const port = await freePort();
  const providerPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PROVIDER_PORT: String(providerPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const health = await until('/health', started, async () =>
      (await fetch(`${url}/health`)).status === 200 ? performance.now() - started : null,
    );
    const login = await until('login', started, async () => {
      const r = await json<{ token?: string; user?: { _id: string } }>(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: PLAYER, password: DEMO_PASSWORD }),
      });
      return r.body?.token && r.body.user ? { token: r.body.token, userId: r.body.user._id } : null;
    });
    const bet = await until('accepted bet', started, async () =>
      (await placeOne(url, login.token, login.userId)) ? performance.now() - started : null,
    );
    return { health, bet, load: loadavg()[0]!.toFixed(2) };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

export async function benchRestart(dataDir: string, runs: number): Promise<void> {
  const results = [];
  for (let i = 1; i <= runs; i++) {
    const r = await restartOnce(dataDir);
    results.push(r);
    process.stdout.write(
      `run ${i}: /health ${(r.health / 1000).toFixed(2)} s, first bet accepted ${(r.bet / 1000).toFixed(2)} s (load ${r.load})\n`,
    );
  }
  process.stdout.write(
    `median of ${runs}: /health ${(median(results.map((r) => r.health)) / 1000).toFixed(2)} s, ` +
      `first bet accepted ${(median(results.map((r) => r.bet)) / 1000).toFixed(2)} s (target 5 s)\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR: the folder to restart on (a copy of one npm run history wrote)');
  await benchRestart(dataDir, Number(process.argv[2] ?? 3));
}

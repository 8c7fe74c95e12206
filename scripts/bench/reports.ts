/**
 * The read side at a history's scale (issue 21, item 7): each statement, bet history, report and
 * list the screens page through, timed over HTTP on a real server (no feed, casino dealer or game
 * provider, so nothing else writes), p50 and p95 of RUNS calls with the filters the screens send.
 *
 *   DATA_DIR=/path/to/a/history npx tsx scripts/bench/reports.ts
 *
 * DATA_DIR: a PGlite folder holding a history (`npm run history`); the server writes to it (its read
 * models fold, its engine snapshots), so give it a copy. Without it a small history is generated in
 * a temporary folder first (what `npm run bench` does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { SqlClient } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { betCount, busiestTable, userIdOf } from '@exch/projector/read';
import { startServer } from '@exch/server';
import { percentile } from '../../tests/engine/fixtures.js';
import { generateHistory } from '../history/generate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Only the queries whose name holds this text (BENCH_ONLY=tape), to time one change. */
const ONLY = process.env.BENCH_ONLY ?? '';
/** The history `npm run bench` makes when given none: small, so the whole bench stays short. */
const SMALL = { bets: 5_000, days: 60, players: 50 };
const DAY_MS = 86_400_000;

export interface ReportRow {
  query: string;
  rows: number;
  p50: number;
  p95: number;
}

type Caller = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => Promise<unknown>;

function caller(base: string): Caller {
  return async (method, path, token, body) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await r.json()) as unknown;
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
}

async function login(base: string, username: string, admin: boolean): Promise<string> {
  const r = await fetch(`${base}${admin ? '/api/login-admin' : '/api/auth/login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo@123' }),
  });
  const body = (await r.json()) as { token?: string };
  if (!body.token) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Rows in an answer, whatever list it carries (`data`, `users`, `data.data.res`...): the first array found. */
function rowsOf(answer: unknown, depth = 3): number {
  if (Array.isArray(answer)) return answer.length;
  if (depth === 0 || answer === null || typeof answer !== 'object') return -1;
  for (const v of Object.values(answer)) {
    const n = rowsOf(v, depth - 1);
    if (n >= 0) return n;
  }
  return -1;
}

const day = (msAgo: number): string => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

/** Times each query on a running server whose log holds a history (the demo logins included). */
export async function timeReports(base: string, sql: SqlClient, onRow: (row: ReportRow) => void): Promise<void> {
  const call = caller(base);
  const admin = await login(base, 'admin', true);
  const dealer = await login(base, 'dealer1', true);
  const player = await login(base, 'player1', false);
  const player1 = (await userIdOf(sql, 'player1'))!;
  const table = (await busiestTable(sql)) ?? 'teen20';
  const week = { from: day(7 * DAY_MS), to: day(0) };
  const month = { from: day(30 * DAY_MS), to: day(0) };
  // Empty values left out (the first page has no cursor).
  const qs = (q: Record<string, string | number>) =>
    `?${new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === '' ? [] : [[k, String(v)]])))}`;
  const lastDay = new Date(Date.now() - DAY_MS).toISOString();
  const tapeMonth = { from: `${month.from}T00:00:00Z`, limit: 50 };
  let page50: string | undefined;

  const queries: [string, () => Promise<unknown>][] = [
    ['statement: player, newest page', () => call('GET', `/api/transactions/statement${qs({ limit: 25 })}`, player)],
    [
      'statement: admin views a player, 30 days',
      () => call('GET', `/api/transactions/statement${qs({ userId: player1, ...month, limit: 25 })}`, admin),
    ],
    [
      'statement: player, page 20',
      () => call('GET', `/api/transactions/statement${qs({ page: 20, limit: 25 })}`, player),
    ],
    [
      'bet history: player, settled, 30 days',
      () => call('GET', `/api/bets/mine${qs({ status: 'settled', ...month, limit: 25 })}`, player),
    ],
    [
      'bet history: admin downline, settled, 7 days',
      () =>
        call('POST', '/api/alluserbetList?page=1', admin, {
          status: 'settled',
          start_date: week.from,
          end_date: week.to,
          limit: 25,
        }),
    ],
    [
      'bet history: admin downline, all, page 100',
      () => call('POST', '/api/alluserbetList?page=100', admin, { status: 'all', limit: 25 }),
    ],
    [
      'profit-loss: player, settled markets, 30 days',
      () => call('GET', `/api/profit-loss/mine${qs({ ...month, limit: 25 })}`, player),
    ],
    [
      'profit-loss: admin downline, 7 days',
      () => call('GET', `/api/bet/downline/profit-loss${qs({ ...week, limit: 25 })}`, admin),
    ],
    [
      'profit-loss: admin downline, 30 days',
      () => call('GET', `/api/bet/downline/profit-loss${qs({ ...month, limit: 25 })}`, admin),
    ],
    [
      'profit-loss daily: admin downline, 30 days',
      () => call('GET', `/api/report/profit-loss/daily${qs(month)}`, admin),
    ],
    [
      'general report: admin downline, sports, 7 days',
      () => call('GET', `/api/report/casino${qs({ bet_type: 'sports', ...week, limit: 25 })}`, admin),
    ],
    [
      'general report: admin downline, casino, 30 days',
      () => call('GET', `/api/report/casino${qs({ bet_type: 'casino', ...month, limit: 25 })}`, admin),
    ],
    [
      'partnership statement: admin, 30 days',
      () => call('GET', `/api/report/partnership${qs({ ...month, limit: 25 })}`, admin),
    ],
    [
      'partnership statement: dealer1, 30 days',
      () => call('GET', `/api/report/partnership${qs({ ...month, limit: 25 })}`, dealer),
    ],
    [
      `casino results: table ${table}, newest page`,
      () => call('GET', `/api/casino/results/${table}${qs({ limit: 25 })}`, player),
    ],
    ['casino bets: player, 30 days', () => call('GET', `/api/casino/bets/mine${qs({ ...month, limit: 25 })}`, player)],
    ['casino game report: admin, 30 days', () => call('GET', `/api/admin/casino/game-reports${qs(month)}`, admin)],
    [
      'payment requests: admin, deposits, all',
      () => call('GET', `/api/admin/payment-requests${qs({ type: 'deposit', limit: 25 })}`, admin),
    ],
    [
      'payment history: admin views a player',
      () => call('GET', `/api/transactions/deposit-history/${player1}${qs({ limit: 25 })}`, admin),
    ],
    [
      'bet tape history: admin, last day',
      () => call('GET', `/api/admin/bet-tape${qs({ from: lastDay, limit: 50 })}`, admin),
    ],
    [
      'bet tape history: admin, 30 days, page 50',
      async () => {
        // Page 50 by its cursor, found once by following `next` (the warm-up call, not timed).
        if (page50 === undefined) {
          page50 = '';
          for (let page = 1; page < 50; page++) {
            const { next } = (await call(
              'GET',
              `/api/admin/bet-tape${qs({ ...tapeMonth, after: page50 })}`,
              admin,
            )) as {
              next: string;
            };
            page50 = next;
          }
        }
        return call('GET', `/api/admin/bet-tape${qs({ ...tapeMonth, after: page50 })}`, admin);
      },
    ],
  ];

  for (const [query, run] of queries.filter(([name]) => name.includes(ONLY))) {
    let rows = rowsOf(await run());
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      rows = rowsOf(await run());
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    onRow({ query, rows, p50: percentile(ms, 50), p95: percentile(ms, 95) });
  }
}

/** Each row as it is measured: the slow ones take a while on a big history. */
const WIDTH = 48;
const ms = (n: number) => n.toFixed(1).padStart(8);
const printHeader = () => console.log(`${'query'.padEnd(WIDTH)}  rows  p50 (ms)  p95 (ms)`);
const printRow = (r: ReportRow) =>
  console.log(`${r.query.padEnd(WIDTH)}  ${String(r.rows).padStart(4)}  ${ms(r.p50)}  ${ms(r.p95)}`);

/** `npm run bench`'s part: on DATA_DIR's history, or on a small one generated for the run. */
export async function benchReports(): Promise<void> {
  const given = process.env.DATA_DIR;
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'exch-bench-reports-'));
  try {
    if (!given) {
      const store = await openPGliteStore({ dataDir });
      const { engine } = await generateHistory({ store, ...SMALL });
      await engine.stop();
      await store.close();
    }
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      seedDemo: false,
      webDist: null,
      feed: null,
      provider: null,
      casino: null,
      logger: pino({ level: 'silent' }),
    });
    try {
      const n = await betCount(server.store.sql);
      console.log(
        `\nReports and lists over HTTP on ${Number(n).toLocaleString('en-US')} exchange bets (${given ? dataDir : `a generated history: ${SMALL.bets.toLocaleString('en-US')} bets over ${SMALL.days} days`}), p50/p95 of ${RUNS} calls, load ${loadavg()[0]!.toFixed(2)} at the start`,
      );
      printHeader();
      await timeReports(server.url, server.store.sql, printRow);
    } finally {
      await server.close();
    }
  } finally {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReports();

/**
 * An engine failover on PostgreSQL after a long history (issue 21's target: taking bets again
 * within 5 s). Writes `--bets` of history through the real engine (scripts/history/generate.ts) into
 * a throwaway PostgreSQL; that engine leads. Then, `--runs` times: a second engine starts as a warm
 * standby (it loads the snapshot and follows the log while it waits for the lock), the leader writes
 * a little more, its lock connection is terminated (what the database sees when its process is
 * killed), and the time is taken from then to the standby leading and to its first command
 * answered. For comparison, the same on a cold start: an engine started only once the lock is free
 * (what a restart costs: snapshot and tail).
 *
 *     npx tsx scripts/bench/failover.ts --bets 1000000 --days 600 [--runs 3]
 *
 * `npm run bench` runs it on a small history (20,000 bets).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Command, EventStore } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPostgresStore } from '@exch/eventstore';
import { envelope, median } from '../../tests/engine/fixtures.js';
import { pgSkip, startPostgres } from '../../tests/helpers/postgres.js';
import { generateHistory } from '../history/generate.js';

const say = (line: string): void => void process.stdout.write(`${line}\n`);
const silent = { info() {}, warn() {}, error() {} };
const ms = (n: number) => `${Math.round(n)} ms`;
const load = () => loadavg()[0]!.toFixed(2);

export async function benchFailover(bets: number, days: number, runs: number): Promise<void> {
  say(
    `\nEngine failover on PostgreSQL after ${bets.toLocaleString('en-US')} bets over ${days} days (docs/performance.md)`,
  );
  const skip = pgSkip();
  if (skip) return say(`skipped: ${skip}`);
  const server = await startPostgres();
  const stores: EventStore[] = [];
  const open = async () => {
    const store = await openPostgresStore({ connectionString: server.connectionString });
    stores.push(store);
    return store;
  };
  try {
    const started = performance.now();
    let { engine: leader, ...done } = await generateHistory({
      store: await open(),
      bets,
      days,
      players: 200,
    });
    say(
      `history on PostgreSQL: ${done.bets.toLocaleString('en-US')} bets, ${done.head.toLocaleString('en-US')} events ` +
        `in ${((performance.now() - started) / 1000).toFixed(0)} s (load ${load()})`,
    );
    const admin = leader.view.usernames.admin!;
    const mint = (): Command => ({ type: 'MintChips', userId: admin, amount: 1 });

    /** Ends the leader's lock session, as the database sees a killed process. */
    const killLeader = async () => {
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      await client.query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`,
      );
      await client.end();
    };
    /** From the kill to the engine leading, and to its first command answered. */
    const takeOver = async (starting: () => Promise<Engine>) => {
      const t0 = performance.now();
      await killLeader();
      const engine = await starting();
      const leading = performance.now() - t0;
      const r = await engine.execute(envelope(mint(), null));
      if (!r.ok) throw new Error(r.refusal.message);
      return { engine, leading, first: performance.now() - t0 };
    };

    const warm: { leading: number; first: number }[] = [];
    const cold: { leading: number; first: number }[] = [];
    for (let run = 1; run <= runs; run++) {
      const standbyStore = await open();
      const standby = Engine.start({ store: standbyStore, log: silent, housekeepEveryMs: 0 });
      // The standby loads while the leader goes on; then a few more commands it follows.
      await new Promise((r) => setTimeout(r, 10_000));
      for (let i = 0; i < 50; i++) await leader.execute(envelope(mint(), null));
      const w = await takeOver(() => standby);
      warm.push(w);
      say(`warm standby, run ${run}: leading ${ms(w.leading)}, first command ${ms(w.first)} (load ${load()})`);
      leader = w.engine;

      for (let i = 0; i < 50; i++) await leader.execute(envelope(mint(), null));
      const coldStore = await open();
      const c = await takeOver(() => Engine.start({ store: coldStore, log: silent, housekeepEveryMs: 0 }));
      cold.push(c);
      say(`cold start, run ${run}: leading ${ms(c.leading)}, first command ${ms(c.first)} (load ${load()})`);
      leader = c.engine;
    }
    say(
      `median: warm standby leading ${ms(median(warm.map((w) => w.leading)))}, first command ${ms(median(warm.map((w) => w.first)))}; ` +
        `cold start leading ${ms(median(cold.map((c) => c.leading)))}, first command ${ms(median(cold.map((c) => c.first)))} (target 5 s)`,
    );
    await leader.stop();
  } finally {
    for (const store of stores) await store.close().catch(() => {});
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      bets: { type: 'string', default: '100000' },
      days: { type: 'string', default: '60' },
      runs: { type: 'string', default: '3' },
    },
  });
  await benchFailover(Number(values.bets), Number(values.days), Number(values.runs));
}

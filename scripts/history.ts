/**
 * `npm run history -- --bets N [--days D] [--players P]`: writes a realistic history through the
 * real engine (scripts/history/generate.ts) into DATA_DIR (PGlite, default ./data-history) or
 * DATABASE_URL, then prints what it cost: bets/s, events, folder size, the engine's live heap and
 * snapshot, the time to start the engine again, and the time the read models take to catch up.
 * `npm start` with the same DATA_DIR (or DATABASE_URL) then shows it, the demo logins included.
 * With `--again` it writes nothing: it starts the engine on the history already there, stops it
 * (which saves a snapshot as today's code writes one) and prints the same figures.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EventStore } from '@exch/contracts';
import { Engine, SNAPSHOT_NAME } from '@exch/engine';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { generateHistory } from './history/generate.js';
import { stateReport } from './history/state-report.js';

const { values } = parseArgs({
  options: {
    bets: { type: 'string', default: '100000' },
    days: { type: 'string', default: '30' },
    players: { type: 'string', default: '200' },
    again: { type: 'boolean', default: false },
  },
});
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(root, process.env.DATA_DIR ?? 'data-history');
const open = (): Promise<EventStore> =>
  databaseUrl ? openPostgresStore({ connectionString: databaseUrl }) : openPGliteStore({ dataDir });
// A full collection before each heap figure, so it is what is live, not garbage the generator left.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const silent = { info() {}, warn() {}, error() {} };
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => Math.round(n).toLocaleString('en-US');

const bets = Number(values.bets);
const where = databaseUrl ? 'DATABASE_URL' : dataDir;
say(
  values.again ? `history already in ${where}:` : `history: ${count(bets)} bets over ${values.days} days into ${where}`,
);
let store = await open();
const started = performance.now();
let lastPrint = started;
const generated = values.again
  ? null
  : await generateHistory({
      store,
      bets,
      days: Number(values.days),
      players: Number(values.players),
      onProgress: (p) => {
        const t = performance.now();
        if (t - lastPrint < 10_000) return;
        lastPrint = t;
        say(
          `  ${count(p.bets)} bets (${count(p.bets / ((t - started) / 1000))}/s), ${p.matches} matches, ` +
            `${count(p.head)} events, clock ${p.at.slice(0, 16)}, load ${load()}`,
        );
      },
    });
const engine = generated?.engine ?? (await Engine.start({ store, log: silent, housekeepEveryMs: 0 }));
// The snapshot as this code writes it (the parts an older one wrote are rewritten where their form changed).
if (!generated) await engine.saveSnapshot();
const generatedMs = performance.now() - started;
const snapshotBytes = JSON.stringify({ state: engine.view }).length;
const parts = stateReport(engine.view, new Date());
const heap = liveHeap();
await engine.stop();
// The snapshot by kind of part: the core's chunks (core@, written by every snapshot), the account
// tables' and open bets' slices (table:, open:, written again when they changed) and the parts
// written once each (market:, summaries#, commands#, provider-previous#).
const { rows: kinds } = await store.sql.query<{ kind: string; parts: number; bytes: number | string }>(
  `select regexp_replace(key, '[:#@].*$', '') as kind, count(*)::int as parts, sum(length(body))::bigint as bytes
     from snapshot_parts where name = $1 group by 1 order by 1`,
  [SNAPSHOT_NAME],
);
await store.close();

if (generated) {
  say(`generated in ${seconds(generatedMs)} (load ${load()}):`);
  say(
    `  ${count(generated.bets)} bets (${count(generated.bets / (generatedMs / 1000))}/s), ${count(generated.refused)} refused`,
  );
  say(`  ${count(generated.head)} events, ${generated.matches} matches`);
} else say(`engine started in ${seconds(generatedMs)} (load ${load()}):`);
say(
  `  process heap live after a full GC ${(heap / 1e6).toFixed(0)} MB (the generator's too); ` +
    `the whole state ${(snapshotBytes / 1e6).toFixed(1)} MB of JSON`,
);
const mb = (bytes: number | string) => `${(Number(bytes) / 1e6).toFixed(2)} MB`;
const total = kinds.reduce((sum, k) => sum + Number(k.bytes), 0);
say(
  `  snapshot saved: ${mb(total)}; ${kinds.map((k) => `${k.kind} ${mb(k.bytes)} (${count(k.parts)})`).join(', ')} ` +
    '(the core is written by every snapshot, a table or open-bet slice again when it changed, the other parts once each)',
);
say('  the state, part by part:');
for (const line of parts) say(line);
if (!databaseUrl) say(`  data folder ${execFileSync('du', ['-sh', dataDir]).toString().split('\t')[0]}`);

// The restart figure: the store opened and the engine started from the snapshot and the tail.
let t0 = performance.now();
store = await open();
const opened = performance.now() - t0;
const beforeStart = liveHeap();
t0 = performance.now();
const restarted = await Engine.start({ store, log: silent, housekeepEveryMs: 0 });
const startMs = performance.now() - t0;
say(`restart: store opened in ${seconds(opened)}, Engine.start in ${seconds(startMs)} (load ${load()})`);
say(
  `  the restarted engine's heap (live after a full GC, less before it started): ${((liveHeap() - beforeStart) / 1e6).toFixed(1)} MB`,
);

// What `npm start` would otherwise do first: the read models fold the whole log.
t0 = performance.now();
const runner = new ProjectionRunner(store, allProjections, silent);
await runner.start();
await runner.waitFor(restarted.headPosition, 24 * 3600_000);
say(
  `read models caught up with ${count(restarted.headPosition)} events in ${seconds(performance.now() - t0)} (load ${load()})`,
);
await runner.stop();
await restarted.stop();
await store.close();
say(`start it: ${databaseUrl ? 'DATABASE_URL=... SEED_DEMO=1' : `DATA_DIR=${dataDir}`} npm start`);

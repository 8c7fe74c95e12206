/**
 * `npm run replay`: a real Engine and ProjectionRunner (wired as services/server does) write a log
 * and its read models on PGlite in a temp folder; every projection replayed into a fresh schema
 * equals its live model; a corrupted live row is reported alone (exit status 1); a replay to an
 * earlier position or moment holds the balances of then; a projection that names a table outside
 * its own is stopped before it can touch the live one. Then the CLI runs as a child process; and on
 * PostgreSQL a replay while a writer keeps going still compares like with like.
 */
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { EVENTS_TOPIC, partitionOf, type Command, type ExecuteResult } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { allProjections, ensureCheckpointTables, ProjectionRunner, type Projection } from '@exch/projector';
import { formatReport } from '../../scripts/replay/format.js';
import { replayProjection } from '../../scripts/replay/replay.js';
import { envelope, hierarchy, matchCatalogue, placeBet, RUNNERS, type Executor } from '../engine/fixtures.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';
import { runScript } from '../helpers/script.js';

const silent = { info() {}, warn() {}, error() {} };
const dataDir = mkdtempSync(join(tmpdir(), 'exch-replay-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

const store = await openPGliteStore({ dataDir });
const engine = await Engine.start({ store, log: silent, snapshotEvery: 0 });
const runner = new ProjectionRunner(store, allProjections, silent);
await runner.start();
let closed = false;
const closeAll = async () => {
  if (closed) return;
  closed = true;
  await runner.stop();
  await engine.stop();
  await store.close();
};
t.teardown(closeAll);

// Each command a minute after the one before, from 10:00 UTC: as-of moments fall between them.
const START = Date.UTC(2026, 10, 22, 10, 0, 0);
let minute = 0;
const stamp = (): string => new Date(START + ++minute * 60_000).toISOString();
const timed: Executor = { execute: (env) => engine.execute({ ...env, at: stamp() }) };
/** Runs a command that must be accepted; resolves to its last position and its time. */
const run = async (command: Command, actor: string | null): Promise<{ position: number; at: string }> => {
  const env = envelope(command, actor);
  const r: ExecuteResult = await timed.execute(env);
  if (!r.ok) throw new Error(`${command.type} refused: ${r.refusal.code} ${r.refusal.message}`);
  return { position: Math.max(0, ...r.positions), at: new Date(START + minute * 60_000).toISOString() };
};

// A hierarchy with two funded players; transfers, bookmaker bets settled, a login, buttons, a lock and news.
const [p0, p1] = (await hierarchy(timed, 2, 10_000_00)) as [string, string];
await run(matchCatalogue([1]), null);
await run(
  { type: 'SetMarketSettings', marketId: 'bm1', minStake: 100, maxStake: 10_000_00, betDelaySec: 0, commissionBp: 0 },
  'a',
);
for (const r of RUNNERS)
  engine.quote({ type: 'bookmaker', marketId: 'bm1', selectionId: r.selectionId, status: 'ACTIVE', back: 90, lay: 95 });
const first = await run({ type: 'TransferChips', fromUserId: 'd', toUserId: p0, amount: 500_00, remark: 'first' }, 'd');
const second = await run(
  { type: 'TransferChips', fromUserId: 'd', toUserId: p0, amount: 700_00, remark: 'second' },
  'd',
);
await run(placeBet('b1', 'bm1', 1, 'back', 90, 100_00), p0);
await run(placeBet('b2', 'bm1', 2, 'lay', 95, 50_00), p1);
await run({ type: 'SettleMarket', marketId: 'bm1', selectionId: 1, runs: null }, 'a');
await run({ type: 'RecordLogin', userId: p0, context: 'player' }, p0);
await run(
  {
    type: 'SetButtonValues',
    sportsButtons: [{ label: '1k', value: 1000 }],
    casinoButtons: [{ label: '50', value: 50 }],
  },
  p0,
);
await run({ type: 'SetMarketLock', userId: p1, matchId: 'M1', marketKind: null, marketId: null, locked: true }, 'd');
await run({ type: 'SetNewsMessage', text: 'Replay me' }, 'a');
const head = await store.head();
await runner.waitFor(head);

const balanceOf = async (schema: string, userId: string): Promise<number> =>
  Number(
    (await store.sql.query<{ balance: string }>(`select balance from ${schema}.rm_users where user_id = $1`, [userId]))
      .rows[0]!.balance,
  );
const replaySchemas = async (): Promise<string[]> =>
  (
    await store.sql.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname like 'replay\\_%' order by 1`,
    )
  ).rows.map((r) => r.nspname);
const users = allProjections.find((p) => p.name === 'users')!;

t.test('every projection replayed equals its live model', async (t) => {
  for (const projection of allProjections) {
    const r = await replayProjection(store, projection);
    t.equal(r.exitCode, 0, `${projection.name}:\n${formatReport(r).join('\n')}`);
    t.match(r, {
      projection: projection.name,
      mode: 'live-checkpoint',
      position: head,
      events: head,
      differences: 0,
      expected: false,
      kept: false,
    });
    t.equal(r.tables.length, projection.tables.length);
    t.match(r.schema, new RegExp(`^replay_${projection.name.replace('-', '_')}_\\d{14}$`));
    t.equal(formatReport(r).at(-1), `${projection.name}: IDENTICAL to the live model`);
  }
  t.same(await replaySchemas(), [], 'every replay schema was dropped');
  // The log moved money, bets and the catalogue: the comparisons were not of empty tables.
  const ledger = await replayProjection(store, allProjections.find((p) => p.name === 'ledger')!);
  t.ok(ledger.tables.find((x) => x.table === 'rm_ledger_entries')!.replayRows > 20);
  const bets = await replayProjection(store, allProjections.find((p) => p.name === 'bets')!);
  t.match(bets.tables, [
    { table: 'rm_bets', replayRows: 2, liveRows: 2 },
    { table: 'rm_bet_settlements', replayRows: 2 },
  ]);
});

t.test('a corrupted live balance is reported alone, with exit status 1', async (t) => {
  const live = await balanceOf('public', p0);
  await store.sql.query(`update rm_users set balance = balance + 1 where user_id = $1`, [p0]);
  t.teardown(() => store.sql.query(`update rm_users set balance = balance - 1 where user_id = $1`, [p0]));
  const r = await replayProjection(store, users);
  t.match(r, { exitCode: 1, differences: 1, expected: false });
  t.match(r.tables, [{ table: 'rm_users', changed: 1, onlyLive: 0, onlyReplay: 0, primaryKey: ['user_id'] }]);
  t.equal(r.tables[0]!.rows.length, 1);
  t.match(r.tables[0]!.rows[0], {
    key: { user_id: p0 },
    columns: ['balance'],
    live: { user_id: p0, balance: live + 1 },
    replay: { user_id: p0, balance: live },
  });
  const text = formatReport(r);
  t.ok(text.includes(`  user_id=${p0}: differs in balance (live ${live + 1}, replay ${live})`), text.join('\n'));
  t.equal(text.filter((l) => l.startsWith('    - live:   {')).length, 1);
  t.equal(text.filter((l) => l.startsWith('    + replay: {')).length, 1);
  t.ok(
    text.includes('rm_users: 1 changed row, 0 only in live, 0 only in the replay (7 live rows, 7 replay rows)'),
    text.join('\n'),
  );
  t.equal(text.at(-1), 'users: DIFFERENT: 1 difference in rm_users');
  t.notMatch(text.join('\n'), /"password_hash":"h"/, 'hashes are not printed');
});

t.test('a missing and an extra ledger row show on their own sides', async (t) => {
  const ledger = allProjections.find((p) => p.name === 'ledger')!;
  const { rows } = await store.sql.query<Record<string, unknown>>(
    `select * from rm_ledger_entries where position = $1 and leg = 0`,
    [first.position],
  );
  await store.sql.query(`delete from rm_ledger_entries where position = $1 and leg = 0`, [first.position]);
  await store.sql.query(`insert into rm_ledger_balances (account, balance) values ('wallet:ghost', 1)`);
  t.teardown(async () => {
    await store.sql.query(`delete from rm_ledger_balances where account = 'wallet:ghost'`);
    const row = rows[0]!;
    await store.sql.query(
      `insert into rm_ledger_entries select * from jsonb_populate_record(null::rm_ledger_entries, $1::jsonb)`,
      [JSON.stringify(row)],
    );
  });
  const r = await replayProjection(store, ledger);
  t.match(r, { exitCode: 1, differences: 2 });
  t.match(r.tables, [
    {
      table: 'rm_ledger_entries',
      changed: 0,
      onlyLive: 0,
      onlyReplay: 1,
      rows: [{ key: { position: first.position, leg: 0 }, live: null, replay: { amount: -500_00 } }],
    },
    {
      table: 'rm_ledger_balances',
      changed: 0,
      onlyLive: 1,
      onlyReplay: 0,
      rows: [{ key: { account: 'wallet:ghost' }, live: { balance: 1 }, replay: null }],
    },
    { table: 'rm_ledger_labels', changed: 0, onlyLive: 0, onlyReplay: 0 },
  ]);
});

t.test('--to-position and --as-of replay the balances of then', async (t) => {
  const before = await balanceOf('public', p0);
  t.not(before, 10_000_00 + 500_00, 'the live balance moved on since the first transfer');

  const r = await replayProjection(store, users, { toPosition: first.position, keep: true });
  t.teardown(() => store.sql.query(`drop schema if exists ${r.schema} cascade`));
  t.match(r, { mode: 'to-position', position: first.position, exitCode: 0, expected: true, kept: true });
  t.equal(await balanceOf(r.schema, p0), 10_000_00 + 500_00, 'after the first transfer, before the second');
  t.ok(r.differences > 0, 'the live model differs: it is newer');
  t.match(r.notes.join('\n'), /the live model is newer \(position \d+\) than this replay/);
  t.match(formatReport(r).at(-2), /expected at this point in time \(exit 0\)/);
  t.match(formatReport(r).at(-1), `the replay is kept in schema ${r.schema}`);

  // A moment between the two transfers stops before the second, whatever the batch size.
  const between = new Date(Date.parse(first.at) + 30_000);
  const a = await replayProjection(store, users, { asOf: between, keep: true, batchSize: 3 });
  t.teardown(() => store.sql.query(`drop schema if exists ${a.schema} cascade`));
  t.match(a, { mode: 'as-of', position: first.position, exitCode: 0, expected: true });
  t.equal(await balanceOf(a.schema, p0), 10_000_00 + 500_00);
  const b = await replayProjection(store, users, { asOf: new Date(second.at), keep: true });
  t.teardown(() => store.sql.query(`drop schema if exists ${b.schema} cascade`));
  t.equal(b.position, second.position, 'an event stamped exactly at the moment is included');
  t.equal(await balanceOf(b.schema, p0), 10_000_00 + 500_00 + 700_00);

  const past = await replayProjection(store, users, { toPosition: head + 100 });
  t.match(past, { position: head, exitCode: 0, differences: 0 });
  t.match(past.notes, [/past the head of the log/]);
});

t.test('a projection cannot write to a live table, and must create its tables in the replay schema', async (t) => {
  await store.sql.query(`create table leak_target (n int)`);
  t.teardown(() => store.sql.query(`drop table leak_target`));
  const leaky: Projection = {
    name: 'leaky',
    version: 1,
    tables: ['rm_leaky'],
    setup: async (sql) => void (await sql.query(`create table if not exists rm_leaky (n int primary key)`)),
    apply: async (tx, events) => {
      await tx.query(`insert into rm_leaky values ($1) on conflict do nothing`, [events.length]);
      await tx.query(`insert into leak_target values (1)`);
    },
  };
  await t.rejects(replayProjection(store, leaky), /wrote to public\.leak_target, outside replay_leaky_\d+/);
  t.equal(
    Number((await store.sql.query<{ n: string }>(`select count(*) as n from leak_target`)).rows[0]!.n),
    0,
    'the live table is untouched',
  );

  const qualified: Projection = {
    ...leaky,
    name: 'qualified',
    setup: async (sql) => void (await sql.query(`create table if not exists public.rm_leaky (n int)`)),
    apply: async () => {},
  };
  t.teardown(() => store.sql.query(`drop table if exists public.rm_leaky`));
  await t.rejects(
    replayProjection(store, qualified),
    /setup did not create rm_leaky in replay_qualified_\d+: its DDL must use unqualified table names/,
  );
  t.same(await replaySchemas(), [], 'failed replays drop their schema too');
});

t.test('distributed mode: the live model folded per partition, each partition at its own checkpoint', async (t) => {
  // What the Kafka projector group leaves: partitions folded independently, each to its own position.
  const d = await openPGliteStore({});
  t.teardown(() => d.close());
  const dEngine = await Engine.start({ store: d, log: silent, snapshotEvery: 0 });
  t.teardown(() => dEngine.stop());
  const ids = await hierarchy(dEngine, 6, 1_000_00, 'k');
  for (const [i, id] of ids.entries())
    await dEngine.execute(
      envelope({ type: 'TransferChips', fromUserId: id, toUserId: 'd', amount: (i + 1) * 10_00, remark: '' }, 'd'),
    );
  const log = await d.readAll(0, 10_000);
  const PARTS = 4;
  const byPartition = Array.from({ length: PARTS }, (_, p) => log.filter((e) => partitionOf(e.streamId, PARTS) === p));
  // Each partition two thirds of the way through its events: every one lags somewhere.
  const cut = byPartition.map((events) => events[Math.floor((events.length * 2) / 3)]?.position ?? 0);
  await ensureCheckpointTables(d.sql);
  for (const name of ['users', 'ledger']) {
    const projection = allProjections.find((p) => p.name === name)!;
    await projection.setup(d.sql);
    await d.sql.query(`insert into projection_checkpoints (name, position, version) values ($1, 0, $2)`, [
      name,
      projection.version,
    ]);
    for (const p of [3, 1, 0, 2]) {
      await d.sql.transaction(async (tx) => {
        await projection.apply(
          tx,
          byPartition[p]!.filter((e) => e.position <= cut[p]!),
        );
        await tx.query(
          `insert into projection_partition_checkpoints (name, topic, partition, position) values ($1, $2, $3, $4)`,
          [name, EVENTS_TOPIC, p, cut[p]],
        );
      });
    }
    const r = await replayProjection(d, projection, { partitions: PARTS });
    t.equal(r.exitCode, 0, `${name}:\n${formatReport(r).join('\n')}`);
    t.match(r, { differences: 0, position: Math.max(...cut), live: { partitions: cut, checkpoint: Math.max(...cut) } });
    t.ok(
      r.events < log.length,
      `${name}: only the events at or below their partition's checkpoint (${r.events} of ${log.length})`,
    );
    t.match(
      r.notes.join('\n'),
      /folded per partition \(distributed mode, 4 partitions of exchange\.events\): compared at each partition's checkpoint p0 \d+, p1/,
    );
  }
  await t.rejects(
    replayProjection(d, allProjections[0]!, { partitions: 2 }),
    /checkpoint for partition [23] of exchange\.events, but the topic is taken to have 2 partitions/,
  );
});

// ---- The CLI, as a child process, once the server-side of this file has let go of the folder. ----

/** npm run replay with these arguments, on this file's data folder unless `env` says otherwise. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runScript('scripts/replay.ts', args, { DATA_DIR: dataDir, ...env });

t.test('the CLI', async (t) => {
  await closeAll();
  const ok = await cli(['--projection', 'users']);
  t.equal(ok.code, 0, ok.stderr);
  t.match(
    ok.stdout,
    /^replay users: \d+ events folded, to position \d+ \(the live model's checkpoint\), into schema replay_users_\d{14}\n/,
  );
  t.match(ok.stdout, /\nrm_users: identical \(7 live rows, 7 replay rows\)\nusers: IDENTICAL to the live model\n$/);
  t.match(ok.stderr, /replay: \d+ events in [\d.]+ s \([\d,]+ events\/s\)/);

  const unknown = await cli(['--projection', 'nope']);
  t.equal(unknown.code, 2);
  t.match(
    unknown.stderr,
    'unknown projection "nope": the projections are users, ledger, activity, catalogue, bets, market-locks, button-values, payments, provider, casino',
  );

  // The server's lock file: PGlite would let both processes write, so the tool refuses.
  writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
  const busy = await cli(['--projection', 'users', '--to-position', '3']);
  unlinkSync(join(dataDir, 'postmaster.pid'));
  t.equal(busy.code, 2);
  t.match(busy.stderr, /is in use \(postmaster\.pid is there\): PGlite allows one process, so stop the server/);
});

t.test(
  'on PostgreSQL, with a writer still running, the replay catches up with the live checkpoint',
  { skip: pgSkip() },
  async (t) => {
    const pg = await startPostgres();
    t.teardown(() => pg.stop());
    const pgStore = await openPostgresStore({ connectionString: pg.connectionString, onError: () => {} });
    t.teardown(() => pgStore.close());
    const pgEngine = await Engine.start({ store: pgStore, log: silent, snapshotEvery: 0 });
    t.teardown(() => pgEngine.stop());
    const pgRunner = new ProjectionRunner(pgStore, allProjections, silent);
    await pgRunner.start();
    t.teardown(() => pgRunner.stop());
    const [q0] = (await hierarchy(pgEngine, 1, 1_000_00, 'q')) as [string];
    let running = true;
    let moved = 0;
    const busy = (async () => {
      while (running) {
        const r = await pgEngine.execute(
          envelope(
            {
              type: 'TransferChips',
              fromUserId: moved % 2 ? q0 : 'd',
              toUserId: moved % 2 ? 'd' : q0,
              amount: 1_00,
              remark: '',
            },
            'd',
          ),
        );
        if (!r.ok) throw new Error(r.refusal.message);
        moved++;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    for (const name of ['ledger', 'users']) {
      const r = await replayProjection(pgStore, allProjections.find((p) => p.name === name)!, { batchSize: 50 });
      t.equal(r.exitCode, 0, formatReport(r).join('\n'));
      t.equal(r.differences, 0);
      t.equal(r.position, r.live?.checkpoint, `${name}: compared at the checkpoint it read`);
    }
    running = false;
    await busy;
    t.ok(moved > 0, `${moved} transfers while replaying`);
  },
);

/**
 * Projectors as Kafka consumer groups, with real processes: two members fold every read model
 * while the engine keeps writing; one is killed (SIGKILL) mid-stream and a third joins. When the
 * group has caught up, every read-model table equals a single-process replay of the same log
 * (the embedded ProjectionRunner folding it in position order into a second database), the ledger and
 * bets read models rebuilt beside their live tables meanwhile: no event
 * lost, none applied twice, whatever the interleaving of partitions and members.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pg from 'pg';
import { EVENTS_TOPIC, type StoredEvent } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPostgresStore } from '@exch/eventstore';
import {
  allProjections,
  betsProjection,
  ledgerProjection,
  ProjectionRunner,
  readLogLag,
  readPartitionCheckpoints,
} from '@exch/projector';
import { projectionStatus, requestBuild } from '@exch/projector/read';
import { eventually, newEngineSecret, startMember, type ClusterEnv, type Member } from '../helpers/cluster.js';
import { kafkaSkip, startKafka } from '../helpers/kafka.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';
import { startWorkload } from '../helpers/workload.js';
import { formatReport } from '../../scripts/ledger/report.js';
import { verifyLedger } from '../../scripts/ledger/verify.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const skip = pgSkip() || kafkaSkip();

/** A row as PostgreSQL's jsonb text (canonical: keys sorted, numbers normalised), wall-clock columns left out. */
const ROW = `(to_jsonb(t) - 'updated_at')::text`;

/**
 * A table's row count and a digest of its rows sorted (order-insensitive), worked out by PostgreSQL:
 * equal digests are equal rows, without tens of thousands of them read into the test.
 */
async function digestOf(db: pg.Pool, table: string): Promise<{ count: number; digest: string }> {
  const { rows } = await db.query<{ count: number; digest: string }>(
    `select count(*)::int as count, md5(coalesce(string_agg(row, E'\\n' order by row), '')) as digest
       from (select ${ROW} as row from ${table} t) rows`,
  );
  return rows[0]!;
}

/** Every row of a table, for naming the differences when the digests differ. */
async function rowsOf(db: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await db.query<{ row: string }>(`select ${ROW} as row from ${table} t`);
  return rows.map((r) => r.row);
}

t.test(
  'a projector group survives a killed member and a new one, and equals a single-process replay',
  { skip, timeout: 900_000 },
  async (t) => {
    const [pgServer, kafkaServer] = await Promise.all([startPostgres(), startKafka()]);
    const base = pgServer.connectionString.replace(/\/postgres$/, '');
    const admin = new pg.Pool({ connectionString: pgServer.connectionString, max: 1 });
    await admin.query('create database live');
    await admin.query('create database reference');
    const env: ClusterEnv = {
      databaseUrl: `${base}/live`,
      kafkaBrokers: kafkaServer.brokers,
      logDir: mkdtempSync(join(tmpdir(), 'exch-group-')),
      engineSecret: newEngineSecret(),
    };
    t.comment(`process logs in ${env.logDir}`);
    const live = new pg.Pool({ connectionString: env.databaseUrl, max: 2 });
    const members: Member[] = [];
    const store = await openPostgresStore({ connectionString: env.databaseUrl });
    // No once-a-minute housekeeping: the log must stop growing once the workload ends, so the copy
    // made for the reference replay is the log the group folded.
    const engine = await Engine.start({ store, log: silent, snapshotEvery: 0, housekeepEveryMs: 0 });
    t.teardown(async () => {
      await Promise.all(members.map((m) => m.kill()));
      await engine.stop();
      await store.close();
      await live.end();
      await admin.end();
      await Promise.all([pgServer.stop(), kafkaServer.stop()]);
    });

    const workload = await startWorkload(engine, { seed: 11, players: 60, concurrency: 64 });
    await workload.until(15_000);
    members.push(await startMember(env, 'relay', 'relay'));
    const projector = (n: number) => startMember(env, 'projector', `projector-${n}`, {}, ['--name', 'all']);
    const [one, two] = await Promise.all([projector(1), projector(2)]);
    members.push(one, two);

    /** Partitions of the read model that hold something folded. */
    const folded = async (name: string) =>
      (await readPartitionCheckpoints(store.sql, name, EVENTS_TOPIC)).filter((c) => c.position > 0).length;
    const foldedInAll = async () => {
      let sum = 0;
      for (const p of allProjections) sum += await folded(p.name);
      return sum;
    };
    // More events while the group works, and a member killed once it has folded something, some of it
    // into the two balance read models ledger:verify compares next (members fold every read model at once).
    const more = workload.until(40_000);
    await eventually(
      'the group to fold some events, into both balance read models too',
      async () => (await foldedInAll()) > 4 && (await folded('users')) > 0 && (await folded('ledger')) > 0,
      120_000,
    );
    await one.kill();
    t.comment('projector-1 killed mid-stream');
    // ledger:verify on a group mid-stream: each read model is compared at its partitions' checkpoints.
    const midway = await verifyLedger(store);
    t.ok(midway.ok, `ledger:verify mid-stream: ${formatReport(midway).join(' / ')}`);
    t.ok(
      midway.projections.every((p) => p.compared && p.note.startsWith('folded by a projector group')),
      'both balance read models compared per partition',
    );
    const three = await projector(3);
    members.push(three);
    // Two read models rebuilt beside their live tables while the group folds on: a member claims each
    // build, and the switch waits for every partition's batch in flight.
    for (const p of [ledgerProjection, betsProjection])
      await requestBuild(store.sql, { name: p.name, version: p.version, reason: 'request', requestedBy: null });
    await more;
    const head = await store.head();
    t.comment(`log head ${head}`);

    // The reference, built while the group catches up: the same log, position by position, folded by
    // the single-process runner (the log no longer grows: the workload is done, housekeeping off).
    const refStore = await openPostgresStore({ connectionString: `${base}/reference` });
    t.teardown(() => refStore.close());
    const referenceFolded = (async () => {
      for (let after = 0; ; ) {
        const batch: StoredEvent[] = await store.readAll(after, 2_000);
        if (batch.length === 0) break;
        await refStore.append(
          batch.map((e) => ({ streamId: e.streamId, expectedVersion: 'any' as const, events: [e] })),
        );
        after = batch[batch.length - 1]!.position;
      }
      const runner = new ProjectionRunner(refStore, allProjections, silent);
      await runner.start();
      await runner.waitFor(head, 300_000);
      await runner.stop();
    })();
    // Awaited below; handled now, so a failure meanwhile is not an unhandled rejection.
    referenceFolded.catch(() => {});

    const names = allProjections.map((p) => p.name);
    await eventually(
      'the group to fold the whole log, and the rebuilds to switch in',
      async () =>
        (await projectionStatus(store.sql)).data.every((p) => p.state === 'live') &&
        (await readLogLag(store.sql, names)).projections.every((p) => p.lag === 0),
      300_000,
    );
    const counted = await readLogLag(store.sql, names);
    t.same(
      counted.projections.filter((p) => p.checkpoint !== head),
      [],
      "each read model's partition checkpoints count the log's events exactly, through a killed member and a new one",
    );
    const final = await verifyLedger(store);
    t.ok(
      final.ok && final.projections.every((p) => p.compared),
      `ledger:verify after the group caught up: ${formatReport(final).join(' / ')}`,
    );

    // A wrong balance in a partition-folded read model is found.
    const {
      rows: [victim],
    } = await live.query<{ account: string }>(
      `select account from rm_ledger_balances where account like 'wallet:%' order by account limit 1`,
    );
    await live.query(`update rm_ledger_balances set balance = balance + 1 where account = $1`, [victim!.account]);
    const tampered = await verifyLedger(store);
    t.match(
      tampered.differences.map((d) => d.kind),
      ['ledger-balance'],
      'a balance off by one paisa is reported',
    );
    await live.query(`update rm_ledger_balances set balance = balance - 1 where account = $1`, [victim!.account]);

    const health = async (m: Member) =>
      (await (await fetch(`${m.url}/health`)).json()) as { partitions: Record<string, number[]> };
    const owned = [await health(two), await health(three)].map((h) => h.partitions['projector.users'] ?? []);
    t.same(owned.flat().sort(), [0, 1, 2, 3], 'the two live members share the four partitions of each read model');
    t.ok(
      owned.every((ps) => ps.length > 0),
      'each live member has work',
    );

    await referenceFolded;
    t.equal(await refStore.head(), head, 'the reference log is the same length');

    const reference = new pg.Pool({ connectionString: `${base}/reference`, max: 2 });
    t.teardown(() => reference.end());
    for (const p of allProjections) {
      for (const table of p.tables) {
        const [a, b] = await Promise.all([digestOf(live, table), digestOf(reference, table)]);
        t.equal(a.count, b.count, `${table}: ${b.count} rows`);
        // The rows that differ, read only when the digests do (a row twice on one side shows in the digest alone).
        let missing: string[] = [];
        let extra: string[] = [];
        if (a.digest !== b.digest) {
          const [rowsA, rowsB] = await Promise.all([rowsOf(live, table), rowsOf(reference, table)]);
          const [inA, inB] = [new Set(rowsA), new Set(rowsB)];
          missing = rowsB.filter((r) => !inA.has(r)).slice(0, 3);
          extra = rowsA.filter((r) => !inB.has(r)).slice(0, 3);
        }
        t.same(
          { missing, extra, digest: a.digest },
          { missing: [], extra: [], digest: b.digest },
          `${table} equals the single-process replay`,
        );
      }
    }
  },
);

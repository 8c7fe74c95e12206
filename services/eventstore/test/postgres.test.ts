import pg from 'pg';
import t from 'tap';
import { StaleEpochError, type Leadership } from '@exch/contracts';
import { openPostgresStore, type PostgresStoreOptions } from '../src/index.js';
import { pgSkip, startPostgres } from '../../../tests/helpers/postgres.js';
import { eventStoreContract } from '../test-support/contract.js';
import { manyRequests, newEvent, waitFor } from '../test-support/fixtures.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Skipped (never passed) when this machine cannot run PostgreSQL; under CI=true it runs and fails instead.
t.test('PostgreSQL driver', { skip: pgSkip() }, async (t) => {
  const server = await startPostgres();
  const admin = new pg.Client(server.connectionString);
  await admin.connect();
  t.teardown(async () => {
    await admin.end();
    await server.stop();
  });

  // A database per test: each starts from an empty log, and advisory locks are per database.
  let databases = 0;
  async function freshDatabase(): Promise<string> {
    const name = `log_${++databases}`;
    await admin.query(`create database ${name}`);
    const url = new URL(server.connectionString);
    url.pathname = `/${name}`;
    return url.toString();
  }
  async function open(
    t: { teardown(fn: () => unknown): void },
    options: Partial<PostgresStoreOptions> & { connectionString: string },
  ) {
    const store = await openPostgresStore(options);
    t.teardown(() => store.close());
    return store;
  }

  t.test('the EventStore contract', async (t) => {
    eventStoreContract(t, async () => openPostgresStore({ connectionString: await freshDatabase() }));
  });

  t.test('two processes opening an empty database at once both create the schema safely', async (t) => {
    const connectionString = await freshDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => open(t, { connectionString })));
    t.equal(stores.length, 3);
    await stores[0]!.append(manyRequests('m', 1));
    t.equal(await stores[2]!.head(), 1, 'they share one log');
  });

  /** A writer, and the positions a subscriber in another process sees: woken by NOTIFY alone. */
  async function notifiedReader(t: { teardown(fn: () => unknown): void }) {
    const connectionString = await freshDatabase();
    const writer = await open(t, { connectionString });
    // A poll slower than the test proves the wake-up came from the notification.
    const reader = await open(t, { connectionString, pollIntervalMs: 60_000 });
    const seen: number[] = [];
    reader.subscribe(0, async (batch) => void seen.push(...batch.map((e) => e.position)));
    await sleep(100);
    return { writer, seen };
  }

  t.test('a subscriber in another process is woken by NOTIFY', async (t) => {
    const { writer, seen } = await notifiedReader(t);
    for (let i = 0; i < 5; i++) await writer.append(manyRequests(`n${i}`, 4));
    await waitFor(() => seen.length === 20, 3_000, 'notified events');
    t.same(
      seen,
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  t.test("the single writer's positioned appends wake a subscriber in another process by NOTIFY", async (t) => {
    const { writer, seen } = await notifiedReader(t);
    const { epoch } = await writer.acquireLeadership();
    const at = (position: number) => ({
      ...newEvent(`p${position}`),
      position,
      streamId: `p-${position}`,
      streamVersion: 1,
    });
    // The first append notifies on its own; the ones after it with their gap check.
    await writer.appendPositioned([at(1)], { epoch, after: null }).committed;
    await waitFor(() => seen.length === 1, 3_000, 'the first append notified');
    let before = writer.appendPositioned([at(2), at(3)], { epoch, after: null });
    for (let p = 4; p <= 6; p++) before = writer.appendPositioned([at(p)], { epoch, after: before });
    await before.committed;
    await waitFor(() => seen.length === 6, 3_000, 'every later append notified');
    t.same(seen, [1, 2, 3, 4, 5, 6]);
  });

  t.test('a lost notification is covered by the slow poll', async (t) => {
    const connectionString = await freshDatabase();
    const reader = await open(t, { connectionString, pollIntervalMs: 200 });
    const seen: number[] = [];
    reader.subscribe(0, async (batch) => void seen.push(...batch.map((e) => e.position)));
    await sleep(50);
    // Written behind the store's back: no NOTIFY at all.
    await reader.sql.transaction(async (tx) => {
      await tx.query(`insert into events (position, stream_id, stream_version, event_id, type, schema_version, data, metadata)
        values (1, 'quiet', 1, 'q1', 'Quiet', 1, '{}', '{}')`);
      await tx.query('update log_head set position = 1');
    });
    await waitFor(() => seen.length === 1, 3_000, 'the polled event');
    t.same(seen, [1]);
  });

  t.test('the listener reconnects after its connection is killed and catches up', async (t) => {
    const connectionString = await freshDatabase();
    const writer = await open(t, { connectionString });
    const errors: unknown[] = [];
    const reader = await open(t, { connectionString, pollIntervalMs: 60_000, onError: (e) => errors.push(e) });
    const seen: number[] = [];
    reader.subscribe(0, async (batch) => void seen.push(...batch.map((e) => e.position)));
    const pid = await reader.listenerPid();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await waitFor(() => errors.length > 0, 3_000, 'the listener error');
    // Appended while nobody listens: the reconnect must still deliver it.
    await writer.append(manyRequests('gap', 1));
    await waitFor(() => seen.length === 1, 5_000, 'the event missed while disconnected');
    let newPid: number | null = null;
    for (let i = 0; i < 50 && newPid === null; i++) {
      newPid = await reader.listenerPid();
      if (newPid === null) await sleep(100);
    }
    t.ok(newPid !== null && newPid !== pid, 'a new listener connection');
    await writer.append(manyRequests('after', 1));
    await waitFor(() => seen.length === 2, 2_000, 'live again through the new listener');
    t.same(seen, [1, 2]);
  });

  t.test('a standby waits for the lock and takes over when the leader releases', async (t) => {
    const connectionString = await freshDatabase();
    const a = await open(t, { connectionString });
    const b = await open(t, { connectionString });
    const leader = await a.acquireLeadership();
    let standby: Leadership | undefined;
    const waiting = b.acquireLeadership().then((l) => (standby = l));
    await sleep(300);
    t.equal(standby, undefined, 'the standby is still waiting');
    await a.append(manyRequests('lead', 1), { epoch: leader.epoch });
    await leader.release();
    const next = await waiting;
    t.ok(next.epoch > leader.epoch, `the standby claimed a higher epoch (${leader.epoch} -> ${next.epoch})`);
    await t.rejects(
      a.append(manyRequests('stale', 1), { epoch: leader.epoch }),
      StaleEpochError,
      'the old leader is fenced',
    );
    await b.append(manyRequests('new', 1), { epoch: next.epoch });
    t.equal(await b.head(), 2);
    await next.release();
  });

  t.test('close() ends a waiting standby and releases a held lock without reporting it lost', async (t) => {
    const connectionString = await freshDatabase();
    const a = await openPostgresStore({ connectionString });
    const b = await openPostgresStore({ connectionString });
    const leader = await a.acquireLeadership();
    let lost = false;
    void leader.lost.then(() => (lost = true));
    const waiting = b.acquireLeadership();
    await sleep(100);
    await b.close();
    await t.rejects(waiting, 'the standby gives up when its store closes');
    const c = await open(t, { connectionString });
    const next = c.acquireLeadership();
    await a.close();
    t.ok((await next).epoch > leader.epoch, 'closing the leader frees the lock');
    await sleep(50);
    t.notOk(lost, 'a deliberate close is not a lost leadership');
    await (await next).release();
  });

  t.test("a standby takes over when the leader's connection dies", async (t) => {
    const connectionString = await freshDatabase();
    const a = await open(t, { connectionString });
    const b = await open(t, { connectionString });
    const leader = await a.acquireLeadership();
    let lost = false;
    void leader.lost.then(() => (lost = true));
    const waiting = b.acquireLeadership();
    await sleep(200);
    const { rows } = await admin.query<{ pid: number }>(
      `select l.pid from pg_locks l join pg_database d on d.oid = l.database
       where l.locktype = 'advisory' and l.granted and d.datname = $1`,
      [new URL(connectionString).pathname.slice(1)],
    );
    t.equal(rows.length, 1, 'exactly one session holds the leader lock');
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    const next = await waiting;
    await waitFor(() => lost, 3_000, 'lost to resolve');
    t.ok(lost, 'the old leader learns it lost the lock');
    t.ok(next.epoch > leader.epoch, 'the standby claimed a higher epoch');
    await t.rejects(
      a.append(manyRequests('zombie', 1), { epoch: leader.epoch }),
      StaleEpochError,
      'the deposed leader cannot write',
    );
    await next.release();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import t from 'tap';
import { openPGliteStore } from '../src/index.js';
import { eventStoreContract } from '../test-support/contract.js';
import { openMemoryStore } from '../test-support/empty-cluster.js';
import { manyRequests, newEvent } from '../test-support/fixtures.js';

t.test('PGlite in memory: the EventStore contract', async (t) => {
  // Each contract test wants an empty log: openMemoryStore loads an empty cluster dumped once.
  eventStoreContract(t, openMemoryStore);
});

t.test('PGlite opened the plain way (in memory, no dump)', async (t) => {
  const store = await openPGliteStore();
  t.teardown(() => store.close());
  t.equal(store.driver, 'pglite');
  t.equal(await store.head(), 0);
  const { rows } = await store.sql.query<{ wal_init_zero: string }>('show wal_init_zero');
  t.equal(rows[0]!.wal_init_zero, 'off', 'a new WAL segment is not zero-filled on the engine’s thread');
  await t.rejects(openPGliteStore({ dataDir: '/tmp/x', pglite: {} as PGlite }), /either dataDir or pglite/);
});

t.test('PGlite on disk: the log survives close and reopen', async (t) => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'exch-pglite-')), 'nested', 'data');
  t.teardown(() => rmSync(join(dataDir, '..', '..'), { recursive: true, force: true }));

  const first = await openPGliteStore({ dataDir });
  const leader = await first.acquireLeadership();
  await first.append(
    [{ streamId: 'wallet-9', expectedVersion: 'no_stream', events: [newEvent('w1', { amount: 7 }), newEvent('w2')] }],
    { epoch: leader.epoch },
  );
  await first.saveSnapshot('engine', 2, JSON.stringify({ ok: true }));
  await first.close();

  const second = await openPGliteStore({ dataDir });
  t.teardown(() => second.close());
  t.equal(await second.head(), 2, 'head survived');
  const events = await second.readStream('wallet-9');
  t.same(
    events.map((e) => [e.eventId, e.position, e.data]),
    [
      ['w1', 1, { amount: 7 }],
      ['w2', 2, { eventId: 'w2' }],
    ],
  );
  t.same(await second.loadSnapshot('engine'), { name: 'engine', position: 2, state: { ok: true } });
  const next = await second.acquireLeadership();
  t.ok(next.epoch > leader.epoch, 'the epoch survived, so a restarted writer fences the old one');
  const [result] = await second.append(manyRequests('more', 1), { epoch: next.epoch });
  t.same(result!.positions, [3], 'positions continue after reopen');
  const [again] = await second.append([{ streamId: 'wallet-9', expectedVersion: 'any', events: [newEvent('w1')] }]);
  t.ok(again!.duplicate, 'idempotency survives too');
});

t.test('a log written before snapshot parts gains their table when opened again', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'exch-pglite-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const old = await openPGliteStore({ dataDir });
  await old.sql.query('drop table snapshot_parts');
  await old.sql.query("update schema_versions set version = 2 where name = 'eventstore'");
  await old.close();

  const store = await openPGliteStore({ dataDir });
  t.teardown(() => store.close());
  await store.saveSnapshotPart('engine', 'a', JSON.stringify({ n: 1 }));
  t.same(Object.fromEntries(await store.loadSnapshotParts('engine', ['a'])), { a: { n: 1 } });
});

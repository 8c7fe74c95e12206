import t from 'tap';
import type { ReadBarrier, ReadToken } from '@exch/contracts';
import { Cache, PENDING_MS } from '../src/directory/cache.js';

/** A read side that records what it was asked to wait for, and a store whose loads are counted. */
function world() {
  const waited: ReadToken[] = [];
  const reads: ReadBarrier = {
    partitionOf: () => 0,
    waitFor: async (token) => {
      waited.push(token);
    },
  };
  const rows = new Map<string, string>();
  let loads = 0;
  let now = 0;
  const cache = new Cache<string>(
    reads,
    async (id) => {
      loads++;
      return rows.get(id) ?? null;
    },
    false,
    200_000,
    () => now,
  );
  return {
    cache,
    rows,
    waited,
    loads: () => loads,
    at: (ms: number) => {
      now = ms;
    },
  };
}

const token = (position: number): ReadToken => new Map([[0, position]]);

t.test('a change is read again, after the read side holds it; nothing stays pending once read', async (t) => {
  const w = world();
  w.rows.set('m1', 'open');
  t.equal(await w.cache.get('m1'), 'open');
  t.equal(await w.cache.get('m1'), 'open');
  t.equal(w.loads(), 1, 'the second read came from memory');
  w.rows.set('m1', 'suspended');
  w.cache.drop('m1', token(7));
  t.equal(await w.cache.get('m1'), 'suspended');
  t.same(w.waited, [token(7)], 'the reload waited for the change');
  t.same(w.cache.size, { values: 1, loading: 0, pending: 0 });
});

t.test('a load that raced a change does not keep what it read', async (t) => {
  const w = world();
  w.rows.set('u1', 'unlocked');
  const racing = w.cache.get('u1');
  w.cache.drop('u1', null);
  w.rows.set('u1', 'locked');
  t.equal(await racing, 'unlocked', 'the racing read answers what it read');
  t.equal(await w.cache.get('u1'), 'locked', 'but the next read loads again');
  t.equal(w.loads(), 2);
  t.same(w.cache.size, { values: 1, loading: 0, pending: 0 });
});

t.test('a failed load leaves nothing in flight', async (t) => {
  const failing = new Cache<string>(
    { partitionOf: () => 0, waitFor: async () => {} },
    async () => {
      throw new Error('connection lost');
    },
    false,
  );
  await t.rejects(failing.get('x'), /connection lost/);
  t.same(failing.size, { values: 0, loading: 0, pending: 0 });
});

t.test('a year of markets listed and sessions ended, never read here: what is kept stays bounded', async (t) => {
  const w = world();
  // A busy feed lists thousands of markets a day and every logout ends a session; a gateway reads
  // few of them. Each change is remembered for a reload only PENDING_MS.
  let position = 0;
  for (let day = 0; day < 365; day++) {
    for (let i = 0; i < 200; i++) {
      w.at(day * 86_400_000 + i * 1_000);
      w.cache.drop(`market-${day}-${i}`, token(++position));
    }
  }
  t.ok(w.cache.size.pending <= PENDING_MS / 1_000 + 1, `pending ${w.cache.size.pending}, not 73,000`);
  t.equal(w.cache.size.loading, 0);
  // One changed a few seconds ago is still waited on.
  w.rows.set('market-364-199', 'settled');
  t.equal(await w.cache.get('market-364-199'), 'settled');
  t.same(w.waited, [token(position)]);
});

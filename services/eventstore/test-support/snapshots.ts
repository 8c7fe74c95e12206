import { freshStore, type OpenStore, type TapTest } from './fixtures.js';

/** Snapshots and their parts: save, load, overwrite, and the parts a saved snapshot no longer names deleted. */
export function snapshotsContract(t: TapTest, open: OpenStore): void {
  t.test('snapshots save, load and overwrite', async (t) => {
    const store = await freshStore(open, t);
    t.equal(await store.loadSnapshot('engine'), null);
    await store.saveSnapshot('engine', 10, JSON.stringify({ wallets: { u1: 500 }, list: [1, 2] }));
    t.same(await store.loadSnapshot('engine'), {
      name: 'engine',
      position: 10,
      state: { wallets: { u1: 500 }, list: [1, 2] },
    });
    await store.saveSnapshot('engine', 20, JSON.stringify({ wallets: {} }));
    t.same(await store.loadSnapshot('engine'), { name: 'engine', position: 20, state: { wallets: {} } }, 'upsert');
    t.equal(await store.loadSnapshot('other'), null, 'snapshots are per name');
  });

  t.test('snapshot parts: saved before the snapshot naming them, the others deleted after it', async (t) => {
    const store = await freshStore(open, t);
    await store.saveSnapshotPart('engine', 'a', JSON.stringify({ n: 1 }));
    await store.saveSnapshotPart('engine', 'b', JSON.stringify({ n: 2 }));
    await store.saveSnapshotPart('other', 'a', JSON.stringify({ n: 9 }));
    t.same(Object.fromEntries(await store.loadSnapshotParts('engine', ['a', 'b', 'c'])), { a: { n: 1 }, b: { n: 2 } });
    await store.saveSnapshot('engine', 5, JSON.stringify({ parts: ['b'] }), ['b']);
    t.same(
      Object.fromEntries(await store.loadSnapshotParts('engine', ['a', 'b'])),
      { b: { n: 2 } },
      'a part it does not name goes',
    );
    t.same(Object.fromEntries(await store.loadSnapshotParts('other', ['a'])), { a: { n: 9 } }, 'parts are per name');
    await store.saveSnapshotPart('engine', 'b', JSON.stringify({ n: 3 }));
    t.same(Object.fromEntries(await store.loadSnapshotParts('engine', ['b'])), { b: { n: 3 } }, 'upsert');
    // More than one batch of them (they are deleted a batch per statement).
    for (let i = 0; i < 120; i++) await store.saveSnapshotPart('engine', `s${i}`, '{}');
    await store.saveSnapshot('engine', 6, JSON.stringify({ parts: ['s7'] }), ['s7']);
    t.same(await store.snapshotPartKeys('engine'), ['s7'], 'every part it does not name goes, however many');
  });
}

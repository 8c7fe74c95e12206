import { StaleEpochError } from '@exch/contracts';
import { freshStore, manyRequests, newEvent, positionsOf, type OpenStore, type TapTest } from './fixtures.js';

/** The single writer: positioned appends in order behind each other, and the epoch that fences a deposed leader. */
export function singleWriterContract(t: TapTest, open: OpenStore): void {
  t.test(
    "the single writer's positioned appends: two in flight commit in order, and a failure takes the next with it",
    async (t) => {
      const store = await freshStore(open, t);
      const { epoch } = await store.acquireLeadership();
      const at = (position: number, streamId = `w-${position}`, streamVersion = 1) => ({
        ...newEvent(`w${position}`),
        position,
        streamId,
        streamVersion,
      });
      const first = store.appendPositioned([at(1), at(2)], { epoch, after: null });
      const second = store.appendPositioned([at(3), at(4, 'w-1', 2)], { epoch, after: first });
      await Promise.all([first.committed, second.committed]);
      t.same(positionsOf(await store.readAll(0, 10)), [1, 2, 3, 4]);
      t.equal(await store.head(), 4);
      t.same(
        (await store.readStream('w-1')).map((e) => e.streamVersion),
        [1, 2],
      );
      // A mixed general append afterwards continues the same log.
      const [general] = await store.append([{ streamId: 'w-1', expectedVersion: 2, events: [newEvent('g1')] }]);
      t.same(general!.positions, [5]);

      const failing = store.appendPositioned([{ ...at(6), type: null as unknown as string }], { epoch, after: null });
      const behind = store.appendPositioned([at(7)], { epoch, after: failing });
      await t.rejects(failing.committed, 'the first append fails in the database');
      await t.rejects(behind.committed, 'the one behind it fails too and writes nothing');
      t.equal(await store.head(), 5, 'nothing of either was written');
      await t.rejects(
        store.appendPositioned([at(7)], { epoch, after: null }).committed,
        /does not follow the last committed event/,
        'a gap is refused',
      );
      await t.rejects(
        store.appendPositioned([at(6)], { epoch: epoch - 1, after: null }).committed,
        StaleEpochError,
        'a stale writer is fenced',
      );
      await store.appendPositioned([at(6)], { epoch, after: null }).committed;
      t.same(positionsOf(await store.readAll(0, 10)), [1, 2, 3, 4, 5, 6], 'gap-free');
    },
  );

  t.test('an old epoch cannot append once a newer leader claimed the log', async (t) => {
    const store = await freshStore(open, t);
    const first = await store.acquireLeadership();
    await store.append(manyRequests('l1', 1), { epoch: first.epoch });
    await first.release();
    const second = await store.acquireLeadership();
    t.ok(second.epoch > first.epoch, 'a new leader gets a higher epoch');
    const err = await store.append(manyRequests('stale', 1), { epoch: first.epoch }).then(
      () => null,
      (e: unknown) => e,
    );
    t.type(err, StaleEpochError);
    t.match(err, { code: 'STALE_EPOCH', epoch: first.epoch, current: second.epoch });
    t.equal(await store.head(), 1, 'the stale append wrote nothing');
    const [ok] = await store.append(manyRequests('l2', 1), { epoch: second.epoch });
    t.same(ok!.positions, [2], 'the current leader appends');
    await store.append(manyRequests('unfenced', 1));
    t.equal(await store.head(), 3, 'an append without an epoch is not fenced');
    await second.release();
  });
}

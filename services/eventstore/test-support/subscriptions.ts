import { freshStore, manyRequests, positionsOf, range, waitFor, type OpenStore, type TapTest } from './fixtures.js';

/** Subscriptions: catch-up then live, retries of a failing handler, stop and close. */
export function subscriptionsContract(t: TapTest, open: OpenStore): void {
  t.test('subscribe catches up in batches, then follows live appends in order', async (t) => {
    const store = await freshStore(open, t);
    await store.append(manyRequests('old', 7));
    const seen: number[] = [];
    const batchSizes: number[] = [];
    let inFlight = 0;
    let overlapped = false;
    const sub = store.subscribe(
      2,
      async (batch) => {
        if (++inFlight > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 2));
        batchSizes.push(batch.length);
        seen.push(...positionsOf(batch));
        inFlight--;
      },
      { batchSize: 3 },
    );
    await waitFor(() => seen.length === 5, 5_000, 'catch-up');
    t.same(seen, range(3, 7), 'caught up from after=2');
    t.ok(
      batchSizes.every((n) => n <= 3),
      'batches respect batchSize',
    );

    const started = Date.now();
    await store.append(manyRequests('live', 1));
    await waitFor(() => seen.length === 6, 2_000, 'the first live event');
    t.ok(Date.now() - started < 1_000, 'a live append wakes the subscriber at once (not by polling)');

    // Many appends, some concurrent, some multi-event.
    for (let i = 0; i < 10; i++) await store.append(manyRequests(`seq${i}`, 3));
    await Promise.all(range(1, 10).map((i) => store.append(manyRequests(`conc${i}`, 2))));
    await waitFor(() => seen.length === 56, 10_000, 'all live events');
    t.same(seen, range(3, 58), 'every event exactly once, in position order');
    t.notOk(overlapped, 'handler calls never overlapped');
    t.equal(sub.position, 58);

    await sub.stop();
    await store.append(manyRequests('after-stop', 1));
    await new Promise((r) => setTimeout(r, 100));
    t.equal(seen.length, 56, 'nothing is delivered after stop');
  });

  t.test('a failing handler is retried with the same batch; nothing is skipped', async (t) => {
    const store = await freshStore(open, t);
    await store.append(manyRequests('f', 6));
    const delivered: number[][] = [];
    const errors: unknown[] = [];
    let failures = 0;
    const sub = store.subscribe(
      0,
      async (batch) => {
        if (batch.some((e) => e.position === 3) && failures < 2) {
          failures++;
          throw new Error('projection hiccup');
        }
        delivered.push(positionsOf(batch));
      },
      { batchSize: 2, onError: (err) => errors.push(err) },
    );
    t.teardown(() => sub.stop());
    await waitFor(() => delivered.flat().length === 6, 5_000, 'all events after retries');
    t.same(
      delivered,
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      'the failed batch came again, whole and in order',
    );
    t.equal(errors.length, 2, 'each failure went to onError');
    t.match(errors[0], { message: 'projection hiccup' });
  });

  t.test('stop() waits for the handler that is running', async (t) => {
    const store = await freshStore(open, t);
    await store.append(manyRequests('s', 1));
    let started = false;
    let finished = false;
    const sub = store.subscribe(0, async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 150));
      finished = true;
    });
    await waitFor(() => started, 5_000, 'the handler to start');
    await sub.stop();
    t.ok(finished, 'stop resolved only after the handler finished');
    t.equal(sub.position, 1);
  });

  t.test('close() stops subscriptions; a store can be subscribed from the middle', async (t) => {
    const store = await open();
    await store.append(manyRequests('m', 4));
    const seen: number[] = [];
    store.subscribe(3, async (batch) => void seen.push(...positionsOf(batch)));
    await waitFor(() => seen.length === 1, 5_000, 'the event after 3');
    t.same(seen, [4]);
    await store.close();
    t.pass('closed with a live subscription');
  });
}

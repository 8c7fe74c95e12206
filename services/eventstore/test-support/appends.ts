import { WrongExpectedVersionError, type AppendRequest } from '@exch/contracts';
import { freshStore, manyRequests, newEvent, positionsOf, range, type OpenStore, type TapTest } from './fixtures.js';

/** Appends: what they return, how a stream reads back, expected versions, repeated ids, atomic batches, gap-free positions. */
export function appendsContract(t: TapTest, open: OpenStore): void {
  t.test('append, then read a stream and the whole log', async (t) => {
    const store = await freshStore(open, t);
    t.equal(await store.head(), 0, 'an empty log is at position 0');
    const [first] = await store.append([
      {
        streamId: 'wallet-1',
        expectedVersion: 'no_stream',
        events: [newEvent('a1', { amount: 100 }), newEvent('a2', { amount: -40 })],
      },
    ]);
    t.same(first, { streamId: 'wallet-1', streamVersion: 2, positions: [1, 2], duplicate: false });

    const results = await store.append([
      { streamId: 'wallet-2', expectedVersion: 'no_stream', events: [newEvent('b1')] },
      { streamId: 'wallet-1', expectedVersion: 2, events: [newEvent('a3', null)] },
      { streamId: 'wallet-2', expectedVersion: 1, events: [newEvent('b2')] },
    ]);
    t.same(
      results.map((r) => [r.streamId, r.streamVersion, r.positions]),
      [
        ['wallet-2', 1, [3]],
        ['wallet-1', 3, [4]],
        ['wallet-2', 2, [5]],
      ],
      'one batch: positions in request order, two requests on one stream chain',
    );

    const wallet1 = await store.readStream('wallet-1');
    t.same(
      wallet1.map((e) => [e.eventId, e.streamVersion, e.position]),
      [
        ['a1', 1, 1],
        ['a2', 2, 2],
        ['a3', 3, 4],
      ],
    );
    const a1 = wallet1[0]!;
    t.same(a1.data, { amount: 100 });
    t.equal(a1.type, 'TestHappened');
    t.equal(a1.schemaVersion, 1);
    t.same(a1.metadata, newEvent('a1').metadata);
    t.match(a1.recordedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'recordedAt is ISO 8601');
    t.equal(wallet1[2]!.data, null, 'null data round-trips');
    t.same(positionsOf(await store.readStream('wallet-1', 2)), [2, 4], 'readStream from a version');
    t.same(await store.readStream('nobody'), [], 'an unknown stream reads empty');
    t.same(positionsOf(await store.readAll(0, 100)), [1, 2, 3, 4, 5]);
    t.equal(await store.head(), 5);
  });

  t.test('expected version conflicts throw a typed error and write nothing', async (t) => {
    const store = await freshStore(open, t);
    await store.append([{ streamId: 's', expectedVersion: 'no_stream', events: [newEvent('e1')] }]);
    const cases: [AppendRequest['expectedVersion'], string, number][] = [
      [0, 's', 1],
      [2, 's', 1],
      ['no_stream', 's', 1],
      [1, 'missing', 0],
    ];
    for (const [expectedVersion, streamId, actual] of cases) {
      const err = await store
        .append([{ streamId, expectedVersion, events: [newEvent(`x-${streamId}-${expectedVersion}`)] }])
        .then(
          () => null,
          (e: unknown) => e,
        );
      t.type(err, WrongExpectedVersionError, `${streamId} expecting ${expectedVersion}`);
      t.match(err, { code: 'WRONG_EXPECTED_VERSION', streamId, expected: String(expectedVersion), actual });
    }
    t.equal(await store.head(), 1, 'nothing was written');
    t.same(positionsOf(await store.readAll(0, 10)), [1]);
    const [ok] = await store.append([
      { streamId: 's', expectedVersion: 1, events: [newEvent('e2')] },
      { streamId: 's', expectedVersion: 'any', events: [newEvent('e3')] },
      { streamId: 'fresh', expectedVersion: 0, events: [newEvent('f1')] },
    ]);
    t.equal(ok!.streamVersion, 2, 'the right version still appends');
    t.equal(await store.head(), 4, "'any' and version 0 of a new stream append too");
  });

  t.test('repeating an event id returns the first result and writes no new row', async (t) => {
    const store = await freshStore(open, t);
    const request: AppendRequest = {
      streamId: 'order-1',
      expectedVersion: 'no_stream',
      events: [newEvent('o1'), newEvent('o2')],
    };
    const [first] = await store.append([request]);
    await store.append([{ streamId: 'order-1', expectedVersion: 2, events: [newEvent('o3')] }]);
    const [again] = await store.append([request]);
    t.same(
      again,
      { ...first, duplicate: true },
      'same positions and version, flagged duplicate (expected version not re-checked)',
    );
    t.equal(await store.head(), 3, 'no new row');

    const [mixed] = await store.append([
      { streamId: 'order-1', expectedVersion: 3, events: [newEvent('o2'), newEvent('o4')] },
    ]);
    t.same(
      mixed,
      { streamId: 'order-1', streamVersion: 4, positions: [2, 4], duplicate: false },
      'only the new event is written',
    );

    const inOneBatch = await store.append([
      { streamId: 'order-2', expectedVersion: 'any', events: [newEvent('p1')] },
      { streamId: 'order-2', expectedVersion: 'any', events: [newEvent('p1')] },
    ]);
    t.same(
      inOneBatch[1],
      { streamId: 'order-2', streamVersion: 1, positions: [5], duplicate: true },
      'an id repeated inside one batch is written once',
    );
    const { rows } = await store.sql.query<{ n: number | string }>(`select count(*) as n from events`);
    t.equal(Number(rows[0]!.n), 5);
  });

  t.test('a batch is atomic: one bad request means nothing is written', async (t) => {
    const store = await freshStore(open, t);
    await store.append([{ streamId: 'b', expectedVersion: 'no_stream', events: [newEvent('b1')] }]);
    await t.rejects(
      store.append([
        { streamId: 'a', expectedVersion: 'no_stream', events: [newEvent('a1'), newEvent('a2')] },
        { streamId: 'b', expectedVersion: 5, events: [newEvent('b2')] },
      ]),
      WrongExpectedVersionError,
    );
    t.same(await store.readStream('a'), [], 'the good request was not written');
    t.equal(await store.head(), 1);
    const [a] = await store.append([{ streamId: 'a', expectedVersion: 'no_stream', events: [newEvent('a1')] }]);
    t.same(
      a,
      { streamId: 'a', streamVersion: 1, positions: [2], duplicate: false },
      'its ids and stream are still free',
    );
  });

  t.test('positions stay gap-free after failed appends and under concurrency', async (t) => {
    const store = await freshStore(open, t);
    await store.append(manyRequests('ok', 2));
    // Fails inside the database (type is not null) after positions were assigned.
    const broken = { ...newEvent('broken'), type: null as unknown as string };
    await t.rejects(
      store.append([{ streamId: 'x', expectedVersion: 'any', events: [broken] }]),
      'a database error fails the append',
    );
    await t.rejects(
      store.append([{ streamId: 'stream-ok', expectedVersion: 0, events: [newEvent('late')] }]),
      WrongExpectedVersionError,
    );
    const [next] = await store.append([{ streamId: 'x', expectedVersion: 'any', events: [newEvent('after')] }]);
    t.same(next!.positions, [3], 'the failed appends consumed no position');

    const parallel = await Promise.all(range(1, 20).map((i) => store.append(manyRequests(`par${i}`, 2))));
    const positions = parallel.flatMap((results) => results.flatMap((r) => r.positions)).sort((a, b) => a - b);
    t.same(positions, range(4, 43), 'concurrent appends interleave without gaps or repeats');
    t.same(positionsOf(await store.readAll(0, 1000)), range(1, 43));
  });
}

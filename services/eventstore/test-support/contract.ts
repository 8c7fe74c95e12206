/**
 * The EventStore contract, run against every driver (test/pglite.test.ts, test/postgres.test.ts).
 * It lives outside test/ because tap runs every file of a folder it is given as a test.
 * `open` must give a store on a fresh, empty log; the suite closes what it opens.
 */
import t from 'tap';
import {
  StaleEpochError,
  WrongExpectedVersionError,
  type AppendRequest,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '@exch/contracts';

export type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];
export type OpenStore = () => Promise<EventStore>;

/**
 * The log is large in production and small here: with sequential scans priced out, the plan shows
 * whether an index can serve the read at all (a read that must scan the log would not).
 */
async function planOf(store: EventStore, sql: string, params: unknown[]): Promise<string> {
  return store.sql.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

export function newEvent(eventId: string, data: unknown = { eventId }, type = 'TestHappened'): NewEvent {
  return {
    eventId,
    type,
    schemaVersion: 1,
    data,
    metadata: {
      commandId: `cmd-${eventId}`,
      correlationId: `cor-${eventId}`,
      causationId: null,
      actor: 'tester',
      ip: null,
      device: null,
      at: '2026-01-01T00:00:00.000Z',
    },
  };
}

/** n single-event requests on one stream, ids prefix-1..prefix-n, expecting nothing in particular. */
export function manyRequests(prefix: string, n: number, streamId = `stream-${prefix}`): AppendRequest[] {
  return Array.from({ length: n }, (_, i) => ({
    streamId,
    expectedVersion: 'any' as const,
    events: [newEvent(`${prefix}-${i + 1}`)],
  }));
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const positionsOf = (events: StoredEvent[]) => events.map((e) => e.position);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function eventStoreContract(t: TapTest, open: OpenStore): void {
  async function fresh(tt: TapTest): Promise<EventStore> {
    const store = await open();
    tt.teardown(() => store.close());
    return store;
  }

  t.test("days are India's: every session runs in the business time zone", async (t) => {
    const store = await fresh(t);
    const { rows } = await store.sql.query<{ tz: string; day: string; inside: boolean; before: boolean }>(
      `select current_setting('TimeZone') as tz,
              to_char(timestamptz '2026-11-24T18:30:00Z', 'YYYY-MM-DD') as day,
              timestamptz '2026-11-24T18:30:00Z' >= '2026-11-25'::date as inside,
              timestamptz '2026-11-24T18:29:59Z' < '2026-11-25'::date as before`,
    );
    t.same(
      rows[0],
      { tz: 'Asia/Kolkata', day: '2026-11-25', inside: true, before: true },
      'midnight IST is 18:30 UTC the day before',
    );
  });

  t.test('append, then read a stream and the whole log', async (t) => {
    const store = await fresh(t);
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
    const store = await fresh(t);
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
    const store = await fresh(t);
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
    const store = await fresh(t);
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
    const store = await fresh(t);
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

  t.test(
    "the single writer's positioned appends: two in flight commit in order, and a failure takes the next with it",
    async (t) => {
      const store = await fresh(t);
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

  t.test("readMarket: a market's events and its bets', in position order, through the index", async (t) => {
    const store = await fresh(t);
    await store.append([
      { streamId: 'market-m1', expectedVersion: 'any', events: [newEvent('m1a', { marketId: 'm1' })] },
      { streamId: 'bet-b1', expectedVersion: 'any', events: [newEvent('b1a', { marketId: 'm1', betId: 'b1' })] },
      { streamId: 'bet-b2', expectedVersion: 'any', events: [newEvent('b2a', { marketId: 'm2', betId: 'b2' })] },
      { streamId: 'user-u1', expectedVersion: 'any', events: [newEvent('u1a', { userId: 'u1' })] },
      { streamId: 'bet-b1', expectedVersion: 'any', events: [newEvent('b1b', { marketId: 'm1', betId: 'b1' })] },
    ]);
    t.same(
      (await store.readMarket('m1')).map((e) => e.eventId),
      ['m1a', 'b1a', 'b1b'],
      "only m1's, oldest first",
    );
    t.same(await store.readMarket('nothing'), [], 'an unknown market has none');
    t.match(
      await planOf(store, `select position from events where data->>'marketId' = $1 order by position`, ['m1']),
      /events_by_market/,
      'read by the market index',
    );
  });

  t.test('readDepositsByUtr: the events of every request whose deposit named the UTR, through the index', async (t) => {
    const store = await fresh(t);
    const deposit = (id: string, utr: string) => newEvent(`${id}-asked`, { requestId: id, utr }, 'DepositRequested');
    await store.append([
      { streamId: 'payment-r1', expectedVersion: 'any', events: [deposit('r1', '123456789012')] },
      { streamId: 'payment-r2', expectedVersion: 'any', events: [deposit('r2', '999999999999')] },
      {
        streamId: 'payment-r1',
        expectedVersion: 'any',
        events: [newEvent('r1-no', { requestId: 'r1' }, 'DepositRejected')],
      },
      // Another event type carrying the same field is not a deposit's.
      { streamId: 'other', expectedVersion: 'any', events: [newEvent('x', { utr: '123456789012' })] },
      { streamId: 'payment-r3', expectedVersion: 'any', events: [deposit('r3', '123456789012')] },
    ]);
    t.same(
      (await store.readDepositsByUtr('123456789012')).map((e) => e.eventId),
      ['r1-asked', 'r1-no', 'r3-asked'],
      'both requests that named it, with what followed, oldest first',
    );
    t.same(await store.readDepositsByUtr('000000000000'), [], 'an unused UTR has none');
    t.match(
      await planOf(store, `select stream_id from events where type = 'DepositRequested' and data->>'utr' = $1`, [
        '123456789012',
      ]),
      /events_by_utr/,
      'read by the UTR index',
    );
  });

  t.test('readAll pages through the log in position order', async (t) => {
    const store = await fresh(t);
    await store.append(manyRequests('r', 25));
    t.same(positionsOf(await store.readAll(0, 10)), range(1, 10));
    t.same(positionsOf(await store.readAll(10, 10)), range(11, 20));
    t.same(positionsOf(await store.readAll(20, 10)), range(21, 25));
    t.same(await store.readAll(25, 10), []);
    t.same(positionsOf(await store.readAll(7, 2)), [8, 9]);
  });

  t.test('subscribe catches up in batches, then follows live appends in order', async (t) => {
    const store = await fresh(t);
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
    const store = await fresh(t);
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
    const store = await fresh(t);
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

  t.test('snapshots save, load and overwrite', async (t) => {
    const store = await fresh(t);
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
    const store = await fresh(t);
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

  t.test('an old epoch cannot append once a newer leader claimed the log', async (t) => {
    const store = await fresh(t);
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

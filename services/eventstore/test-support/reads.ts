import {
  freshStore,
  manyRequests,
  newEvent,
  planOf,
  positionsOf,
  range,
  type OpenStore,
  type TapTest,
} from './fixtures.js';

/** Reads: the business time zone of every session, a market's and a UTR's events through their indexes, the log page by page. */
export function readsContract(t: TapTest, open: OpenStore): void {
  t.test("days are India's: every session runs in the business time zone", async (t) => {
    const store = await freshStore(open, t);
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

  t.test("readMarket: a market's events and its bets', in position order, through the index", async (t) => {
    const store = await freshStore(open, t);
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
    const store = await freshStore(open, t);
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
    const store = await freshStore(open, t);
    await store.append(manyRequests('r', 25));
    t.same(positionsOf(await store.readAll(0, 10)), range(1, 10));
    t.same(positionsOf(await store.readAll(10, 10)), range(11, 20));
    t.same(positionsOf(await store.readAll(20, 10)), range(21, 25));
    t.same(await store.readAll(25, 10), []);
    t.same(positionsOf(await store.readAll(7, 2)), [8, 9]);
  });
}

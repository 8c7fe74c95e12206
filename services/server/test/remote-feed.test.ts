/**
 * A distributed gateway's feed (src/distributed/feed-topic.ts, RemoteFeed), folded from the feed
 * topic's messages without a broker: changes pass on, a whole state passes on only what changed
 * and replaces the picture, so what the feed has forgotten is not kept for months.
 */
import t from 'tap';
import type { Catalogue, FeedUpdate } from '@exch/contracts';
import { RemoteFeed, type FeedMessage } from '../src/distributed/feed-topic.js';

const price = (marketId: string, back: number): FeedUpdate => ({
  type: 'exchange',
  marketId,
  selectionId: 1,
  status: 'ACTIVE',
  back: [{ price: back, size: 100 }],
  lay: [{ price: back + 2, size: 100 }],
});

const catalogue = (marketIds: string[]): Catalogue => ({
  sports: [],
  series: [],
  matches: [],
  markets: marketIds.map((marketId) => ({ marketId }) as Catalogue['markets'][number]),
});

const state = (updates: FeedUpdate[]): FeedMessage => ({
  kind: 'state',
  catalogue: catalogue(updates.map((u) => (u.type === 'score' ? u.matchId : u.marketId))),
  updates,
});

t.test('changes pass on; a whole state passes on what changed and drops what it no longer carries', async (t) => {
  const feed = new RemoteFeed();
  const heard: FeedUpdate[] = [];
  feed.subscribe((u) => heard.push(u));

  feed.receive(state([price('a', 150), price('b', 200)]));
  t.equal(heard.length, 2, 'the first state: everything is new');
  feed.receive({ kind: 'updates', updates: [price('b', 202)] });
  t.same(heard.at(-1), price('b', 202), 'a change');
  heard.length = 0;

  feed.receive(state([price('b', 202), price('c', 300)]));
  t.same(heard, [price('c', 300)], 'a state passes on only what changed');
  t.same(
    feed.snapshot().map((u) => (u.type === 'score' ? u.matchId : u.marketId)),
    ['b', 'c'],
    'market a, which the feed no longer carries, is gone',
  );
  t.same(
    feed.catalogue().markets.map((m) => m.marketId),
    ['b', 'c'],
  );
});

t.test('a year of daily markets: the picture holds what the feed carries now', async (t) => {
  const feed = new RemoteFeed();
  for (let day = 0; day < 365; day++) {
    const today = [price(`d${day}-1`, 150), price(`d${day}-2`, 160)];
    feed.receive(state(today));
    feed.receive({ kind: 'updates', updates: [price(`d${day}-1`, 152)] });
  }
  t.equal(feed.snapshot().length, 2, "today's two markets, not 730");
});

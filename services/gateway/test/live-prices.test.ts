import t from 'tap';
import type { Catalogue, FeedPort, FeedUpdate } from '@exch/contracts';
import { COALESCE_MS, LivePrices } from '../src/markets/live-prices.js';

/** A feed the test drives by hand. */
function fakeFeed(initial: FeedUpdate[]): FeedPort & { emit(u: FeedUpdate): void } {
  const listeners = new Set<(u: FeedUpdate) => void>();
  const catalogue: Catalogue = {
    sports: [],
    series: [],
    matches: [],
    markets: [
      {
        marketId: 'm.mo',
        matchId: 'm',
        kind: 'match_odds',
        name: 'Match Odds',
        runners: [{ selectionId: 1, name: 'A' }],
      },
    ],
  };
  return {
    catalogue: () => catalogue,
    snapshot: () => initial,
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    start() {},
    stop() {},
    emit: (u) => listeners.forEach((l) => l(u)),
  };
}

const runner = (price: number): FeedUpdate => ({
  type: 'exchange',
  marketId: 'm.mo',
  selectionId: 1,
  status: 'ACTIVE',
  back: [{ price, size: 100 }],
  lay: [{ price: price + 1, size: 100 }],
});
const score = (runs: number): FeedUpdate => ({
  type: 'score',
  matchId: 'm',
  innings: 1,
  battingTeam: 'A',
  runs,
  wickets: 0,
  balls: 6,
  overs: '1.0',
  previous: [],
  maxOvers: 20,
  target: null,
  batsmen: [],
  bowlers: [],
  toss: null,
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('keeps the latest update per key and hands on one coalesced batch per burst', async (t) => {
  const feed = fakeFeed([runner(150)]);
  const batches: FeedUpdate[][] = [];
  const prices = new LivePrices(feed, (updates) => batches.push(updates));
  prices.start();
  t.teardown(() => prices.stop());
  t.match(prices.exchange('m.mo', 1), { back: [{ price: 150 }] }, 'the snapshot is there before any change');
  t.equal(prices.score('m'), undefined);

  for (const p of [151, 152, 153]) feed.emit(runner(p));
  feed.emit(score(4));
  t.match(prices.exchange('m.mo', 1), { back: [{ price: 153 }] }, 'reads see every change at once');
  t.same(batches, [], 'pushes wait for the coalescing window');
  await wait(COALESCE_MS + 50);
  t.equal(batches.length, 1);
  t.same(
    batches[0]!.map((u) => u.type),
    ['exchange', 'score'],
    'one update per key',
  );
  t.match(batches[0]![0], { back: [{ price: 153 }] }, 'the latest of the burst');
  t.equal(prices.matchOf(batches[0]![0]!), 'm');
  t.equal(prices.matchOf(score(1)), 'm');

  await wait(COALESCE_MS + 50);
  t.equal(batches.length, 1, 'no change, no batch');
});

t.test('without a feed there are no prices and nothing is pushed', async (t) => {
  const prices = new LivePrices(null, () => t.fail('no push'));
  prices.start();
  t.equal(prices.exchange('m.mo', 1), undefined);
  t.equal(prices.fancy('x'), undefined);
  prices.stop();
});

t.test('a sweep drops the markets and matches the feed no longer lists, and keeps the rest', async (t) => {
  const feed = fakeFeed([runner(150), score(4)]);
  const gone: FeedUpdate = { ...runner(300), marketId: 'old.mo' } as FeedUpdate;
  const batches: FeedUpdate[][] = [];
  const prices = new LivePrices(feed, (updates) => batches.push(updates));
  prices.start();
  t.teardown(() => prices.stop());
  feed.emit(gone);
  feed.emit({ ...score(9), matchId: 'old' } as FeedUpdate);
  t.ok(prices.exchange('old.mo', 1), 'priced while the feed sends it');
  prices.sweep();
  t.equal(prices.exchange('old.mo', 1), undefined, 'a market the catalogue no longer lists is dropped');
  t.equal(prices.score('old'), undefined, "and a match's score");
  t.match(prices.exchange('m.mo', 1), { back: [{ price: 150 }] }, 'a listed market keeps its price');
  t.equal(
    prices.score('m'),
    undefined,
    "the fake catalogue lists no match, so the listed market's match score goes too",
  );
  await wait(COALESCE_MS + 50);
  t.same(batches, [], 'nothing dropped is pushed');
});

t.test('a sweep against a catalogue with no market drops nothing', async (t) => {
  const feed = fakeFeed([runner(150)]);
  feed.catalogue().markets.length = 0;
  const prices = new LivePrices(feed, () => {});
  prices.start();
  t.teardown(() => prices.stop());
  prices.sweep();
  t.match(prices.exchange('m.mo', 1), { back: [{ price: 150 }] });
});

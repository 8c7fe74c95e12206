/**
 * The liquidity model for feed-priced markets (docs/exchange.md, "A feed offer is sold once"), given
 * events / when a command / then events: what players took at a price stays taken while the feed
 * keeps showing that level; a re-sent level adds nothing, a grown one only its growth; a level that
 * shrinks below what was taken takes the take down with it, and one that goes takes it away.
 *
 * Cast: admin a > ... > dealer d > players p1, p2. Match M1, match odds `mo`, runners 1 and 2.
 */
import t from 'tap';
import type { BetFill, Command, DomainEvent, FeedUpdate, Paise, PlaceBet, PriceSize } from '@exch/contracts';
import { chipsMinted, chipsTransferred, given, userCreated as user, type Scenario } from './harness.js';

const CATALOGUE: Command = {
  type: 'SyncCatalogue',
  catalogue: {
    series: [{ id: 'S1', sportId: 4, name: 'Series' }],
    matches: [
      { id: 'M1', seriesId: 'S1', sportId: 4, name: 'A v B', startTime: '2026-11-22T09:30:00.000Z', inPlay: false },
    ],
    markets: [
      {
        marketId: 'mo',
        matchId: 'M1',
        kind: 'match_odds',
        name: 'Match Odds',
        runners: [
          { selectionId: 1, name: 'A' },
          { selectionId: 2, name: 'B' },
        ],
      },
    ],
  },
};

const ex = (
  selectionId: number,
  back: PriceSize[],
  lay: PriceSize[],
  status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE',
): FeedUpdate => ({ type: 'exchange', marketId: 'mo', selectionId, status, back, lay });

let bets = 0;
const bet = (side: 'back' | 'lay', selectionId: number, odds: number, stake: Paise): PlaceBet => ({
  type: 'PlaceBet',
  betId: `b${++bets}`,
  marketId: 'mo',
  selectionId,
  side,
  odds,
  volume: null,
  stake,
  referenceId: `ref-b${bets}`,
});

function world(): Scenario {
  const w = given(
    user('a', 'admin', null),
    user('s', 'sadmin', 'a'),
    user('m', 'smdl', 's'),
    user('g', 'mdl', 'm'),
    user('d', 'dl', 'g'),
    user('p1', 'user', 'd'),
    user('p2', 'user', 'd'),
    chipsMinted('a', 1e12),
    chipsTransferred('a', 'p1', 1_00_000_00),
    chipsTransferred('a', 'p2', 1_00_000_00),
  );
  w.do(CATALOGUE, null);
  return w;
}

/** The fills a decision's bet events took from the feed (counterBetId null). */
function feedFills(events: DomainEvent[]): Omit<BetFill, 'counterBetId'>[] {
  return events.flatMap((e) =>
    e.type === 'BetPlaced' || e.type === 'BetMatched'
      ? e.data.fills.filter((f) => f.counterBetId === null).map(({ price, size }) => ({ price, size }))
      : [],
  );
}

/** Places a bet that must be accepted; its feed fills. */
const take = (w: Scenario, command: PlaceBet, by = 'p1') => feedFills(w.do(command, by));

/** A feed update as the loop takes it: the quote, then resting orders it reaches (MatchResting); their feed fills. */
function move(w: Scenario, u: FeedUpdate): Omit<BetFill, 'counterBetId'>[] {
  w.feed(u);
  if (u.type !== 'exchange') return [];
  return feedFills(w.do({ type: 'MatchResting', marketId: u.marketId, selectionId: u.selectionId }, null));
}

t.test('a level re-sent with the same size adds nothing; a grown one adds only its growth', async (t) => {
  const w = world();
  move(w, ex(1, [{ price: 210, size: 50_000 }], [{ price: 212, size: 50_000 }]));
  t.same(take(w, bet('back', 1, 210, 50_000)), [{ price: 210, size: 50_000 }], 'p1 takes the whole ₹500 at 2.10');
  t.same(w.quotes.exchange('mo', 1)!.back, [{ price: 210, size: 0 }], 'none left at 2.10');
  // The stream sends the runner again because its second level changed; 2.10 is unchanged.
  move(
    w,
    ex(
      1,
      [
        { price: 210, size: 50_000 },
        { price: 208, size: 10_000 },
      ],
      [{ price: 212, size: 50_000 }],
    ),
  );
  t.same(take(w, bet('back', 1, 210, 50_000), 'p2'), [], 'the same ₹500 is not sold again: p2 rests at 2.10');
  // Betfair's 2.10 grows to ₹700: ₹200 of it is new, and p2's resting back at 2.10 gets it.
  t.same(move(w, ex(1, [{ price: 210, size: 70_000 }], [{ price: 212, size: 50_000 }])), [
    { price: 210, size: 20_000 },
  ]);
  t.same(w.quotes.takenOf('mo', 1, 'back'), new Map([[210, 70_000]]), 'players hold ₹700 taken at 2.10');
});

t.test('a level that shrinks keeps what was taken until the feed shows less than that', async (t) => {
  const w = world();
  move(w, ex(1, [{ price: 210, size: 100_000 }], []));
  t.same(take(w, bet('back', 1, 210, 40_000)), [{ price: 210, size: 40_000 }]);
  // Betfair traded ₹300 of the ₹1,000: ₹700 left, of which players hold ₹400. ₹300 to sell.
  move(w, ex(1, [{ price: 210, size: 70_000 }], []));
  t.same(w.quotes.exchange('mo', 1)!.back, [{ price: 210, size: 30_000 }]);
  // Down to ₹300, below the ₹400 taken: nothing to sell, and the take is held at ₹300.
  move(w, ex(1, [{ price: 210, size: 30_000 }], []));
  t.same(w.quotes.exchange('mo', 1)!.back, [{ price: 210, size: 0 }]);
  t.same(w.quotes.takenOf('mo', 1, 'back'), new Map([[210, 30_000]]));
  // Back up to ₹500: the ₹200 of growth is for sale.
  move(w, ex(1, [{ price: 210, size: 50_000 }], []));
  t.same(take(w, bet('back', 1, 210, 100_000), 'p2'), [{ price: 210, size: 20_000 }]);
});

t.test('a level that goes from within the prices shown takes its take with it', async (t) => {
  const w = world();
  const ladder = (prices: number[]) => prices.map((price) => ({ price, size: 50_000 }));
  move(w, ex(1, ladder([210, 208, 206]), []));
  t.same(take(w, bet('back', 1, 210, 50_000)), [{ price: 210, size: 50_000 }]);
  // 2.10 goes while 2.08 and 2.06 stay: Betfair traded or cancelled it.
  move(w, ex(1, ladder([212, 208, 206]), []));
  t.same(w.quotes.takenOf('mo', 1, 'back'), new Map(), 'the take at 2.10 went with its level');
  // 2.10 offered again is a new offer: the feed's increase from nothing.
  move(w, ex(1, ladder([210, 208, 206]), []));
  t.same(w.quotes.exchange('mo', 1)!.back[0], { price: 210, size: 50_000 });
});

t.test('a level beyond the worst price shown may be out of view: its take is kept', async (t) => {
  const w = world();
  const ladder = (prices: number[]) => prices.map((price) => ({ price, size: 50_000 }));
  move(w, ex(1, ladder([210, 208, 206]), []));
  t.same(take(w, bet('back', 1, 206, 150_000)), [
    { price: 210, size: 50_000 },
    { price: 208, size: 50_000 },
    { price: 206, size: 50_000 },
  ]);
  // Three better prices push 2.10 to 2.06 out of the three levels the feed sends.
  move(w, ex(1, ladder([216, 214, 212]), []));
  t.same([...w.quotes.takenOf('mo', 1, 'back').keys()], [210, 208, 206], 'kept: they may be there still');
  // They come back into view unchanged: still taken.
  move(w, ex(1, ladder([210, 208, 206]), []));
  t.same(w.quotes.exchange('mo', 1)!.back, [
    { price: 210, size: 0 },
    { price: 208, size: 0 },
    { price: 206, size: 0 },
  ]);
});

t.test('a suspension keeps what was taken', async (t) => {
  const w = world();
  move(w, ex(1, [{ price: 210, size: 50_000 }], []));
  take(w, bet('back', 1, 210, 50_000));
  move(w, ex(1, [{ price: 210, size: 50_000 }], [], 'SUSPENDED'));
  move(w, ex(1, [{ price: 210, size: 50_000 }], []));
  t.same(take(w, bet('back', 1, 210, 50_000), 'p2'), []);
});

t.test('a resting order the feed reaches fills once however often the feed re-sends that offer', async (t) => {
  const w = world();
  move(w, ex(2, [{ price: 500, size: 30_000 }], []));
  // p1 lays the outsider ₹100 at 1000: nobody offers to lay, so it rests.
  const resting = bet('lay', 2, 1000, 10_000);
  t.same(take(w, resting), []);
  // The stream offers ₹0.02 at 1000: the resting lay takes it.
  t.same(move(w, ex(2, [{ price: 500, size: 30_000 }], [{ price: 1000, size: 2 }])), [{ price: 1000, size: 2 }]);
  // Ten more messages re-send the runner (its back side moves); the ₹0.02 at 1000 is unchanged.
  for (let i = 1; i <= 10; i++)
    t.same(move(w, ex(2, [{ price: 500, size: 30_000 + i }], [{ price: 1000, size: 2 }])), [], `re-send ${i}`);
  // The offer grows to ₹0.05: the ₹0.03 of growth fills.
  t.same(move(w, ex(2, [{ price: 500, size: 30_000 }], [{ price: 1000, size: 5 }])), [{ price: 1000, size: 3 }]);
  t.equal(w.state.bets.get(resting.betId)?.unmatched, 10_000 - 5, 'p1 has ₹0.05 matched, the rest waits');
});

t.test("a market's result drops its takes with its prices", async (t) => {
  const w = world();
  move(w, ex(1, [{ price: 210, size: 50_000 }], []));
  take(w, bet('back', 1, 210, 50_000));
  w.do({ type: 'VoidMarket', marketId: 'mo' }, 'a');
  t.same(w.quotes.takenOf('mo', 1, 'back'), new Map());
  t.equal(w.quotes.exchange('mo', 1), undefined);
});

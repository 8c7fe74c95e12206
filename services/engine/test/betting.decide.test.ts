/**
 * The exchange's deciders, given events / when a command / then events, with every figure worked
 * out by hand in the comments (SPEC.md sections 4, 5 and 9; docs/exchange.md). Money in paise,
 * match odds in hundredths, bookmaker odds the rate, fancy odds the run line and volume the rate.
 *
 * Cast: admin a > sadmin s > master m > agent g > dealers d and d2; players p1, p2, p3 under d and
 * q under d2. Match M1 (cricket) with three markets: mo (match odds), bm (bookmaker), fy (fancy),
 * runners 1 India, 2 Australia, 3 The Draw.
 */
import t from 'tap';
import type { CashOut, Command, DomainEvent, FeedUpdate, Paise, PlaceBet, PriceSize } from '@exch/contracts';
import { decide, Quotes } from '../src/index.js';
import { applyQuote } from '../src/loop/feed.js';
import {
  AT,
  chipsMinted,
  chipsTransferred,
  envelope,
  given,
  positionsOf,
  refused,
  userCreated as user,
  type Scenario,
} from './harness.js';

const chips = (userId: string, amount: Paise) => chipsTransferred('a', userId, amount);

const CATALOGUE: Command = {
  type: 'SyncCatalogue',
  catalogue: {
    series: [{ id: 'S1', sportId: 4, name: 'Border-Gavaskar Trophy' }],
    matches: [
      {
        id: 'M1',
        seriesId: 'S1',
        sportId: 4,
        name: 'India v Australia',
        startTime: '2026-11-22T09:30:00.000Z',
        inPlay: false,
      },
    ],
    markets: [
      {
        marketId: 'mo',
        matchId: 'M1',
        kind: 'match_odds',
        name: 'Match Odds',
        runners: [
          { selectionId: 1, name: 'India' },
          { selectionId: 2, name: 'Australia' },
          { selectionId: 3, name: 'The Draw' },
        ],
      },
      {
        marketId: 'bm',
        matchId: 'M1',
        kind: 'bookmaker',
        name: 'Bookmaker',
        runners: [
          { selectionId: 1, name: 'India' },
          { selectionId: 2, name: 'Australia' },
          { selectionId: 3, name: 'The Draw' },
        ],
      },
      { marketId: 'fy', matchId: 'M1', kind: 'fancy', name: '6 over runs IND', fancyType: 'Normal', runners: [] },
    ],
  },
};

const ex = (
  selectionId: number,
  back: PriceSize[],
  lay: PriceSize[],
  status: 'ACTIVE' | 'SUSPENDED' | 'Ball Running' = 'ACTIVE',
): FeedUpdate => ({ type: 'exchange', marketId: 'mo', selectionId, status, back, lay });
const bmq = (
  selectionId: number,
  back: number,
  lay: number,
  status: 'ACTIVE' | 'SUSPENDED' | 'Ball Running' = 'ACTIVE',
): FeedUpdate => ({ type: 'bookmaker', marketId: 'bm', selectionId, status, back, lay });
const fyq = (
  no: [number, number],
  yes: [number, number],
  status: 'ACTIVE' | 'SUSPENDED' | 'Ball Running' = 'ACTIVE',
): FeedUpdate => ({
  type: 'fancy',
  marketId: 'fy',
  status,
  no: { line: no[0], rate: no[1] },
  yes: { line: yes[0], rate: yes[1] },
});

/** The cast with these balances, the catalogue listed and the feed's quotes in. */
function world(balances: Record<string, Paise> = { p1: 10_000_00, p2: 10_000_00, p3: 10_000_00, q: 10_000_00 }) {
  const w = given(
    user('a', 'admin', null),
    user('s', 'sadmin', 'a'),
    user('m', 'smdl', 's'),
    user('g', 'mdl', 'm'),
    user('d', 'dl', 'g'),
    user('d2', 'dl', 'g'),
    user('p1', 'user', 'd'),
    user('p2', 'user', 'd'),
    user('p3', 'user', 'd'),
    user('q', 'user', 'd2'),
    chipsMinted('a', 1e12),
    ...Object.entries(balances).map(([u, amount]) => chips(u, amount)),
  );
  w.do(CATALOGUE, null);
  w.feed(
    // India: back 2.10 x ₹50, 2.08 x ₹200, 2.06 x ₹1000; lay 2.12 x ₹500, 2.14 x ₹500.
    ex(
      1,
      [
        { price: 210, size: 5_000 },
        { price: 208, size: 20_000 },
        { price: 206, size: 100_000 },
      ],
      [
        { price: 212, size: 50_000 },
        { price: 214, size: 50_000 },
      ],
    ),
    // Australia: back 3.00 x ₹50; lay 3.10 x ₹50.
    ex(2, [{ price: 300, size: 5_000 }], [{ price: 310, size: 5_000 }]),
    // The Draw: back 20.0 x ₹1000; lay 25.0 x ₹1000.
    ex(3, [{ price: 2000, size: 100_000 }], [{ price: 2500, size: 100_000 }]),
    bmq(1, 85, 90),
    bmq(2, 110, 115),
    bmq(3, 900, 1000),
    fyq([49, 100], [50, 100]),
  );
  return w;
}

const back = (
  betId: string,
  marketId: string,
  selectionId: number | null,
  odds: number,
  stake: Paise,
  volume: number | null = null,
): PlaceBet => ({
  type: 'PlaceBet',
  betId,
  marketId,
  selectionId,
  side: 'back',
  odds,
  volume,
  stake,
  referenceId: `ref-${betId}`,
});
const lay = (
  betId: string,
  marketId: string,
  selectionId: number | null,
  odds: number,
  stake: Paise,
  volume: number | null = null,
): PlaceBet => ({
  type: 'PlaceBet',
  betId,
  marketId,
  selectionId,
  side: 'lay',
  odds,
  volume,
  stake,
  referenceId: `ref-${betId}`,
});

const RUNNER = { 1: 'India', 2: 'Australia', 3: 'The Draw' } as Record<number, string>;
/** The BetPlaced a match odds bet by p-something produces: everything spelled out but the figures under test. */
const placed = (
  u: string,
  betId: string,
  side: 'back' | 'lay',
  selectionId: number,
  odds: number,
  stake: Paise,
  fills: { price: number; size: Paise; counterBetId: string | null }[],
  unmatched: Paise,
  marketExposure: Paise,
  totalExposure: Paise,
  balance: Paise,
  seq: number,
): DomainEvent => ({
  type: 'BetPlaced',
  streamId: `bet-${betId}`,
  data: {
    betId,
    userId: u,
    marketId: 'mo',
    matchId: 'M1',
    kind: 'match_odds',
    selectionId,
    selectionName: RUNNER[selectionId]!,
    side,
    odds,
    volume: null,
    stake,
    fills,
    unmatched,
    persistence: 'LAPSE',
    marketExposure,
    totalExposure,
    balance,
    referenceId: `ref-${betId}`,
    seq,
  },
});

t.test('match odds: matching', async (t) => {
  t.test('a back fills at better prices than asked (price improvement), best first', async (t) => {
    const w = world();
    // Back India at 2.00 for ₹100: takes 2.10 x ₹50, then 2.08 x ₹50 (both better than 2.00).
    // Profit floor(1.10 x 5000) + floor(1.08 x 5000) = 5500 + 5400 = 10900; loses the ₹100 stake.
    // Book: India +109.00, Australia -100.00, Draw -100.00: exposure 10000.
    const d = w.when(back('b1', 'mo', 1, 200, 10_000), 'p1');
    t.same(d, {
      ok: true,
      events: [
        placed(
          'p1',
          'b1',
          'back',
          1,
          200,
          10_000,
          [
            { price: 210, size: 5_000, counterBetId: null },
            { price: 208, size: 5_000, counterBetId: null },
          ],
          0,
          10_000,
          10_000,
          10_000_00,
          1,
        ),
      ],
    });
    w.given(...(d.ok ? d.events : []));
    t.same(Object.fromEntries(w.state.books), {}, 'nothing rests');
    t.equal(w.exposure('p1'), 10_000);
  });

  t.test('partial fill: the rest waits unmatched on the book at the asked price', async (t) => {
    const w = world();
    // Back India at 2.10 for ₹200: only 2.10 x ₹50 is at 2.10 or better; ₹150 rests at 2.10.
    // Matched wins floor(1.10 x 5000) = 5500; India +55.00, elsewhere -(50 + 150) = -200.00.
    const d = w.when(back('b1', 'mo', 1, 210, 20_000), 'p1');
    t.same(d, {
      ok: true,
      events: [
        placed(
          'p1',
          'b1',
          'back',
          1,
          210,
          20_000,
          [{ price: 210, size: 5_000, counterBetId: null }],
          15_000,
          20_000,
          20_000,
          10_000_00,
          1,
        ),
      ],
    });
    w.do(back('b1', 'mo', 1, 210, 20_000), 'p1');
    t.same(w.state.books.get('mo|1'), {
      backs: [{ price: 210, orders: [{ betId: 'b1', userId: 'p1', size: 15_000, seq: 1 }] }],
      lays: [],
    });
    t.same(w.state.bets.get('b1')!.fills, [{ price: 210, size: 5_000 }]);
    // The feed's ₹50 at 2.10 was taken: a second backer at 2.10 finds none and rests too.
    const second = w.when(back('b2', 'mo', 1, 210, 10_000), 'p2');
    t.match(second, { ok: true, events: [{ data: { fills: [], unmatched: 10_000 } }] });
  });

  t.test(
    "time priority between two players' resting lays at one price; the backer matches them and both counter bets get BetMatched",
    async (t) => {
      const w = world();
      // Lays on Australia at 3.05 do not reach the feed's lay offers (3.10): they rest, p1 first.
      // Liability of a ₹100 lay at 3.05: ceil(2.05 x 10000) = 20500 on Australia.
      const l1 = w.do(lay('l1', 'mo', 2, 305, 10_000), 'p1');
      t.same(l1, [placed('p1', 'l1', 'lay', 2, 305, 10_000, [], 10_000, 20_500, 20_500, 10_000_00, 1)]);
      w.do(lay('l2', 'mo', 2, 305, 10_000), 'p2');
      t.same(w.state.books.get('mo|2')!.lays, [
        {
          price: 305,
          orders: [
            { betId: 'l1', userId: 'p1', size: 10_000, seq: 1 },
            { betId: 'l2', userId: 'p2', size: 10_000, seq: 2 },
          ],
        },
      ]);
      // p3 backs Australia at 3.05 for ₹150: the feed's back 3.00 is worse; the players' 3.05 is not.
      // p1's lay fills first (₹100), then ₹50 of p2's. p3: win floor(2.05 x 15000) = 30750, lose 15000.
      // p1: all matched, lay liability 20500, wins 10000 elsewhere: exposure 20500.
      // p2: ₹50 matched (liability ceil(2.05 x 5000) = 10250) + ₹50 unmatched (10250): exposure 20500.
      const d = w.when(back('b3', 'mo', 2, 305, 15_000), 'p3');
      t.same(d, {
        ok: true,
        events: [
          placed(
            'p3',
            'b3',
            'back',
            2,
            305,
            15_000,
            [
              { price: 305, size: 10_000, counterBetId: 'l1' },
              { price: 305, size: 5_000, counterBetId: 'l2' },
            ],
            0,
            15_000,
            15_000,
            10_000_00,
            3,
          ),
          {
            type: 'BetMatched',
            streamId: 'bet-l1',
            data: {
              betId: 'l1',
              userId: 'p1',
              marketId: 'mo',
              fills: [{ price: 305, size: 10_000, counterBetId: 'b3' }],
              unmatched: 0,
              marketExposure: 20_500,
              totalExposure: 20_500,
            },
          },
          {
            type: 'BetMatched',
            streamId: 'bet-l2',
            data: {
              betId: 'l2',
              userId: 'p2',
              marketId: 'mo',
              fills: [{ price: 305, size: 5_000, counterBetId: 'b3' }],
              unmatched: 5_000,
              marketExposure: 20_500,
              totalExposure: 20_500,
            },
          },
        ],
      });
      w.given(...(d.ok ? d.events : []));
      t.same(
        w.state.books.get('mo|2')!.lays,
        [{ price: 305, orders: [{ betId: 'l2', userId: 'p2', size: 5_000, seq: 2 }] }],
        "p2's rest stays first in line",
      );
      t.same(w.state.bets.get('l1')!.fills, [{ price: 305, size: 10_000 }]);
      t.equal(w.state.bets.get('l2')!.unmatched, 5_000);
    },
  );

  t.test('a lay takes a resting back at a better price than it asked', async (t) => {
    const w = world();
    // p1 rests a back on Australia at 3.05 (the feed's back 3.00 is below it). p2 lays at 3.10:
    // the resting back at 3.05 is the better (lower) price for a layer, so it fills there, before the feed's 3.10.
    w.do(back('b1', 'mo', 2, 305, 20_000), 'p1');
    const d = w.when(lay('l2', 'mo', 2, 310, 10_000), 'p2');
    // p2 liability ceil(2.05 x 10000) = 20500; p1 now: ₹100 matched (win 20500), ₹100 unmatched; loses ₹200 elsewhere.
    t.same(d, {
      ok: true,
      events: [
        placed(
          'p2',
          'l2',
          'lay',
          2,
          310,
          10_000,
          [{ price: 305, size: 10_000, counterBetId: 'b1' }],
          0,
          20_500,
          20_500,
          10_000_00,
          2,
        ),
        {
          type: 'BetMatched',
          streamId: 'bet-b1',
          data: {
            betId: 'b1',
            userId: 'p1',
            marketId: 'mo',
            fills: [{ price: 305, size: 10_000, counterBetId: 'l2' }],
            unmatched: 10_000,
            marketExposure: 20_000,
            totalExposure: 20_000,
          },
        },
      ],
    });
  });

  t.test("a player's own resting orders are never matched against his new bet", async (t) => {
    const w = world();
    w.do(lay('l1', 'mo', 2, 305, 10_000), 'p1');
    // p1 backs Australia at 3.05: his own lay at 3.05 is skipped; the feed's 3.00 is worse; it rests.
    // Exposure: lay rest loses 20500 on Australia; back rest loses 10000 on India and Draw: still 20500.
    const d = w.when(back('b1', 'mo', 2, 305, 10_000), 'p1');
    t.same(d, {
      ok: true,
      events: [placed('p1', 'b1', 'back', 2, 305, 10_000, [], 10_000, 20_500, 20_500, 10_000_00, 2)],
    });
  });

  t.test('a later match when the feed moves to a resting order (MatchResting)', async (t) => {
    const w = world();
    // p1 lays India at 2.08 for ₹200: the feed lays from 2.12, so it rests. Liability ceil(1.08 x 20000) = 21600.
    w.do(lay('l1', 'mo', 1, 208, 20_000), 'p1');
    t.equal(w.exposure('p1'), 21_600);
    // Nothing reaches it yet.
    t.same(w.when({ type: 'MatchResting', marketId: 'mo', selectionId: 1 }, null), { ok: true, events: [] });
    // The feed's lay side moves to 2.06 x ₹50, 2.08 x ₹500. Most aggressive first: ₹50 at 2.06 (better
    // for the layer), then ₹150 at 2.08. Liability ceil(1.06 x 5000) + ceil(1.08 x 15000) = 5300 + 16200 = 21500.
    w.feed(
      ex(
        1,
        [{ price: 204, size: 5_000 }],
        [
          { price: 206, size: 5_000 },
          { price: 208, size: 50_000 },
        ],
      ),
    );
    const d = w.when({ type: 'MatchResting', marketId: 'mo', selectionId: 1 }, null);
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'BetMatched',
          streamId: 'bet-l1',
          data: {
            betId: 'l1',
            userId: 'p1',
            marketId: 'mo',
            fills: [
              { price: 206, size: 5_000, counterBetId: null },
              { price: 208, size: 15_000, counterBetId: null },
            ],
            unmatched: 0,
            marketExposure: 21_500,
            totalExposure: 21_500,
          },
        },
      ],
    });
    t.same(
      w.when({ type: 'MatchResting', marketId: 'mo', selectionId: 1 }, 'p1'),
      refused('FORBIDDEN', 'Resting orders are matched by the system'),
    );
    w.given(...(d.ok ? d.events : []));
    t.same(w.state.books.get('mo|1'), { backs: [], lays: [] }, 'the order left the book');
    t.same(
      w.quotes.exchange('mo', 1)!.lay,
      [
        { price: 206, size: 5_000 },
        { price: 208, size: 50_000 },
      ],
      'given() folds without the loop, so the quote is untouched',
    );
  });

  t.test(
    'a lay filled in parts never needs a paisa more than it reserved (liability rounds up once per bet)',
    async (t) => {
      // p1 holds exactly ₹205.07 and lays Australia ₹100.03 at 3.05: liability ceil(2.05 x 10003) = ceil(20506.15) = 20507, all of it.
      const w = world({ p1: 20_507 });
      w.do(lay('l1', 'mo', 2, 305, 10_003), 'p1');
      t.equal(w.exposure('p1'), 20_507);
      // The feed offers ₹100.01 at 3.05: 10001 fills, 2 paise rest. Rounded per part it would be
      // ceil(20502.05) + ceil(4.10) = 20503 + 5 = 20508, a paisa past the balance; rounded once, ceil(20506.15) = 20507.
      w.feed(
        ex(
          2,
          [{ price: 300, size: 5_000 }],
          [
            { price: 305, size: 10_001 },
            { price: 310, size: 5_000 },
          ],
        ),
      );
      const d = w.when({ type: 'MatchResting', marketId: 'mo', selectionId: 2 }, null);
      t.same(d, {
        ok: true,
        events: [
          {
            type: 'BetMatched',
            streamId: 'bet-l1',
            data: {
              betId: 'l1',
              userId: 'p1',
              marketId: 'mo',
              fills: [{ price: 305, size: 10_001, counterBetId: null }],
              unmatched: 2,
              marketExposure: 20_507,
              totalExposure: 20_507,
            },
          },
        ],
      });
      w.given(...(d.ok ? d.events : []));
      // Cancelling the 2 paise leaves the matched liability, ceil(20502.05) = 20503; Australia winning takes exactly that.
      t.match(w.when({ type: 'CancelBet', betId: 'l1' }, 'p1'), {
        ok: true,
        events: [{ data: { size: 2, marketExposure: 20_503, totalExposure: 20_503 } }],
      });
      w.do({ type: 'CancelBet', betId: 'l1' }, 'p1');
      t.match(w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 2, runs: null }, 'a'), {
        ok: true,
        events: [{ data: { bets: [{ betId: 'l1', outcome: 'lost', pnl: -20_503 }] } }],
      });
      // Two fills at different prices round once too: lay ₹100.01 taking 2.06 x 5000 and 2.08 x 5001:
      // ceil((106 x 5000 + 108 x 5001) / 100) = ceil(10701.08) = 10702 (per fill: 5300 + ceil(5401.08) = 10702 as well, here).
      const w2 = world();
      w2.feed(
        ex(
          1,
          [{ price: 204, size: 5_000 }],
          [
            { price: 206, size: 5_000 },
            { price: 208, size: 5_001 },
          ],
        ),
      );
      t.match(w2.when(lay('l2', 'mo', 1, 208, 10_001), 'p2'), {
        ok: true,
        events: [
          {
            data: {
              fills: [
                { price: 206, size: 5_000 },
                { price: 208, size: 5_001 },
              ],
              unmatched: 0,
              marketExposure: 10_702,
            },
          },
        ],
      });
    },
  );

  t.test('no rematch while the runner is suspended', async (t) => {
    const w = world();
    w.do(lay('l1', 'mo', 1, 208, 20_000), 'p1');
    w.feed(ex(1, [], [{ price: 206, size: 50_000 }], 'SUSPENDED'));
    t.same(w.when({ type: 'MatchResting', marketId: 'mo', selectionId: 1 }, null), { ok: true, events: [] });
  });
});

t.test('cancel and delete', async (t) => {
  const setup = () => {
    const w = world();
    // Back India at 2.10 for ₹200: ₹50 matched (win 5500), ₹150 resting. Exposure 20000.
    w.do(back('b1', 'mo', 1, 210, 20_000), 'p1');
    return w;
  };
  t.test('the player cancels the unmatched rest: exposure falls to the matched part', async (t) => {
    const w = setup();
    // After: India +55.00, elsewhere -50.00: exposure 5000.
    const d = w.when({ type: 'CancelBet', betId: 'b1' }, 'p1');
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'BetCancelled',
          streamId: 'bet-b1',
          data: {
            betId: 'b1',
            userId: 'p1',
            marketId: 'mo',
            size: 15_000,
            by: 'player',
            marketExposure: 5_000,
            totalExposure: 5_000,
          },
        },
      ],
    });
    w.given(...(d.ok ? d.events : []));
    t.same(w.state.books.get('mo|1'), { backs: [], lays: [] });
    t.equal(w.state.bets.get('b1')!.unmatched, 0);
    t.same(
      w.when({ type: 'CancelBet', betId: 'b1' }, 'p1'),
      refused('NOTHING_UNMATCHED', 'This bet has no unmatched stake to cancel'),
    );
  });
  t.test('an upline (the agent two levels up) cancels it, marked admin', async (t) => {
    const w = setup();
    t.match(w.when({ type: 'CancelBet', betId: 'b1' }, 'g'), {
      ok: true,
      events: [{ type: 'BetCancelled', data: { by: 'admin', size: 15_000, totalExposure: 5_000 } }],
    });
  });
  t.test('a stranger is refused: another dealer, another player', async (t) => {
    const w = setup();
    const no = refused('NOT_DOWNLINE', "You can only cancel your own bets or your downline's");
    t.same(w.when({ type: 'CancelBet', betId: 'b1' }, 'd2'), no);
    t.same(w.when({ type: 'CancelBet', betId: 'b1' }, 'p2'), no);
    t.same(
      w.when({ type: 'CancelBet', betId: 'nope' }, 'p1'),
      refused('BET_NOT_FOUND', 'Invalid bet data. Unable to delete.'),
    );
  });
  t.test('an upline deletes a pending bet: void, exposure released; the player cannot', async (t) => {
    const w = setup();
    t.same(
      w.when({ type: 'DeleteBets', betIds: ['b1'] }, 'p1'),
      refused('NOT_DOWNLINE', 'You can only delete bets of your downline'),
    );
    t.same(w.when({ type: 'DeleteBets', betIds: [] }, 'd'), refused('NO_SELECTION', 'Please select one item'));
    const d = w.when({ type: 'DeleteBets', betIds: ['b1'] }, 'd');
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'BetDeleted',
          streamId: 'bet-b1',
          data: { betId: 'b1', userId: 'p1', marketId: 'mo', marketExposure: 0, totalExposure: 0 },
        },
      ],
    });
    w.given(...(d.ok ? d.events : []));
    t.equal(w.state.bets.get('b1')!.status, 'deleted');
    t.same(w.state.books.get('mo|1'), { backs: [], lays: [] });
    t.same(positionsOf(w.state).pnl, {});
    t.same(
      w.when({ type: 'DeleteBets', betIds: ['b1'] }, 'd'),
      refused('NOT_PENDING', 'Only pending bets can be deleted'),
    );
  });
  t.test("deleting one player's bets in two markets at once releases both", async (t) => {
    const w = setup();
    // p1 also backs India on the bookmaker at rate 85 for ₹100: exposure 20000 + 10000 = 30000.
    w.do(back('k1', 'bm', 1, 85, 10_000), 'p1');
    t.equal(w.exposure('p1'), 30_000);
    const d = w.when({ type: 'DeleteBets', betIds: ['b1', 'k1'] }, 'd');
    t.match(d, {
      ok: true,
      events: [
        { type: 'BetDeleted', data: { betId: 'b1', marketExposure: 0, totalExposure: 0 } },
        { type: 'BetDeleted', data: { betId: 'k1', marketExposure: 0, totalExposure: 0 } },
      ],
    });
    w.given(...(d.ok ? d.events : []));
    t.equal(w.exposure('p1'), 0);
  });
});

t.test('exposure', async (t) => {
  t.test('several bets across the runners of one market; a hedge is allowed when nothing is available', async (t) => {
    const w = world({ p1: 10_000 }); // ₹100
    w.given({
      type: 'MarketSettingsSet',
      data: { marketId: 'mo', minStake: 100, maxStake: 5_00_000_00, betDelaySec: 0, commissionBp: 200 },
    });
    // Back India ₹100 at 2.10 (matched at 2.10): India +110.00, Australia -100.00, Draw -100.00.
    w.do(back('b1', 'mo', 1, 210, 5_000), 'p1');
    w.feed(ex(1, [{ price: 210, size: 50_000 }], [{ price: 212, size: 50_000 }]));
    w.do(back('b2', 'mo', 1, 210, 5_000), 'p1');
    t.equal(w.exposure('p1'), 10_000, 'the whole balance is at risk: available 0');
    // Lay India ₹100 at 2.12 (matched): India -112.00, elsewhere +100.00.
    // Book: India 110.00 - 112.00 = -2.00; Australia and Draw 0. Exposure falls to 200: allowed.
    const hedge = w.when(lay('h1', 'mo', 1, 212, 10_000), 'p1');
    t.match(hedge, {
      ok: true,
      events: [
        {
          type: 'BetPlaced',
          data: { fills: [{ price: 212, size: 10_000 }], marketExposure: 200, totalExposure: 200, balance: 10_000 },
        },
      ],
    });
    w.given(...(hedge.ok ? hedge.events : []));
    // A new risk: back the Draw ₹100 at 20.0. Book: India -2.00 - 100.00, Australia -100.00, Draw +1900 - 0:
    // exposure 10200 > balance 10000: needs 10200 - 200 = ₹100.00 more, available 10000 - 200 = ₹98.00.
    t.same(
      w.when(back('x', 'mo', 3, 2000, 10_000), 'p1'),
      refused('INSUFFICIENT_BALANCE', 'Insufficient balance: this bet needs ₹100.00, available ₹98.00'),
    );
    // ₹98 on the Draw is affordable exactly: exposure 200 + 9800 = 10000.
    t.match(w.when(back('x', 'mo', 3, 2000, 9_800), 'p1'), {
      ok: true,
      events: [{ data: { marketExposure: 10_000, totalExposure: 10_000 } }],
    });
  });

  t.test('exposure adds up across markets and is checked against the balance', async (t) => {
    const w = world({ p1: 25_000 }); // ₹250
    w.do(back('b1', 'mo', 1, 200, 10_000), 'p1'); // 10000 at risk
    w.do(lay('k1', 'bm', 2, 115, 10_000), 'p1'); // bookmaker lay Australia at 115: liability ceil(1.15 x 10000) = 11500
    t.equal(w.exposure('p1'), 21_500);
    t.same(positionsOf(w.state).marketExposure, { 'p1|mo': 10_000, 'p1|bm': 11_500 });
    t.same(
      w.when(back('f1', 'fy', null, 50, 10_000, 100), 'p1'),
      refused('INSUFFICIENT_BALANCE', 'Insufficient balance: this bet needs ₹100.00, available ₹35.00'),
    );
  });

  t.test('fancy run ladder: Yes and No at different lines', async (t) => {
    const w = world();
    // Yes at 50 (rate 100) for ₹100: +100.00 at 50 runs or more, -100.00 below.
    const yes = w.when(back('y1', 'fy', null, 50, 10_000, 100), 'p1');
    t.same(yes, {
      ok: true,
      events: [
        {
          type: 'BetPlaced',
          streamId: 'bet-y1',
          data: {
            betId: 'y1',
            userId: 'p1',
            marketId: 'fy',
            matchId: 'M1',
            kind: 'fancy',
            selectionId: null,
            selectionName: '6 over runs IND',
            side: 'back',
            odds: 50,
            volume: 100,
            stake: 10_000,
            fills: [{ price: 50, size: 10_000, counterBetId: null }],
            unmatched: 0,
            persistence: 'LAPSE',
            marketExposure: 10_000,
            totalExposure: 10_000,
            balance: 10_000_00,
            referenceId: 'ref-y1',
            seq: 1,
          },
        },
      ],
    });
    w.given(...(yes.ok ? yes.events : []));
    // The line moves: No 48 at rate 120. No for ₹100 wins 100.00 below 48 runs, loses ceil(1.20 x 10000) = 120.00 at 48 or more.
    w.feed(fyq([48, 120], [49, 100]));
    // Ladder: 0-47 runs -100 + 100 = 0; 48-49 -100 - 120 = -220.00; 50+ +100 - 120 = -20.00. Exposure 22000.
    const no = w.when(lay('n1', 'fy', null, 48, 10_000, 120), 'p1');
    t.match(no, {
      ok: true,
      events: [{ data: { side: 'lay', odds: 48, volume: 120, marketExposure: 22_000, totalExposure: 22_000 } }],
    });
    // The other way round (Yes 48, No 50) is a middle: 0-47 0; 48-49 +200; 50+ 0: exposure 0.
    const w2 = world();
    w2.feed(fyq([47, 100], [48, 100]));
    w2.do(back('y1', 'fy', null, 48, 10_000, 100), 'p1');
    w2.feed(fyq([50, 100], [51, 100]));
    t.match(w2.when(lay('n1', 'fy', null, 50, 10_000, 100), 'p1'), {
      ok: true,
      events: [{ data: { marketExposure: 0, totalExposure: 0 } }],
    });
  });

  t.test('exposure limit set by the upline', async (t) => {
    const w = world();
    w.given({ type: 'ExposureLimitSet', data: { userId: 'p1', exposureLimit: 15_000 } });
    w.do(back('b1', 'mo', 1, 200, 10_000), 'p1');
    t.same(
      w.when(back('b2', 'mo', 2, 300, 10_000), 'p1'),
      refused('EXPOSURE_LIMIT', 'Exposure limit exceeded: your limit is ₹150.00'),
    );
    t.match(
      w.when(back('b2', 'mo', 1, 200, 10_000), 'p1'),
      { ok: false, refusal: { code: 'EXPOSURE_LIMIT' } },
      'India again: Australia/Draw would lose 200.00',
    );
  });

  t.test("stake limits, in the market's words", async (t) => {
    const w = world();
    t.same(w.when(back('b', 'mo', 1, 200, 9_999), 'p1'), refused('STAKE_TOO_LOW', 'Minimum stake is ₹100.00'));
    t.same(
      w.when(back('b', 'mo', 1, 200, 5_00_000_01), 'p1'),
      refused('STAKE_TOO_HIGH', 'Maximum stake is ₹5,00,000.00'),
    );
    t.same(
      w.when(back('b', 'fy', null, 50, 50_000_01, 100), 'p1'),
      refused('STAKE_TOO_HIGH', 'Maximum stake is ₹50,000.00'),
    );
    t.same(
      w.when(back('b', 'mo', 1, 200, 100.5), 'p1'),
      refused('INVALID_STAKE', 'Stake must be a positive amount in whole paise'),
    );
    w.given({
      type: 'MarketSettingsSet',
      data: { marketId: 'mo', minStake: 500_00, maxStake: 1_000_00, betDelaySec: 0, commissionBp: 200 },
    });
    t.same(w.when(back('b', 'mo', 1, 200, 499_99), 'p1'), refused('STAKE_TOO_LOW', 'Minimum stake is ₹500.00'));
    t.same(w.when(back('b', 'mo', 1, 200, 1_000_01), 'p1'), refused('STAKE_TOO_HIGH', 'Maximum stake is ₹1,000.00'));
    t.same(
      w.when(back('b', 'mo', 1, 202, 500_00), 'p1'),
      {
        ok: true,
        events: [
          placed(
            'p1',
            'b',
            'back',
            1,
            202,
            500_00,
            [
              { price: 210, size: 5_000, counterBetId: null },
              { price: 208, size: 20_000, counterBetId: null },
              { price: 206, size: 25_000, counterBetId: null },
            ],
            0,
            500_00,
            500_00,
            10_000_00,
            1,
          ),
        ],
      },
      'at 2.02 it takes every level down to 2.06',
    );
    t.same(
      w.when(back('b', 'mo', 1, 201, 500_00), 'p1'),
      refused('INVALID_ODDS', 'Odds must be a valid exchange price between 1.01 and 1000'),
      '2.01 is off the ladder (0.02 steps above 2)',
    );
    t.same(
      w.when(back('b', 'mo', 1, 2005, 500_00), 'p1'),
      refused('INVALID_ODDS', 'Odds must be a valid exchange price between 1.01 and 1000'),
    );
  });

  t.test('market and runner status', async (t) => {
    const w = world();
    w.given({ type: 'MarketStatusSet', data: { marketId: 'mo', status: 'SUSPENDED' } });
    t.same(w.when(back('b', 'mo', 1, 200, 10_000), 'p1'), refused('MARKET_SUSPENDED', 'Market is suspended'));
    w.given({ type: 'MarketStatusSet', data: { marketId: 'mo', status: 'CLOSED' } });
    t.same(w.when(back('b', 'mo', 1, 200, 10_000), 'p1'), refused('MARKET_CLOSED', 'Market is closed for betting'));
    t.same(w.when(back('b', 'zz', 1, 200, 10_000), 'p1'), refused('MARKET_NOT_FOUND', 'Market not found'));
    // The runner's own status comes from the feed.
    w.feed(ex(2, [], [], 'SUSPENDED'));
    t.same(
      w.when(back('b', 'mo', 2, 200, 10_000), 'p1'),
      refused('MARKET_CLOSED', 'Market is closed for betting'),
      'the market status is checked first',
    );
    const w2 = world();
    w2.feed(ex(2, [{ price: 300, size: 5_000 }], [], 'SUSPENDED'));
    t.same(w2.when(back('b', 'mo', 2, 300, 10_000), 'p1'), refused('MARKET_SUSPENDED', 'Market is suspended'));
    w2.feed(fyq([49, 100], [50, 100], 'Ball Running'));
    t.same(
      w2.when(back('b', 'fy', null, 50, 10_000, 100), 'p1'),
      refused('BALL_RUNNING', 'Ball Running: bets are not accepted right now'),
    );
    w2.feed(bmq(1, 85, 90, 'Ball Running'));
    t.same(
      w2.when(back('b', 'bm', 1, 85, 10_000), 'p1'),
      refused('BALL_RUNNING', 'Ball Running: bets are not accepted right now'),
    );
    t.same(
      w2.when(back('b', 'mo', 9, 300, 10_000), 'p1'),
      refused('INVALID_SELECTION', 'Selection not found in this market'),
    );
    const fresh = world();
    fresh.quotes = new Quotes();
    t.same(
      fresh.when(back('b', 'mo', 1, 200, 10_000), 'p1'),
      refused('NO_PRICE', 'Prices are not available yet, please try again'),
      'before the first snapshot',
    );
  });

  t.test('locks: market lock on the user and inherited from an upline, account lock, bet lock', async (t) => {
    const locked = refused(
      'MARKET_LOCKED',
      'Betting on this market is locked for your account. Please contact your upline.',
    );
    const w = world();
    // The dealer locks p1 on the match odds of M1.
    t.same(
      w.when(
        { type: 'SetMarketLock', userId: 'p1', matchId: 'M1', marketKind: null, marketId: 'mo', locked: true },
        'p2',
      ),
      refused('NOT_DOWNLINE', 'You can only lock users of your downline'),
    );
    w.do({ type: 'SetMarketLock', userId: 'p1', matchId: 'M1', marketKind: null, marketId: 'mo', locked: true }, 'd');
    t.same(w.when(back('b', 'mo', 1, 200, 10_000), 'p1'), locked);
    t.match(w.when(back('b', 'bm', 1, 85, 10_000), 'p1'), { ok: true }, 'other markets stay open');
    t.match(w.when(back('b', 'mo', 1, 200, 10_000), 'p2'), { ok: true }, 'other players stay open');
    // The master locks the agent g on every fancy of M1: p1..p3 and q (all under g) inherit it.
    w.do({ type: 'SetMarketLock', userId: 'g', matchId: 'M1', marketKind: 'fancy', marketId: null, locked: true }, 'm');
    for (const p of ['p2', 'q'])
      t.same(w.when(back('f', 'fy', null, 50, 10_000, 100), p), locked, `${p} inherits the lock`);
    w.do(
      { type: 'SetMarketLock', userId: 'g', matchId: 'M1', marketKind: 'fancy', marketId: null, locked: false },
      'm',
    );
    t.match(w.when(back('f', 'fy', null, 50, 10_000, 100), 'p2'), { ok: true }, 'unlocked');

    const w2 = world();
    w2.given({ type: 'AccountLockSet', data: { userId: 'p1', locked: true } });
    t.same(
      w2.when(back('b', 'mo', 1, 200, 10_000), 'p1'),
      refused('ACCOUNT_LOCKED', 'Your account is locked. Please contact your upline.'),
    );
    w2.given({ type: 'BetLockSet', data: { userId: 'p2', locked: true } });
    t.same(
      w2.when(back('b', 'mo', 1, 200, 10_000), 'p2'),
      refused('BET_LOCKED', 'Betting is locked for your account. Please contact your upline.'),
    );
  });

  t.test('only players place bets', async (t) => {
    const w = world({ d: 10_000_00 });
    for (const actor of ['a', 'd', null, 'ghost'])
      t.same(
        w.when(back('b', 'mo', 1, 200, 10_000), actor),
        refused('FORBIDDEN', 'Only players can place bets'),
        String(actor),
      );
  });

  t.test('bookmaker and fancy: a rate or line that moved is refused', async (t) => {
    const w = world();
    const changed = refused('ODDS_CHANGED', 'Odds changed, please place the bet again');
    t.same(w.when(back('b', 'bm', 1, 86, 10_000), 'p1'), changed);
    t.same(w.when(lay('b', 'bm', 1, 85, 10_000), 'p1'), changed, 'the lay rate is 90');
    t.same(w.when(back('b', 'fy', null, 49, 10_000, 100), 'p1'), changed, 'Yes line is 50');
    t.same(w.when(back('b', 'fy', null, 50, 10_000, 90), 'p1'), changed, 'Yes rate is 100');
    t.same(w.when(lay('b', 'fy', null, 50, 10_000, 100), 'p1'), changed, 'No line is 49');
    // Bookmaker back rate 85 on ₹100: wins 85.00 on India, loses 100.00 elsewhere.
    t.match(w.when(back('b', 'bm', 1, 85, 10_000), 'p1'), {
      ok: true,
      events: [
        {
          data: {
            kind: 'bookmaker',
            fills: [{ price: 85, size: 10_000, counterBetId: null }],
            unmatched: 0,
            marketExposure: 10_000,
          },
        },
      ],
    });
    t.same(
      w.when(back('b', 'fy', 1, 50, 10_000, 100), 'p1'),
      refused('INVALID_SELECTION', 'A fancy has no selection to choose'),
    );
  });

  t.test('a duplicate bet id is refused', async (t) => {
    const w = world();
    w.do(back('b', 'mo', 1, 200, 10_000), 'p1');
    t.same(w.when(back('b', 'mo', 1, 200, 10_000), 'p1'), refused('DUPLICATE_BET', 'This bet was already placed'));
  });
});

t.test('settlement', async (t) => {
  t.test("a result drops the market's feed prices, and the feed's later prices for it are not kept", async (t) => {
    const w = world();
    w.do(back('b1', 'mo', 1, 210, 10_000), 'p1');
    w.do({ type: 'SettleMarket', marketId: 'mo', selectionId: 1, runs: null }, 'a');
    t.equal(w.quotes.exchange('mo', 1), undefined);
    t.equal(w.quotes.exchange('mo', 3), undefined);
    t.ok(w.quotes.bookmaker('bm', 1), "another market's prices stay");
    applyQuote(w.state, w.quotes, ex(1, [{ price: 210, size: 5_000 }], [{ price: 212, size: 5_000 }]), () =>
      t.fail('nothing to journal'),
    );
    t.equal(w.quotes.exchange('mo', 1), undefined, 'a price for a settled market is not kept');
    w.do({ type: 'VoidMarket', marketId: 'fy' }, 'a');
    t.equal(w.quotes.fancy('fy'), undefined, 'nor for a voided one');
    const score: FeedUpdate = {
      type: 'score',
      matchId: 'M1',
      innings: 1,
      battingTeam: 'India',
      runs: 12,
      wickets: 0,
      balls: 6,
      overs: '1.0',
      previous: [],
      maxOvers: 20,
      target: null,
      batsmen: [],
      bowlers: [],
      toss: null,
    };
    applyQuote(w.state, w.quotes, score, () => t.fail('nothing to journal'));
    t.equal(w.quotes.score('M1'), undefined, 'a score is not kept: the engine never decides on one');
  });

  t.test('match odds winner with commission on net winnings; unmatched stake lapses', async (t) => {
    const w = world();
    // p1 backs India ₹123.45 at 2.10: win floor(1.10 x 12345) = floor(13579.5) = 13579.
    w.feed(ex(1, [{ price: 210, size: 50_000 }], [{ price: 212, size: 50_000 }]));
    w.do(back('b1', 'mo', 1, 210, 12_345), 'p1');
    // p1 also backs the Draw at 30.0, all unmatched (the feed backs at 20.0): void, lapses ₹100.
    w.do(back('b2', 'mo', 3, 3000, 10_000), 'p1');
    // p2 lays India ₹100 at 2.12: liability ceil(1.12 x 10000) = 11200.
    w.do(lay('l1', 'mo', 1, 212, 10_000), 'p2');
    t.equal(w.exposure('p1'), 22_345);
    t.equal(w.exposure('p2'), 11_200);
    t.same(
      w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 1, runs: null }, 'd'),
      refused('FORBIDDEN', 'Only admin and super admin declare results'),
    );
    t.same(
      w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 7, runs: null }, 'a'),
      refused('INVALID_RESULT', 'Choose the winner among the runners of this market'),
    );
    // India wins. p1 +13579, commission floor(13579 x 200 / 10000) = floor(271.58) = 271, wallet +13308.
    // p2 -11200, no commission. House: -(13579 - 11200) = -2379; commission account +271. Sum 13308 - 11200 - 2379 + 271 = 0.
    const d = w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 1, runs: null }, 'a', 'settle-1');
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'MarketSettled',
          streamId: 'market-mo',
          data: {
            marketId: 'mo',
            matchId: 'M1',
            settlementId: 'settle-1',
            result: { selectionId: 1 },
            bets: [
              { betId: 'b1', userId: 'p1', outcome: 'won', pnl: 13_579, lapsed: 0 },
              { betId: 'b2', userId: 'p1', outcome: 'void', pnl: 0, lapsed: 10_000 },
              { betId: 'l1', userId: 'p2', outcome: 'lost', pnl: -11_200, lapsed: 0 },
            ],
            users: [
              { userId: 'p1', pnl: 13_579, commission: 271 },
              { userId: 'p2', pnl: -11_200, commission: 0 },
            ],
            postings: [
              { account: 'wallet:p1', amount: 13_308 },
              { account: 'wallet:p2', amount: -11_200 },
              { account: 'house:pnl', amount: -2_379 },
              { account: 'house:commission', amount: 271 },
            ],
            exposures: [
              { userId: 'p1', totalExposure: 0 },
              { userId: 'p2', totalExposure: 0 },
            ],
            settledAt: AT,
          },
        },
      ],
    });
    w.given(...(d.ok ? d.events : []));
    t.equal(w.balance('p1'), 10_000_00 + 13_308);
    t.equal(w.balance('p2'), 10_000_00 - 11_200);
    t.equal(w.state.markets.get('mo')!.status, 'SETTLED');
    t.same(w.state.books.get('mo|3'), { backs: [], lays: [] }, 'the lapsed order left the book');
    t.same(positionsOf(w.state).pnl, {});
    t.same(
      w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 2, runs: null }, 'a'),
      refused('INVALID_RESULT', 'The result of this market is already declared'),
    );
    t.same(
      w.when({ type: 'VoidMarket', marketId: 'mo' }, 'a'),
      refused('INVALID_RESULT', 'The result of this market is already declared'),
      'voiding a settled market',
    );
    t.same(w.when(back('b9', 'mo', 1, 200, 10_000), 'p1'), refused('MARKET_CLOSED', 'Market is closed for betting'));
  });

  t.test('a player who wins and loses in one market pays commission on the net only', async (t) => {
    const w = world();
    w.feed(ex(1, [{ price: 210, size: 50_000 }], [{ price: 212, size: 50_000 }]));
    w.feed(ex(2, [{ price: 300, size: 50_000 }], [{ price: 310, size: 50_000 }]));
    w.do(back('b1', 'mo', 1, 210, 10_000), 'p1'); // India wins 11000
    w.do(back('b2', 'mo', 2, 300, 10_000), 'p1'); // Australia loses 10000 if India wins
    // Net +1000, commission floor(1000 x 0.02) = 20.
    t.match(w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 1, runs: null }, 'a'), {
      ok: true,
      events: [
        {
          data: {
            users: [{ userId: 'p1', pnl: 1_000, commission: 20 }],
            postings: [
              { account: 'wallet:p1', amount: 980 },
              { account: 'house:pnl', amount: -1_000 },
              { account: 'house:commission', amount: 20 },
            ],
          },
        },
      ],
    });
  });

  t.test('commission rounds down to the paisa: the fraction of a paisa stays with the player', async (t) => {
    // docs/exchange.md: commission = floor(net winnings x rate / 10,000) paise.
    // Given p1 backed India ₹100.45 at 2.10 (win floor(1.10 x 10045) = 11049) in a 2% market,
    const w = world();
    w.feed(ex(1, [{ price: 210, size: 50_000 }], [{ price: 212, size: 50_000 }]));
    w.do(back('b1', 'mo', 1, 210, 10_045), 'p1');
    // when India wins, then the commission is 220 paise (220.98 rounded down, not to the nearest 221).
    t.match(w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 1, runs: null }, 'a'), {
      ok: true,
      events: [
        {
          data: {
            users: [{ userId: 'p1', pnl: 11_049, commission: 220 }],
            postings: [
              { account: 'wallet:p1', amount: 10_829 },
              { account: 'house:pnl', amount: -11_049 },
              { account: 'house:commission', amount: 220 },
            ],
          },
        },
      ],
    });
  });

  t.test('bookmaker', async (t) => {
    const w = world();
    w.do(back('k1', 'bm', 1, 85, 20_000), 'p1'); // India at 85: wins 17000, loses 20000
    w.do(lay('k2', 'bm', 1, 90, 10_000), 'p2'); // lay India at 90: wins 10000, loses 9000
    // Australia wins: p1 -20000, p2 +10000 (bookmaker commission 0); house +10000.
    const d = w.when({ type: 'SettleMarket', marketId: 'bm', selectionId: 2, runs: null }, 'a', 'settle-bm');
    t.match(d, {
      ok: true,
      events: [
        {
          data: {
            result: { selectionId: 2 },
            bets: [
              { betId: 'k1', outcome: 'lost', pnl: -20_000 },
              { betId: 'k2', outcome: 'won', pnl: 10_000 },
            ],
            postings: [
              { account: 'wallet:p1', amount: -20_000 },
              { account: 'wallet:p2', amount: 10_000 },
              { account: 'house:pnl', amount: 10_000 },
            ],
          },
        },
      ],
    });
    t.equal(
      d.ok && d.events[0]!.type === 'MarketSettled' && d.events[0].data.postings.length,
      3,
      'no commission posting when none is due',
    );
  });

  t.test('fancy: Yes wins at runs equal to the line', async (t) => {
    const w = world();
    w.do(back('y1', 'fy', null, 50, 10_000, 100), 'p1'); // Yes 50 at 100: +10000 / -10000
    w.feed(fyq([48, 120], [49, 100]));
    w.do(lay('n1', 'fy', null, 48, 10_000, 120), 'p2'); // No 48 at 120: +10000 / -12000
    t.same(
      w.when({ type: 'SettleMarket', marketId: 'fy', selectionId: null, runs: null }, 'a'),
      refused('INVALID_RESULT', 'Enter the runs: a whole number, 0 or more'),
    );
    t.same(
      w.when({ type: 'SettleMarket', marketId: 'fy', selectionId: null, runs: -1 }, 'a'),
      refused('INVALID_RESULT', 'Enter the runs: a whole number, 0 or more'),
    );
    // 50 runs: Yes 50 wins (50 >= 50) +10000; No 48 loses (50 >= 48) -12000. House +2000.
    t.match(w.when({ type: 'SettleMarket', marketId: 'fy', selectionId: null, runs: 50 }, 'a'), {
      ok: true,
      events: [
        {
          data: {
            result: { runs: 50 },
            bets: [
              { betId: 'y1', outcome: 'won', pnl: 10_000 },
              { betId: 'n1', outcome: 'lost', pnl: -12_000 },
            ],
            postings: [
              { account: 'wallet:p1', amount: 10_000 },
              { account: 'wallet:p2', amount: -12_000 },
              { account: 'house:pnl', amount: 2_000 },
            ],
          },
        },
      ],
    });
    // 49 runs: Yes 50 loses -10000, No 48 loses -12000. 47 runs: Yes loses, No wins +10000.
    t.match(w.when({ type: 'SettleMarket', marketId: 'fy', selectionId: null, runs: 49 }, 'a'), {
      ok: true,
      events: [
        {
          data: {
            users: [
              { userId: 'p1', pnl: -10_000 },
              { userId: 'p2', pnl: -12_000 },
            ],
          },
        },
      ],
    });
    t.match(w.when({ type: 'SettleMarket', marketId: 'fy', selectionId: null, runs: 47 }, 'a'), {
      ok: true,
      events: [
        {
          data: {
            users: [
              { userId: 'p1', pnl: -10_000 },
              { userId: 'p2', pnl: 10_000 },
            ],
          },
        },
      ],
    });
  });

  t.test('void: no money moves, exposure released, after a partial cancel too', async (t) => {
    const w = world();
    w.do(back('b1', 'mo', 1, 210, 20_000), 'p1'); // ₹50 matched, ₹150 resting
    w.do({ type: 'CancelBet', betId: 'b1' }, 'p1');
    w.do(lay('l1', 'mo', 2, 305, 10_000), 'p2'); // resting
    const before = new Map(w.state.balances);
    t.same(
      w.when({ type: 'VoidMarket', marketId: 'mo' }, 'p1'),
      refused('FORBIDDEN', 'Only admin and super admin declare results'),
    );
    const d = w.when({ type: 'VoidMarket', marketId: 'mo' }, 'a', 'void-1');
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'MarketVoided',
          streamId: 'market-mo',
          data: {
            marketId: 'mo',
            matchId: 'M1',
            settlementId: 'void-1',
            betIds: ['b1', 'l1'],
            exposures: [
              { userId: 'p1', totalExposure: 0 },
              { userId: 'p2', totalExposure: 0 },
            ],
            settledAt: AT,
          },
        },
      ],
    });
    w.given(...(d.ok ? d.events : []));
    t.same(w.state.balances, before);
    t.equal(w.state.markets.get('mo')!.status, 'VOID');
    t.same(w.state.books.get('mo|2'), { backs: [], lays: [] });
    t.equal(w.exposure('p1') + w.exposure('p2'), 0);
  });

  t.test(
    'revoke posts the exact reverse, bets pending again with their exposure; redeclare with another winner',
    async (t) => {
      const w = world();
      w.feed(ex(1, [{ price: 210, size: 50_000 }], [{ price: 212, size: 50_000 }]));
      w.do(back('b1', 'mo', 1, 210, 12_345), 'p1');
      w.do(back('b2', 'mo', 3, 3000, 10_000), 'p1'); // unmatched: lapses at settlement and stays lapsed
      w.do(lay('l1', 'mo', 1, 212, 10_000), 'p2');
      const start = new Map(w.state.balances);
      const settled = w.do({ type: 'SettleMarket', marketId: 'mo', selectionId: 1, runs: null }, 'a', 'settle-1');
      const settlementPostings = settled[0]!.type === 'MarketSettled' ? settled[0].data.postings : [];
      t.same(
        w.when({ type: 'RevokeResult', marketId: 'mo' }, 'd'),
        refused('FORBIDDEN', 'Only admin and super admin revoke results'),
      );
      const d = w.when({ type: 'RevokeResult', marketId: 'mo' }, 'a');
      // p1's b1 back again: India +135.79, Australia/Draw -123.45: exposure 12345. p2's lay: 11200.
      t.same(d, {
        ok: true,
        events: [
          {
            type: 'ResultRevoked',
            streamId: 'market-mo',
            data: {
              marketId: 'mo',
              matchId: 'M1',
              settlementId: 'settle-1',
              postings: settlementPostings.map((p) => ({ account: p.account, amount: -p.amount })),
              betIds: ['b1', 'l1'],
              exposures: [
                { userId: 'p1', totalExposure: 12_345 },
                { userId: 'p2', totalExposure: 11_200 },
              ],
            },
          },
        ],
      });
      t.same((d.ok && d.events[0]!.type === 'ResultRevoked' && d.events[0].data.postings) || [], [
        { account: 'wallet:p1', amount: -13_308 },
        { account: 'wallet:p2', amount: 11_200 },
        { account: 'house:pnl', amount: 2_379 },
        { account: 'house:commission', amount: -271 },
      ]);
      w.given(...(d.ok ? d.events : []));
      t.same(
        Object.fromEntries(w.state.balances),
        { ...Object.fromEntries(start), 'house:pnl': 0, 'house:commission': 0 },
        'balances as before the result',
      );
      t.same(
        [w.state.bets.get('b1')!.status, w.state.bets.get('l1')!.status, w.state.bets.get('b2')!.status],
        ['open', 'open', 'settled'],
      );
      t.same(positionsOf(w.state).marketExposure, { 'p1|mo': 12_345, 'p2|mo': 11_200 });
      t.same([w.exposure('p1'), w.exposure('p2')], [12_345, 11_200]);
      t.equal(w.state.markets.get('mo')!.status, 'CLOSED');
      t.same(
        w.when({ type: 'RevokeResult', marketId: 'mo' }, 'a'),
        refused('NOT_SETTLED', 'This market has no declared result to revoke'),
      );
      // Redeclare: Australia. p1 -12345; p2's lay on India wins +10000, commission 200. House +12345 - 10000 = 2345.
      const again = w.when({ type: 'SettleMarket', marketId: 'mo', selectionId: 2, runs: null }, 'a', 'settle-2');
      t.match(again, {
        ok: true,
        events: [
          {
            data: {
              settlementId: 'settle-2',
              bets: [
                { betId: 'b1', outcome: 'lost', pnl: -12_345, lapsed: 0 },
                { betId: 'l1', outcome: 'won', pnl: 10_000, lapsed: 0 },
              ],
              postings: [
                { account: 'wallet:p1', amount: -12_345 },
                { account: 'wallet:p2', amount: 9_800 },
                { account: 'house:pnl', amount: 2_345 },
                { account: 'house:commission', amount: 200 },
              ],
            },
          },
        ],
      });
      w.given(...(again.ok ? again.events : []));
      t.equal(w.balance('p1'), start.get('wallet:p1')! - 12_345);
      t.equal(w.balance('p2'), start.get('wallet:p2')! + 9_800);
      t.same([w.exposure('p1'), w.exposure('p2')], [0, 0]);
      // A void revoked: no postings, the bets come back.
      const v = world();
      v.do(back('b1', 'mo', 1, 200, 10_000), 'p1');
      v.do({ type: 'VoidMarket', marketId: 'mo' }, 'a', 'void-1');
      t.match(v.when({ type: 'RevokeResult', marketId: 'mo' }, 'a'), {
        ok: true,
        events: [
          {
            data: {
              settlementId: 'void-1',
              postings: [],
              betIds: ['b1'],
              exposures: [{ userId: 'p1', totalExposure: 10_000 }],
            },
          },
        ],
      });
    },
  );
});

t.test('SyncCatalogue lists new matches and markets once, and in-play changes', async (t) => {
  const w = given();
  t.same(w.when(CATALOGUE, 'a'), refused('FORBIDDEN', 'The catalogue is synchronised by the system'));
  const first = w.when(CATALOGUE, null);
  t.same(first.ok && first.events.map((e) => [e.type, e.streamId]), [
    ['MatchListed', 'match-M1'],
    ['MarketListed', 'market-mo'],
    ['MarketListed', 'market-bm'],
    ['MarketListed', 'market-fy'],
  ]);
  t.same(first.ok && first.events[0], {
    type: 'MatchListed',
    streamId: 'match-M1',
    data: {
      matchId: 'M1',
      sportId: 4,
      sportName: 'Cricket',
      seriesId: 'S1',
      seriesName: 'Border-Gavaskar Trophy',
      name: 'India v Australia',
      startTime: '2026-11-22T09:30:00.000Z',
      inPlay: false,
    },
  });
  t.same(first.ok && first.events[3], {
    type: 'MarketListed',
    streamId: 'market-fy',
    data: {
      marketId: 'fy',
      matchId: 'M1',
      sportId: 4,
      kind: 'fancy',
      name: '6 over runs IND',
      fancyType: 'Normal',
      runners: [],
      minStake: 100_00,
      maxStake: 50_000_00,
      betDelaySec: 0,
      commissionBp: 0,
    },
  });
  w.given(...(first.ok ? first.events : []));
  t.same(w.when(CATALOGUE, null), { ok: true, events: [] }, 'the same catalogue again lists nothing');
  const inPlay = structuredClone(CATALOGUE) as Extract<Command, { type: 'SyncCatalogue' }>;
  inPlay.catalogue.matches[0]!.inPlay = true;
  inPlay.catalogue.markets.push({
    marketId: 'mo2',
    matchId: 'M1',
    kind: 'match_odds',
    name: 'Tied Match',
    runners: [
      { selectionId: 1, name: 'Yes' },
      { selectionId: 2, name: 'No' },
    ],
  });
  inPlay.catalogue.markets.push({
    marketId: 'orphan',
    matchId: 'M9',
    kind: 'match_odds',
    name: 'Match Odds',
    runners: [],
  });
  const second = w.when(inPlay, null);
  t.same(
    second.ok && second.events.map((e) => e.type),
    ['MatchInPlaySet', 'MarketListed'],
    'a market of an unknown match is not listed',
  );
  t.same(second.ok && second.events[0], {
    type: 'MatchInPlaySet',
    streamId: 'match-M1',
    data: { matchId: 'M1', inPlay: true },
  });
  w.given(...(second.ok ? second.events : []));
  t.equal(w.state.matches.M1!.inPlay, true);
  t.same(w.when(inPlay, null), { ok: true, events: [] });
});

t.test('house prices by hand: bookmaker rates and fancy lines override the feed until cleared', async (t) => {
  const w = world();
  const setBm = {
    type: 'SetHousePrice',
    price: { type: 'bookmaker', marketId: 'bm', selectionId: 1, status: 'ACTIVE', back: 95, lay: 98 },
  } as const;
  t.match(w.when(setBm, 'd'), { ok: false, refusal: { code: 'FORBIDDEN' } }, 'a dealer may not');
  t.match(w.when({ ...setBm, price: { ...setBm.price, back: 99, lay: 98 } }, 'a'), {
    ok: false,
    refusal: { message: 'The back rate must not be above the lay rate' },
  });
  t.match(w.when({ ...setBm, price: { ...setBm.price, selectionId: 9 } }, 'a'), {
    ok: false,
    refusal: { code: 'INVALID_SELECTION' },
  });
  w.do(setBm, 'a');
  // The feed still says 85: the market follows the house now.
  t.match(w.when(back('b1', 'bm', 1, 85, 100_00), 'p1'), {
    ok: false,
    refusal: { message: 'Odds changed, please place the bet again' },
  });
  // ₹100 back at 95 wins ₹95.00.
  t.match(w.when(back('b1', 'bm', 1, 95, 100_00), 'p1'), {
    ok: true,
    events: [{ type: 'BetPlaced', data: { odds: 95, fills: [{ price: 95, size: 100_00 }] } }],
  });
  // Runners without a house price are not offered while the market is priced by hand.
  t.match(w.when(back('b2', 'bm', 2, 110, 100_00), 'p1'), { ok: false, refusal: { code: 'NO_PRICE' } });

  const setFy = {
    type: 'SetHousePrice',
    price: {
      type: 'fancy',
      marketId: 'fy',
      status: 'ACTIVE',
      no: { line: 60, rate: 100 },
      yes: { line: 61, rate: 100 },
    },
  } as const;
  t.match(w.when({ ...setFy, price: { ...setFy.price, no: { line: 62, rate: 100 } } }, 'a'), {
    ok: false,
    refusal: { message: 'The No line must not be above the Yes line' },
  });
  w.do(setFy, 'a');
  t.match(w.when(back('f1', 'fy', null, 61, 100_00, 100), 'p1'), { ok: true });
  t.match(w.when(back('f1', 'fy', null, 50, 100_00, 100), 'p1'), { ok: false, refusal: { code: 'ODDS_CHANGED' } });

  w.do({ type: 'ClearHousePrice', marketId: 'fy' }, 'a');
  t.match(w.when(back('f1', 'fy', null, 50, 100_00, 100), 'p1'), { ok: true }, 'the feed line again');
  t.same(
    w.when({ type: 'ClearHousePrice', marketId: 'fy' }, 'a'),
    { ok: true, events: [] },
    'clearing twice changes nothing',
  );
});

/** The catalogue again with every match in play: the turn. */
const inPlay = (): Command =>
  CATALOGUE.type === 'SyncCatalogue'
    ? {
        ...CATALOGUE,
        catalogue: {
          ...CATALOGUE.catalogue,
          matches: CATALOGUE.catalogue.matches.map((m) => ({ ...m, inPlay: true })),
        },
      }
    : CATALOGUE;

t.test('at the turn in play unmatched match-odds stakes lapse; matched stakes and other markets stay', async (t) => {
  const w = world();
  // p1 lays India ₹100 at 2.00: the best lay offered is 2.12, so it rests; liability (2.00 - 1) x ₹100 = ₹100.
  w.do(lay('r1', 'mo', 1, 200, 100_00), 'p1');
  // p2 backs India ₹100 at 2.06 or better: ₹50 at 2.10 and ₹50 at 2.08, all matched; nothing of it lapses.
  w.do(back('m1', 'mo', 1, 206, 100_00), 'p2');
  // p1 also backs on the bookmaker: ₹100 at risk there, untouched by the lapse.
  w.do(back('k1', 'bm', 1, 85, 100_00), 'p1');
  t.equal(w.exposure('p1'), 200_00);
  t.same(w.when(inPlay(), null), {
    ok: true,
    events: [
      { type: 'MatchInPlaySet', streamId: 'match-M1', data: { matchId: 'M1', inPlay: true } },
      {
        type: 'BetCancelled',
        streamId: 'bet-r1',
        data: {
          betId: 'r1',
          userId: 'p1',
          marketId: 'mo',
          size: 100_00,
          by: 'lapsed',
          marketExposure: 0,
          totalExposure: 100_00,
        },
      },
    ],
  });
});

t.test('at the turn in play a PERSIST bet stays on the book and matches in play; a LAPSE one lapses', async (t) => {
  const w = world();
  // p1 lays India ₹100 at 2.00 and keeps it in play; p2 lays ₹100 at 2.00 with the default (LAPSE).
  const keep = w.do({ ...lay('k1', 'mo', 1, 200, 100_00), persistence: 'PERSIST' }, 'p1');
  t.match(keep, [{ type: 'BetPlaced', data: { betId: 'k1', unmatched: 100_00, persistence: 'PERSIST' } }]);
  w.do(lay('x1', 'mo', 1, 200, 100_00), 'p2');
  // A PERSIST bookmaker bet is taken whole at the house price: nothing of it can rest, so it is LAPSE.
  t.match(w.do({ ...back('b1', 'bm', 1, 85, 100_00), persistence: 'PERSIST' }, 'p1'), [
    { type: 'BetPlaced', data: { persistence: 'LAPSE' } },
  ]);
  const d = w.when(inPlay(), null);
  t.same(
    d.ok && d.events.map((e) => [e.type, (e.data as { betId?: string }).betId ?? null]),
    [
      ['MatchInPlaySet', null],
      ['BetCancelled', 'x1'],
    ],
    'one decision: the LAPSE lay is cancelled, the PERSIST lay kept',
  );
  w.do(inPlay(), null);
  t.equal(w.state.bets.get('k1')!.unmatched, 100_00, 'the kept lay still waits');
  t.equal(w.exposure('p1'), 100_00 + 100_00, 'its liability (₹100) stays reserved, beside the bookmaker bet');
  // In play the feed's lay side comes down to 2.00: the kept lay matches there.
  w.feed(ex(1, [{ price: 198, size: 5_000 }], [{ price: 200, size: 100_000 }]));
  const matched = w.when({ type: 'MatchResting', marketId: 'mo', selectionId: 1 }, null);
  t.match(matched, {
    ok: true,
    events: [
      {
        type: 'BetMatched',
        data: { betId: 'k1', fills: [{ price: 200, size: 100_00, counterBetId: null }], unmatched: 0 },
      },
    ],
  });
});

t.test('cash out: the hedge on the ladder now, hand-computed to the paisa, whole or not at all', async (t) => {
  const cashOut = (percent: number, value: Paise, betId = 'co1', selectionId = 1, tolerance?: Paise): CashOut => ({
    type: 'CashOut',
    betId,
    marketId: 'mo',
    selectionId,
    percent,
    value,
    ...(tolerance === undefined ? {} : { tolerance }),
    referenceId: `ref-${betId}`,
  });
  /** p1's P&L in the market if `winner` wins: the sum of its bets' settled P&L (commission comes after). */
  const pnlIf = (w: Scenario, winner: number, marketId = 'mo'): Paise => {
    // decide is pure: the state is left as it was for the next question.
    const d = decide(
      w.state,
      envelope({ type: 'SettleMarket', marketId, selectionId: winner, runs: null }, 'a'),
      w.quotes,
    );
    if (!d.ok || d.events[0]!.type !== 'MarketSettled') throw new Error('no settlement');
    return d.events[0]!.data.bets.filter((b) => b.userId === 'p1').reduce((sum, b) => sum + b.pnl, 0);
  };

  await t.test('a back: laid off when the price came in', async (t) => {
    const w = world();
    t.same(w.when(cashOut(100, 0), 'p1'), refused('NO_POSITION', 'You have no matched bet on this runner to cash out'));
    // p1 backs India ₹100 at 2.06 or better: ₹50 at 2.10 and ₹50 at 2.08. If India wins floor(1.10 x 5000 +
    // 1.08 x 5000) = +10900, if not -10000.
    w.do(back('b1', 'mo', 1, 206, 100_00), 'p1');
    // India's lay comes in to 1.50: lay (10900 + 10000) / 1.50 = 13933.33 -> 13933; liability ceil(0.5 x 13933)
    // = 6967. India wins: 10900 - 6967 = 3933; loses: -10000 + 13933 = 3933. Value ₹39.33 either way.
    w.feed(ex(1, [{ price: 148, size: 100_000 }], [{ price: 150, size: 100_000 }]));
    t.same(
      w.when(cashOut(100, 4_000), 'p1'),
      refused(
        'CASHOUT_VALUE_CHANGED',
        'The cash out value is now ₹39.33, below the ₹40.00 you accepted: nothing was placed. Cash out again at the new value if it suits you.',
      ),
      'a value worse than the one shown is refused with the new one',
    );
    t.match(
      w.when(cashOut(100, 4_000, 'co1', 1, 67), 'p1'),
      { ok: true, events: [{ type: 'BetPlaced', data: { cashOut: { value: 3_933 } } }] },
      'within what the player accepts below it, it fills',
    );
    t.match(
      w.when(cashOut(100, 3_900), 'p1'),
      { ok: true, events: [{ type: 'BetPlaced', data: { cashOut: { value: 3_933 } } }] },
      'a value better than the one shown fills, and is the one recorded',
    );
    t.same(
      w.when(cashOut(100, 3_933, 'co1', 1, -1), 'p1'),
      refused('INVALID_CASHOUT', 'The value accepted below the one shown must be zero or more'),
    );
    const half = w.when(cashOut(50, 3_933, 'co-half'), 'p1');
    // Half: 20900 x 50 / 150 = 6966.67 -> 6967, liability ceil(0.5 x 6967) = 3484. That half (5450 if
    // India wins, -5000 if not) now pays 5450 - 3484 = 1966, or -5000 + 6967 = 1967.
    t.match(half, {
      ok: true,
      events: [
        {
          type: 'BetPlaced',
          data: { side: 'lay', odds: 150, stake: 6_967, cashOut: { taken: { ifWins: 1_966, ifLoses: 1_967 } } },
        },
      ],
    });
    const full = w.do(cashOut(100, 3_933), 'p1');
    t.match(full, [
      {
        type: 'BetPlaced',
        data: {
          betId: 'co1',
          side: 'lay',
          odds: 150,
          stake: 13_933,
          fills: [{ price: 150, size: 13_933, counterBetId: null }],
          unmatched: 0,
          cashOut: { percent: 100, value: 3_933, taken: { ifWins: 3_933, ifLoses: 3_933 } },
        },
      },
    ]);
    t.same([pnlIf(w, 1), pnlIf(w, 2), pnlIf(w, 3)], [3_933, 3_933, 3_933], 'the market nets to the value, any winner');
    t.equal(w.exposure('p1'), 0, 'nothing at risk any more');
    t.same(
      w.when(cashOut(100, 0, 'co2'), 'p1'),
      refused('NOTHING_TO_CASH_OUT', 'This position pays the same whichever way the runner goes: nothing to cash out'),
    );
  });

  await t.test('a lay: backed off at the best back, a loss taken', async (t) => {
    const w = world();
    // p1 lays the Draw ₹100 at 25.0: if the Draw wins -ceil(24 x 10000) = -240000, if not +10000.
    w.do(lay('l1', 'mo', 3, 2500, 100_00), 'p1');
    // The best back is 20.0: back (240000 + 10000) / 20 = 12500; wins floor(19 x 12500) = 237500.
    // Draw wins: -240000 + 237500 = -2500; not: 10000 - 12500 = -2500. Value -₹25.00.
    t.same(
      w.when(cashOut(100, 0, 'co1', 3), 'p1'),
      refused(
        'CASHOUT_VALUE_CHANGED',
        'The cash out value is now -₹25.00, below the ₹0.00 you accepted: nothing was placed. Cash out again at the new value if it suits you.',
      ),
    );
    t.match(w.do(cashOut(100, -2_500, 'co1', 3), 'p1'), [
      { type: 'BetPlaced', data: { side: 'back', odds: 2000, stake: 12_500, cashOut: { value: -2_500 } } },
    ]);
    t.same([pnlIf(w, 1), pnlIf(w, 3)], [-2_500, -2_500]);
  });

  await t.test('the price the hedge needs is the worst level its stake reaches', async (t) => {
    const w = world();
    w.do(back('b1', 'mo', 1, 206, 100_00), 'p1'); // +10900 if India wins, -10000 if not
    // ₹50 at 1.50, then ₹1000 at 1.52: at 1.50 the hedge is ₹139.33, more than ₹50; at 1.52 it is
    // 20900 / 1.52 = 13750, which the two levels hold. Value at 1.52: liability ceil(0.52 x 13750) = 7150,
    // 10900 - 7150 = 3750 and -10000 + 13750 = 3750.
    w.feed(
      ex(
        1,
        [{ price: 148, size: 100_000 }],
        [
          { price: 150, size: 5_000 },
          { price: 152, size: 100_000 },
        ],
      ),
    );
    // It fills ₹50 at 1.50 and ₹87.50 at 1.52: liability ceil(2500 + 4550) = 7050, so +3850 if India
    // wins, 3750 if not; the value, the lesser, is what the player was shown.
    t.match(w.do(cashOut(100, 3_750), 'p1'), [
      {
        type: 'BetPlaced',
        data: {
          side: 'lay',
          odds: 152,
          stake: 13_750,
          fills: [
            { price: 150, size: 5_000 },
            { price: 152, size: 8_750 },
          ],
          cashOut: { value: 3_750, taken: { ifWins: 3_850, ifLoses: 3_750 } },
        },
      },
    ]);
  });

  await t.test('in play: the price moves while the cash out waits out the delay', async (t) => {
    const w = world();
    w.do(back('b1', 'mo', 1, 206, 100_00), 'p1');
    w.feed(ex(1, [{ price: 148, size: 100_000 }], [{ price: 150, size: 100_000 }]));
    // Shown ₹39.33 at 1.50; the lay moves a tick out to 1.51 before the delayed decision: lay
    // 20900 / 1.51 = 13841, liability ceil(0.51 x 13841) = 7059, so 3841 either way.
    w.feed(ex(1, [{ price: 149, size: 100_000 }], [{ price: 151, size: 100_000 }]));
    const delayed = { ...cashOut(100, 3_933), delayed: true };
    t.same(
      w.when(delayed, 'p1'),
      refused(
        'CASHOUT_VALUE_CHANGED',
        'The cash out value is now ₹38.41, below the ₹39.33 you accepted: nothing was placed. Cash out again at the new value if it suits you.',
      ),
      'exact or better: a tick worse is refused',
    );
    t.match(
      w.do({ ...delayed, tolerance: 100 }, 'p1'),
      [{ type: 'BetPlaced', data: { odds: 151, stake: 13_841, cashOut: { value: 3_841 } } }],
      'accepting ₹1 less, the tick worse fills',
    );
  });

  await t.test('several runners: each runner cashes out alone; the ladder must hold the whole hedge', async (t) => {
    const w = world();
    w.do(back('b1', 'mo', 1, 206, 100_00), 'p1');
    w.do(back('b2', 'mo', 2, 300, 100_00), 'p1'); // Australia at 3.00, ₹50 matched: not touched by India's cash out
    // Only ₹50 to lay India, at 1.50: the ₹139.33 hedge cannot fill, nothing placed. A share fits: at
    // most 35% (20900 x 35 / 150 = 4877; 36% would be 5016).
    w.feed(ex(1, [{ price: 148, size: 100_000 }], [{ price: 150, size: 5_000 }]));
    const head = JSON.stringify(w.state);
    t.same(
      w.when(cashOut(100, 3_933), 'p1'),
      refused(
        'CASHOUT_NO_DEPTH',
        'Not enough in the market to cash out this share: the hedge needs ₹139.33 laid on India, and only ₹50.00 is offered now (at 1.50). Nothing was placed. Cash out 35% or less, or try again when more is offered.',
      ),
    );
    t.equal(JSON.stringify(w.state), head, 'the state untouched');
    // A third of it fits: 20900 x 33 / 150 = 4598.
    t.match(w.do(cashOut(33, 3_933), 'p1'), [{ type: 'BetPlaced', data: { stake: 4_598 } }]);
    t.equal(w.state.bets.get('b2')!.fills.length, 1, "Australia's back stands as it was");
    t.same(
      w.when(cashOut(0, 3_933, 'co3'), 'p1'),
      refused('INVALID_CASHOUT', 'Cash out a share from 1 to 100 percent'),
    );
    t.same(
      w.when({ ...cashOut(100, 0, 'co4'), marketId: 'fy' }, 'p1'),
      refused('CASHOUT_UNAVAILABLE', 'Cash out is offered on match odds and bookmaker markets only'),
    );
  });

  await t.test("bookmaker: hedged at the house's rate on the other side", async (t) => {
    const w = world();
    const bm = (percent: number, value: Paise, betId = 'bc1'): CashOut => ({
      ...cashOut(percent, value, betId),
      marketId: 'bm',
    });
    // p1 backs India ₹100 at the house's rate 85: if India wins floor(0.85 x 10000) = +8500, if not -10000.
    w.do(back('k1', 'bm', 1, 85, 100_00), 'p1');
    // The house now lays India at 45 (decimal 1.45): lay 18500 / 1.45 = 12758.62 -> 12759, liability
    // ceil(0.45 x 12759) = 5742. India wins: 8500 - 5742 = 2758; loses: -10000 + 12759 = 2759. Value ₹27.58.
    w.feed(bmq(1, 40, 45));
    t.same(
      w.when(bm(100, 3_000), 'p1'),
      refused(
        'CASHOUT_VALUE_CHANGED',
        'The cash out value is now ₹27.58, below the ₹30.00 you accepted: nothing was placed. Cash out again at the new value if it suits you.',
      ),
    );
    t.match(w.do(bm(100, 2_758), 'p1'), [
      {
        type: 'BetPlaced',
        data: { kind: 'bookmaker', side: 'lay', odds: 45, stake: 12_759, unmatched: 0, cashOut: { value: 2_758 } },
      },
    ]);
    t.same([pnlIf(w, 1, 'bm'), pnlIf(w, 2, 'bm'), pnlIf(w, 3, 'bm')], [2_758, 2_759, 2_759], 'nets to the value');
    w.feed(bmq(2, 110, 115, 'SUSPENDED'));
    w.do(back('k2', 'bm', 3, 900, 100_00), 'p1');
    t.same(
      w.when({ ...bm(100, 0, 'bc2'), selectionId: 2 }, 'p1'),
      refused('NO_POSITION', 'You have no matched bet on this runner to cash out'),
    );
    w.feed(bmq(3, 900, 0));
    t.same(
      w.when({ ...bm(100, 0, 'bc3'), selectionId: 3 }, 'p1'),
      refused('CASHOUT_UNAVAILABLE', 'No price to cash out at right now'),
      'the house quotes no lay on the Draw',
    );
  });
});

t.test('auto cash out: set and cleared by the player, fired once on the price that crosses it', async (t) => {
  const rule = (profitTarget: Paise | null, lossLimit: Paise | null): Command => ({
    type: 'SetAutoCashOut',
    marketId: 'mo',
    selectionId: 1,
    profitTarget,
    lossLimit,
  });
  const check = (w: Scenario, betId: string) =>
    w.when({ type: 'CheckAutoCashOut', marketId: 'mo', selectionId: 1, betId }, null);
  /** India's lay side at `lay` (the back a tick under), deep enough for any hedge here. */
  const layAt = (w: Scenario, lay: number) =>
    w.feed(ex(1, [{ price: lay - 2, size: 1_000_000 }], [{ price: lay, size: 1_000_000 }]));

  await t.test('a profit target', async (t) => {
    const w = world();
    t.same(
      w.when(rule(50_00, null), 'p1'),
      refused('NO_POSITION', 'You have no matched bet on this runner to cash out'),
    );
    // p1 backs India ₹100: ₹50 at 2.10 and ₹50 at 2.08; W = +10900, L = -10000.
    w.do(back('b1', 'mo', 1, 206, 100_00), 'p1');
    t.same(
      w.when(rule(0, null), 'p1'),
      refused('INVALID_CASHOUT', 'A profit target or loss limit is an amount above zero'),
    );
    t.same(w.when(rule(null, null), 'p1'), refused('NO_RULE', 'There is no auto cash out on this runner to clear'));
    t.same(check(w, 'x0'), { ok: true, events: [] }, 'no rule yet, nothing to check');
    w.do(rule(50_00, null), 'p1');
    t.same(
      w.when({ type: 'CheckAutoCashOut', marketId: 'mo', selectionId: 1, betId: 'x' }, 'p1'),
      refused('FORBIDDEN', 'Auto cash out is decided by the system'),
    );
    // Lay 1.40: lay 20900 / 1.40 = 14928.57 -> 14929, liability ceil(0.40 x 14929) = 5972: value min(4928, 4929) = 4928.
    layAt(w, 140);
    t.same(check(w, 'x1'), { ok: true, events: [] }, '₹49.28 is short of the ₹50 target');
    // Lay 1.38: 20900 / 1.38 = 15144.93 -> 15145, liability ceil(0.38 x 15145) = 5756: value min(5144, 5145) = 5144.
    layAt(w, 138);
    const fired = check(w, 'x2');
    t.match(fired, {
      ok: true,
      events: [
        {
          type: 'BetPlaced',
          data: {
            betId: 'x2',
            userId: 'p1',
            side: 'lay',
            odds: 138,
            stake: 15_145,
            unmatched: 0,
            cashOut: { percent: 100, value: 5_144, auto: true },
          },
        },
        {
          type: 'AutoCashOutCleared',
          data: { userId: 'p1', marketId: 'mo', selectionId: 1, reason: 'fired', betId: 'x2' },
        },
      ],
    });
    w.given(...(fired.ok ? fired.events : []));
    t.same(w.state.autoCashOut, {}, 'the rule is gone');
    layAt(w, 130);
    t.same(check(w, 'x3'), { ok: true, events: [] }, 'it fires once');
  });

  await t.test('a loss limit, cleared by the player, gone with the settlement', async (t) => {
    const w = world();
    w.do(back('b1', 'mo', 1, 206, 100_00), 'p1');
    w.do(rule(null, 50_00), 'p1');
    // Lay 3.50: 20900 / 3.50 = 5971.43 -> 5971, liability ceil(2.50 x 5971) = 14928: value min(-4028, -4029) = -4029.
    layAt(w, 350);
    t.same(check(w, 'y1'), { ok: true, events: [] }, 'a loss of ₹40.29 is inside the ₹50 limit');
    // Lay 4.50: 20900 / 4.50 = 4644.44 -> 4644, liability ceil(3.50 x 4644) = 16254: value min(-5354, -5356) = -5356.
    layAt(w, 450);
    t.match(check(w, 'y2'), {
      ok: true,
      events: [{ type: 'BetPlaced', data: { side: 'lay', odds: 450, stake: 4_644, cashOut: { value: -5_356 } } }, {}],
    });
    t.same(w.when(rule(null, null), 'p1').ok && w.do(rule(null, null), 'p1').map((e) => e.type), [
      'AutoCashOutCleared',
    ]);
    t.same(w.state.autoCashOut, {}, 'cleared by the player');
    w.do(rule(10_00, null), 'p1');
    w.do({ type: 'SettleMarket', marketId: 'mo', selectionId: 2, runs: null }, 'a');
    t.same(w.state.autoCashOut, {}, 'a declared market takes its rules with it');
  });

  await t.test("a bookmaker loss limit, on the house's new rate", async (t) => {
    const w = world();
    w.do(back('k1', 'bm', 1, 85, 100_00), 'p1'); // W = +8500, L = -10000
    w.do({ type: 'SetAutoCashOut', marketId: 'bm', selectionId: 1, profitTarget: null, lossLimit: 25_00 }, 'p1');
    const checkBm = (betId: string) =>
      w.when({ type: 'CheckAutoCashOut', marketId: 'bm', selectionId: 1, betId }, null);
    // Lay rate 120 (2.20): 18500 / 2.20 = 8409.09 -> 8409, liability ceil(1.20 x 8409) = 10091: value min(-1591, -1591).
    w.feed(bmq(1, 110, 120));
    t.same(checkBm('z1'), { ok: true, events: [] }, 'a loss of ₹15.91 is inside the ₹25 limit');
    // Lay rate 160 (2.60): 18500 / 2.60 = 7115.38 -> 7115, liability ceil(1.60 x 7115) = 11384: value min(-2884, -2885).
    w.feed(bmq(1, 150, 160));
    t.match(checkBm('z2'), {
      ok: true,
      events: [
        {
          type: 'BetPlaced',
          data: { kind: 'bookmaker', side: 'lay', odds: 160, stake: 7_115, cashOut: { value: -2_885, auto: true } },
        },
        { type: 'AutoCashOutCleared', data: { reason: 'fired' } },
      ],
    });
  });
});

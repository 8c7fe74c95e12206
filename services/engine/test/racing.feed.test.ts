/**
 * A real exchange feed's market definitions (issue 22; docs/exchange.md "Markets from a real exchange
 * feed"), given events / when a command / then events, figures worked by hand to the paisa.
 *
 * Cast: admin a > dealer d > players p1, p2, each with ₹10,000. Race R1 (Horse Racing, sport 7)
 * with a WIN market `win` and a PLACE market `plc` (two places), eight runners 101 to 108.
 * Match-odds defaults: min stake ₹100, in-play delay 2 s, commission 2%.
 */
import t from 'tap';
import type { Command, DomainEvent, FeedUpdate, MarketStateUpdate, Paise } from '@exch/contracts';
import { betDelayMs } from '../src/betting/place.js';
import { reducedPrice } from '../src/betting/removal.js';
import { placeBet } from '../../../tests/engine/fixtures.js';
import { chipsMinted, given, positionsOf, userCreated as user } from './harness.js';

const AT = '2026-11-26T14:00:00.000Z';
const RUNNERS = [101, 102, 103, 104, 105, 106, 107, 108];

const RACE: Command = {
  type: 'SyncCatalogue',
  catalogue: {
    series: [{ id: 'ASC', sportId: 7, name: 'Ascot' }],
    matches: [{ id: 'R1', seriesId: 'ASC', sportId: 7, name: '14:30 Ascot', startTime: AT, inPlay: false }],
    markets: ['win', 'plc'].map((marketId) => ({
      marketId,
      matchId: 'R1',
      kind: 'match_odds' as const,
      name: marketId === 'win' ? 'Win' : 'To Be Placed',
      runners: RUNNERS.map((selectionId) => ({ selectionId, name: `${selectionId - 100}. Horse ${selectionId}` })),
    })),
  },
};

/** A market definition: every runner ACTIVE unless `runners` says otherwise. */
function definition(
  marketId: string,
  over: Partial<Omit<MarketStateUpdate, 'runners'>> = {},
  runners: Record<number, [MarketStateUpdate['runners'][number]['status'], number?]> = {},
): Command {
  return {
    type: 'ApplyFeedMarketState',
    update: {
      type: 'market',
      marketId,
      status: 'OPEN',
      inPlay: false,
      betDelaySec: 0,
      numberOfWinners: marketId === 'plc' ? 2 : 1,
      source: 'betfair',
      ...over,
      runners: RUNNERS.map((selectionId) => {
        const [status, factor] = runners[selectionId] ?? ['ACTIVE'];
        return {
          selectionId,
          status,
          adjustmentFactor: factor ?? null,
          removalDate: status === 'REMOVED' ? '2026-11-26T13:50:00.000Z' : null,
        };
      }),
    },
  };
}

/** Feed offers: back at `back`, lay at `lay`, ₹10,000 each. */
const offers = (marketId: string, selectionId: number, back: number, lay: number): FeedUpdate => ({
  type: 'exchange',
  marketId,
  selectionId,
  status: 'ACTIVE',
  back: [{ price: back, size: 10_000_00 }],
  lay: [{ price: lay, size: 10_000_00 }],
});

const bet = (side: 'back' | 'lay', betId: string, marketId: string, selectionId: number, odds: number, stake: Paise) =>
  placeBet(betId, marketId, selectionId, side, odds, stake);

/** The cast, the race listed and the feed's offers in, the clock at the off. */
function race() {
  const r = given(
    user('a', 'admin', null),
    user('d', 'dl', 'a'),
    user('p1', 'user', 'd'),
    user('p2', 'user', 'd'),
    chipsMinted('p1', 10_000_00),
    chipsMinted('p2', 10_000_00),
  );
  r.at = AT;
  r.do(RACE, null);
  // WIN: 102 at 8.60 / 8.80, 103 at 6.00 / 6.20, 105 at 4.00 / 4.20, the rest 10.0 / 11.0.
  // PLACE: 101 at 3.00 / 3.20, 102 at 2.50 / 2.60, 103 at 3.80 / 4.00, the rest 5.0 / 5.5.
  const win: Record<number, [number, number]> = { 102: [860, 880], 103: [600, 620], 105: [400, 420] };
  const plc: Record<number, [number, number]> = { 101: [300, 320], 102: [250, 260], 103: [380, 400] };
  for (const s of RUNNERS)
    r.feed(offers('win', s, ...(win[s] ?? [1000, 1100])), offers('plc', s, ...(plc[s] ?? [500, 550])));
  return r;
}

const types = (events: DomainEvent[]) => events.map((e) => e.type);

t.test('a market its feed suspends or closes takes no bets; OPEN trades again', async (t) => {
  const r = race();
  t.same(types(r.do(definition('win'), null)), ['FeedMarketStateSet'], 'the first definition is recorded');
  t.same(r.do(definition('win'), null), [], 'the same definition again records nothing');
  t.match(r.when(definition('win'), 'a'), { ok: false, refusal: { code: 'FORBIDDEN' } });

  t.same(r.do(definition('win', { status: 'SUSPENDED' }), null), [
    {
      type: 'FeedMarketStateSet',
      streamId: 'market-win',
      data: { marketId: 'win', status: 'SUSPENDED', betDelaySec: 0, numberOfWinners: 1, source: 'betfair' },
    },
  ]);
  t.same(r.when(bet('back', 'b1', 'win', 102, 860, 100_00), 'p1'), {
    ok: false,
    refusal: { code: 'MARKET_SUSPENDED', message: 'Market is suspended' },
  });
  r.do(definition('win', { status: 'OPEN' }), null);
  t.equal(r.when(bet('back', 'b1', 'win', 102, 860, 100_00), 'p1').ok, true, 'OPEN again: the bet is taken');
  r.do(definition('win', { status: 'CLOSED' }), null);
  t.same(r.when(bet('back', 'b2', 'win', 102, 860, 100_00), 'p1'), {
    ok: false,
    refusal: { code: 'MARKET_CLOSED', message: 'Market is closed for betting' },
  });
});

t.test(
  'in play: the match turns, unmatched stakes lapse, and the delay is the larger of the product and the stream',
  async (t) => {
    const r = race();
    r.do(definition('win'), null);
    // p2 lays 103 for ₹100 at 6.00 below the best lay offer 6.20: it rests unmatched.
    r.do(bet('lay', 'rest', 'win', 103, 600, 100_00), 'p2');
    t.equal(betDelayMs(r.state, bet('back', 'x', 'win', 102, 860, 100_00)), 0, 'before the off: no delay');

    const turn = r.do(definition('win', { inPlay: true, betDelaySec: 5 }), null);
    t.same(types(turn), ['FeedMarketStateSet', 'MatchInPlaySet', 'BetCancelled']);
    t.match(turn[2]!.data, { betId: 'rest', size: 100_00, by: 'lapsed', marketExposure: 0, totalExposure: 0 });
    t.equal(r.state.matches.R1!.inPlay, true);
    t.same(r.do(definition('win', { inPlay: true, betDelaySec: 5 }), null), [], 'already in play: nothing more');
    t.equal(
      betDelayMs(r.state, bet('back', 'x', 'win', 102, 860, 100_00)),
      5_000,
      "the stream's 5 s over the product's 2 s",
    );
    r.do(definition('win', { inPlay: true, betDelaySec: 1 }), null);
    t.equal(
      betDelayMs(r.state, bet('back', 'x', 'win', 102, 860, 100_00)),
      2_000,
      "the product's 2 s over the stream's 1 s",
    );
  },
);

t.test('a removed runner: its bets void, the others matched prices reduced by its factor, to the paisa', async (t) => {
  const r = race();
  r.do(definition('win'), null);
  r.do(definition('plc'), null);
  // p1 backs 102 ₹123.45 at 8.60 and 105 ₹150 at 4.00; p2 lays 102 ₹100 at 8.80 and rests a lay on 103.
  r.do(bet('back', 'b102', 'win', 102, 860, 123_45), 'p1');
  r.do(bet('back', 'b105', 'win', 105, 400, 150_00), 'p1');
  r.do(bet('lay', 'l102', 'win', 102, 880, 100_00), 'p2');
  r.do(bet('lay', 'l103', 'win', 103, 600, 100_00), 'p2');
  r.do(bet('back', 'p102', 'plc', 102, 250, 100_00), 'p1');
  // p1 in WIN: 102 wins +938.22 - 150 = 788.22; 105 wins +450 - 123.45 = 326.55; else -273.45.
  // p1 in PLACE: back 102 ₹100, loses ₹100. Total exposure 273.45 + 100 = 373.45.
  t.equal(r.exposure('p1'), 373_45);
  // p2: lay 102 liability 7.80 x 100 = 780; the resting lay on 103 adds its liability 5.00 x 100 = 500 if 103 wins.
  t.equal(r.exposure('p2'), 780_00);

  // 105 is withdrawn with a reduction factor of 16.2% (WIN); 10.5% in the PLACE market.
  const events = r.do(definition('win', {}, { 105: ['REMOVED', 16.2] }), null);
  t.same(types(events), ['RunnerRemoved', 'BetOddsReduced', 'BetVoided', 'BetOddsReduced', 'BetCancelled']);
  t.same(events[0]!.data, {
    marketId: 'win',
    matchId: 'R1',
    selectionId: 105,
    adjustmentFactorBp: 1620,
    removedAt: '2026-11-26T13:50:00.000Z',
  });
  // WIN: p' = p x (1 - 0.162) to the nearest hundredth: 8.60 x 0.838 = 7.2068 -> 7.21; 8.80 x 0.838 = 7.3744 -> 7.37.
  // p1 now: 102 wins floor(6.21 x 12345) = 766.62 (766.6245); else -123.45 (105's ₹150 is void and back with him).
  t.same(events[1]!.data, {
    betId: 'b102',
    userId: 'p1',
    marketId: 'win',
    removed: [105],
    fills: [{ price: 721, size: 123_45 }],
    marketExposure: 123_45,
    totalExposure: 223_45,
  });
  t.same(events[2]!.data, {
    betId: 'b105',
    userId: 'p1',
    marketId: 'win',
    reason: 'non-runner',
    marketExposure: 123_45,
    totalExposure: 223_45,
  });
  // p2: the lay on 102 at 7.37 risks 6.37 x 100 = 637.00; the resting lay on 103 lapses.
  t.match(events[3]!.data, {
    betId: 'l102',
    fills: [{ price: 737, size: 100_00 }],
    marketExposure: 637_00,
    totalExposure: 637_00,
  });
  t.match(events[4]!.data, {
    betId: 'l103',
    size: 100_00,
    by: 'lapsed',
    marketExposure: 637_00,
    totalExposure: 637_00,
  });
  t.same(
    r.state.markets.get('win')!.runners.map((x) => x.selectionId),
    [101, 102, 103, 104, 106, 107, 108],
    'the runner leaves the market',
  );
  t.equal(r.exposure('p1'), 223_45);
  t.equal(r.exposure('p2'), 637_00);
  t.same(positionsOf(r.state).pnl['p1|win'], {
    kind: 'runners',
    open: 1,
    ids: [101, 102, 103, 104, 106, 107, 108],
    pnl: [-123_45, 766_62, -123_45, -123_45, -123_45, -123_45, -123_45],
  });
  t.same(r.when(bet('back', 'again', 'win', 105, 400, 100_00), 'p1'), {
    ok: false,
    refusal: { code: 'INVALID_SELECTION', message: 'Selection not found in this market' },
  });
  t.same(r.do(definition('win', {}, { 105: ['REMOVED', 16.2] }), null), [], 'removed once only');

  // PLACE (two winners): only the winnings part is reduced, p' = 1 + (p - 1) x (1 - 0.105): 2.50 -> 1 + 1.50 x 0.895 = 2.3425 -> 2.34.
  const place = r.do(definition('plc', {}, { 105: ['REMOVED', 10.5] }), null);
  t.match(place[1]!.data, {
    betId: 'p102',
    fills: [{ price: 234, size: 100_00 }],
    marketExposure: 100_00,
    totalExposure: 223_45,
  });

  t.equal(reducedPrice(860, 1620, 1), 721);
  t.equal(reducedPrice(250, 1050, 2), 234);
  t.equal(reducedPrice(102, 5000, 1), 101, 'never below 1.01');
  t.equal(reducedPrice(800, 2500, 1), 600, "Betfair's own example: 8.0 with 25% -> 6.0");
});

t.test('CLOSED with a winner: proposed, then settled on confirmation through the usual settlement', async (t) => {
  const r = race();
  r.do(definition('win'), null);
  r.do(bet('back', 'b102', 'win', 102, 860, 123_45), 'p1');
  r.do(bet('lay', 'l102', 'win', 102, 880, 100_00), 'p2');
  r.do(definition('win', {}, { 105: ['REMOVED', 16.2] }), null);
  t.same(r.when({ type: 'ConfirmFeedResult', marketId: 'win' }, null), {
    ok: false,
    refusal: { code: 'NO_PROPOSED_RESULT', message: 'The feed has proposed no result for this market' },
  });

  const closed = definition('win', { status: 'CLOSED', inPlay: true }, { 102: ['WINNER'], 105: ['REMOVED', 16.2] });
  for (const s of [101, 103, 104, 106, 107, 108])
    (closed as { update: MarketStateUpdate }).update.runners.find((x) => x.selectionId === s)!.status = 'LOSER';
  t.same(types(r.do(closed, null)), ['FeedMarketStateSet', 'MatchInPlaySet'], 'the in-play turn first');
  t.same(r.do(closed, null), [
    {
      type: 'ResultProposed',
      streamId: 'market-win',
      data: { marketId: 'win', matchId: 'R1', selectionIds: [102], proposedAt: AT },
    },
  ]);
  t.same(r.do(closed, null), [], 'proposed once');
  t.equal(r.state.markets.get('win')!.status, 'ACTIVE', 'not settled until confirmed');
  t.match(r.when({ type: 'ConfirmFeedResult', marketId: 'win' }, 'p1'), { ok: false, refusal: { code: 'FORBIDDEN' } });

  // The system confirms (FEED_SETTLE_DELAY_MS over). p1 wins 766.62 at 7.21 and pays 2% commission,
  // floor(76662 x 200 / 10000) = 15.33; p2 loses 637.00 at 7.37.
  const [settled] = r.do({ type: 'ConfirmFeedResult', marketId: 'win' }, null);
  t.match(settled, {
    type: 'MarketSettled',
    data: {
      result: { selectionId: 102 },
      bets: [
        { betId: 'b102', outcome: 'won', pnl: 766_62 },
        { betId: 'l102', outcome: 'lost', pnl: -637_00 },
      ],
      users: [
        { userId: 'p1', pnl: 766_62, commission: 15_33 },
        { userId: 'p2', pnl: -637_00, commission: 0 },
      ],
      postings: [
        { account: 'wallet:p1', amount: 751_29 },
        { account: 'wallet:p2', amount: -637_00 },
        { account: 'house:pnl', amount: -129_62 },
        { account: 'house:commission', amount: 15_33 },
      ],
    },
  });
  t.equal(r.balance('p1'), 10_751_29);
  t.equal(r.balance('p2'), 9_363_00);
  t.equal(r.exposure('p1'), 0);
  t.match(r.when({ type: 'ConfirmFeedResult', marketId: 'win' }, 'a'), {
    ok: false,
    refusal: { code: 'INVALID_RESULT' },
  });
  // The usual revoke reverses it; an admin then confirms the feed's result with one click.
  r.do({ type: 'RevokeResult', marketId: 'win' }, 'a');
  t.equal(r.balance('p1'), 10_000_00);
  t.same(types(r.do({ type: 'ConfirmFeedResult', marketId: 'win' }, 'a')), ['MarketSettled']);
  t.equal(r.balance('p1'), 10_751_29);
});

t.test('housekeeping settles a proposed result whose delay has passed (one its timer missed), once', async (t) => {
  const r = race();
  r.do(definition('win'), null);
  r.do(bet('back', 'b102', 'win', 102, 860, 100_00), 'p1');
  const closed = definition('win', { status: 'CLOSED', inPlay: true }, { 102: ['WINNER'] });
  r.do(closed, null);
  r.do(closed, null);
  t.same(r.state.proposals, { win: AT }, 'the proposal waits, with its time');
  const housekeep = (confirmProposedBefore: string | null) => ({
    type: 'Housekeep' as const,
    settledBefore: '2000-01-01T00:00:00.000Z',
    forgetBefore: '2000-01-01T00:00:00.000Z',
    providerTurnBefore: '2000-01-01T00:00:00.000Z',
    paymentsTurnBefore: '2000-01-01T00:00:00.000Z',
    confirmProposedBefore,
  });
  const settledBy = (before: string | null) =>
    types(r.do(housekeep(before), null)).filter((x) => x === 'MarketSettled');
  t.same(settledBy(null), [], 'FEED_SETTLE_DELAY_MS off: admins confirm');
  t.same(settledBy('2026-11-26T13:59:59.999Z'), [], 'proposed after the cut-off: still waiting');
  t.same(settledBy(AT), ['MarketSettled'], 'its delay over: settled, through the confirmation');
  t.equal(r.state.markets.get('win')!.status, 'SETTLED');
  t.same(r.state.proposals, {}, 'no longer waiting');
  t.same(settledBy(AT), [], 'once');
});

t.test('a place market with two winners: exposure over two placed, both winners paid', async (t) => {
  const r = race();
  r.do(definition('plc'), null);
  // p1 backs 101 ₹100 at 3.00 and 102 ₹100 at 2.50; p2 lays 101 ₹100 at 3.20 and 103 ₹100 at 4.00.
  r.do(bet('back', 'b101', 'plc', 101, 300, 100_00), 'p1');
  r.do(bet('back', 'b102', 'plc', 102, 250, 100_00), 'p1');
  r.do(bet('lay', 'l101', 'plc', 101, 320, 100_00), 'p2');
  r.do(bet('lay', 'l103', 'plc', 103, 400, 100_00), 'p2');
  // p1's worst: neither placed, -200. p2's worst: 101 and 103 both placed, -220 - 300 = -520
  // (one winner only would say -420: 103 wins, 101 loses).
  t.equal(r.exposure('p1'), 200_00);
  t.equal(r.exposure('p2'), 520_00);

  const closed = definition('plc', { status: 'CLOSED' }, { 101: ['WINNER'], 102: ['WINNER'] });
  t.same(r.do(closed, null), [
    {
      type: 'FeedMarketStateSet',
      streamId: 'market-plc',
      data: { marketId: 'plc', status: 'CLOSED', betDelaySec: 0, numberOfWinners: 2, source: 'betfair' },
    },
    {
      type: 'ResultProposed',
      streamId: 'market-plc',
      data: { marketId: 'plc', matchId: 'R1', selectionIds: [101, 102], proposedAt: AT },
    },
  ]);
  // p1: 101 wins 200, 102 wins 150, net 350, commission 7.00. p2: lay 101 loses 220, lay 103 wins 100, net -120.
  const [settled] = r.do({ type: 'ConfirmFeedResult', marketId: 'plc' }, null);
  t.match(settled!.data, {
    result: { selectionId: 101, selectionIds: [101, 102] },
    bets: [
      { betId: 'b101', outcome: 'won', pnl: 200_00 },
      { betId: 'b102', outcome: 'won', pnl: 150_00 },
      { betId: 'l101', outcome: 'lost', pnl: -220_00 },
      { betId: 'l103', outcome: 'won', pnl: 100_00 },
    ],
    users: [
      { userId: 'p1', pnl: 350_00, commission: 7_00 },
      { userId: 'p2', pnl: -120_00, commission: 0 },
    ],
  });
  t.equal(r.balance('p1'), 10_343_00);
  t.equal(r.balance('p2'), 9_880_00);
});

t.test(
  'an admin declares a place market by hand: exactly its two placed runners, each once, of the market',
  async (t) => {
    const r = race();
    r.do(definition('plc'), null);
    // 108 is a non-runner: it has left the market and cannot place.
    r.do(definition('plc', {}, { 108: ['REMOVED', 5] }), null);
    r.do(bet('back', 'b101', 'plc', 101, 300, 100_00), 'p1');
    r.do(bet('back', 'b102', 'plc', 102, 250, 100_00), 'p1');
    r.do(bet('lay', 'l103', 'plc', 103, 400, 100_00), 'p2');
    const declare = (selectionIds: number[] | null, selectionId: number | null = null): Command => ({
      type: 'SettleMarket',
      marketId: 'plc',
      selectionId,
      selectionIds,
      runs: null,
    });
    const refused = (message: string) => ({ ok: false, refusal: { code: 'INVALID_RESULT', message } });
    t.same(r.when(declare(null, 101), 'a'), refused('Choose 2 placed runners: this market pays 2 places'));
    t.same(r.when(declare([101]), 'a'), refused('Choose 2 placed runners: this market pays 2 places'));
    t.same(r.when(declare([101, 102, 103]), 'a'), refused('Choose 2 placed runners: this market pays 2 places'));
    t.same(r.when(declare([101, 101]), 'a'), refused('Choose each placed runner once'));
    t.same(r.when(declare([101, 999]), 'a'), refused('Choose the placed runners among the runners of this market'));
    t.same(r.when(declare([101, 108]), 'a'), refused('Choose the placed runners among the runners of this market'));
    t.match(r.when(declare([101, 102]), 'p1'), { ok: false, refusal: { code: 'FORBIDDEN' } });

    // Picked 103 first: the result names them in the market's order. p1: 101 loses 100, 102 wins 150;
    // p2's lay of 103 loses 300.
    const [settled] = r.do(declare([103, 101]), 'a');
    t.match(settled, {
      type: 'MarketSettled',
      data: {
        result: { selectionId: 101, selectionIds: [101, 103] },
        bets: [
          { betId: 'b101', outcome: 'won', pnl: 200_00 },
          { betId: 'b102', outcome: 'lost', pnl: -100_00 },
          { betId: 'l103', outcome: 'lost', pnl: -300_00 },
        ],
        users: [
          { userId: 'p1', pnl: 100_00, commission: 2_00 },
          { userId: 'p2', pnl: -300_00, commission: 0 },
        ],
      },
    });
    t.same(r.when(declare([101, 102]), 'a'), refused('The result of this market is already declared'));
  },
);

t.test('a market paying one winner is declared with one runner, as selectionIds too', async (t) => {
  const r = race();
  r.do(definition('win'), null);
  const declare = (selectionIds: number[]): Command => ({
    type: 'SettleMarket',
    marketId: 'win',
    selectionId: null,
    selectionIds,
    runs: null,
  });
  t.match(r.when(declare([102, 103]), 'a'), {
    ok: false,
    refusal: { message: 'Choose the winner among the runners of this market' },
  });
  const [settled] = r.do(declare([102]), 'a');
  t.same(settled?.type === 'MarketSettled' && settled.data.result, { selectionId: 102 }, 'one winner: no list');
});

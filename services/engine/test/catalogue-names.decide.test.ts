/**
 * The feed's names follow the catalogue (docs/feeds.md, "Names"): a SyncCatalogue that names a
 * listed match, its series, a market or its runners otherwise renames them, given events / when a
 * command / then events.
 *
 * Race R1 at a meeting first known by its event id only (a replay whose first definitions carry no
 * names): the WIN market "WIN" with runners "101", "102", "103".
 */
import t from 'tap';
import type { Command, DomainEvent, SyncCatalogue } from '@exch/contracts';
import { placeBet } from '../../../tests/engine/fixtures.js';
import { chipsMinted, given, userCreated as user } from './harness.js';

const AT = '2026-11-26T14:00:00.000Z';

function catalogue(names: {
  series: string;
  match: string;
  market: string;
  runners: Record<number, string>;
}): SyncCatalogue {
  return {
    type: 'SyncCatalogue',
    catalogue: {
      series: [{ id: 'bf-30000001', sportId: 7, name: names.series }],
      matches: [{ id: 'R1', seriesId: 'bf-30000001', sportId: 7, name: names.match, startTime: AT, inPlay: false }],
      markets: [
        {
          marketId: 'win',
          matchId: 'R1',
          kind: 'match_odds',
          name: names.market,
          runners: Object.entries(names.runners).map(([id, name]) => ({ selectionId: Number(id), name })),
          source: 'betfair',
        },
      ],
    },
  };
}

const UNNAMED = catalogue({
  series: '30000001',
  match: '14:30 30000001',
  market: 'WIN',
  runners: { 101: '101', 102: '102', 103: '103' },
});
const NAMED = catalogue({
  series: 'Ascot 26th Nov',
  match: '14:30 Ascot',
  market: '2m Hcap',
  runners: { 101: '1. Red Rum', 102: '2. Arkle', 103: '3. Shergar' },
});

function race() {
  const r = given(
    user('a', 'admin', null),
    user('d', 'dl', 'a'),
    user('p1', 'user', 'd'),
    chipsMinted('p1', 10_000_00),
  );
  r.at = AT;
  r.do(UNNAMED, null);
  for (const selectionId of [101, 102, 103])
    r.feed({
      type: 'exchange',
      marketId: 'win',
      selectionId,
      status: 'ACTIVE',
      back: [{ price: 300, size: 1_000_00 }],
      lay: [{ price: 320, size: 1_000_00 }],
    });
  return r;
}

/** Then: the WIN market renamed, its runners 101, 102, 103 named in that order. */
const marketRenamed = (name: string, runners: string[]): DomainEvent => ({
  type: 'MarketRenamed',
  streamId: 'market-win',
  data: { marketId: 'win', name, runners: runners.map((n, i) => ({ selectionId: 101 + i, name: n })) },
});

t.test('a catalogue that names a listed race, its meeting, market and runners renames them', async (t) => {
  const r = race();
  t.same(r.do(NAMED, null), [
    {
      type: 'MatchRenamed',
      streamId: 'match-R1',
      data: { matchId: 'R1', name: '14:30 Ascot', seriesName: 'Ascot 26th Nov' },
    },
    marketRenamed('2m Hcap', ['1. Red Rum', '2. Arkle', '3. Shergar']),
  ]);
  t.same(r.do(NAMED, null), [], 'the same names again: nothing');
  const placed = r.do(placeBet('b1', 'win', 102, 'back', 300, 100_00), 'p1');
  t.match(placed[0], { type: 'BetPlaced', data: { selectionName: '2. Arkle' } }, 'a bet from then on names the runner');
});

t.test('a runner the catalogue leaves out keeps its name, and one it adds is not listed by a rename', async (t) => {
  const r = race();
  const partly = catalogue({
    series: '30000001',
    match: '14:30 30000001',
    market: 'WIN',
    runners: { 101: '1. Red Rum', 104: '4. Desert Orchid' },
  });
  t.same(r.do(partly, null), [marketRenamed('WIN', ['1. Red Rum', '102', '103'])]);
});

t.test('a settled market keeps the names it settled under', async (t) => {
  const r = race();
  const settle: Command[] = [
    {
      type: 'ApplyFeedMarketState',
      update: {
        type: 'market',
        marketId: 'win',
        status: 'CLOSED',
        inPlay: false,
        betDelaySec: 0,
        numberOfWinners: 1,
        source: 'betfair',
        runners: [101, 102, 103].map((selectionId) => ({
          selectionId,
          status: selectionId === 101 ? 'WINNER' : 'LOSER',
          adjustmentFactor: null,
          removalDate: null,
        })),
      },
    },
    { type: 'ConfirmFeedResult', marketId: 'win' },
  ];
  for (const c of settle) r.do(c, null);
  const types = (events: DomainEvent[]) => events.map((e) => e.type);
  t.same(types(r.do(NAMED, null)), ['MatchRenamed'], 'the match is renamed, its settled market is not');
});

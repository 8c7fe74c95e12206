import t from 'tap';
import { marketsById, matchById } from '../src/read.js';
import { event, readModels } from './fold-harness.js';

/**
 * The feed names a listed race anew (MatchRenamed, MarketRenamed: a replay's later definitions name
 * what its first ones left as ids): the catalogue's rows and the ledger's later remarks follow.
 */
t.test('renamed: the catalogue rows and the settlement remark that follows name the race anew', async (t) => {
  const rm = await readModels();
  t.teardown(() => rm.close());
  await rm.commit(
    event('MatchListed', {
      matchId: 'r1',
      sportId: 7,
      sportName: 'Horse Racing',
      seriesId: 'bf-30000001',
      seriesName: '30000001',
      name: '14:30 30000001',
      startTime: '2026-11-26T14:30:00.000Z',
      inPlay: false,
    }),
    event('MarketListed', {
      marketId: 'win',
      matchId: 'r1',
      sportId: 7,
      kind: 'match_odds',
      name: 'WIN',
      fancyType: null,
      runners: [
        { selectionId: 101, name: '101' },
        { selectionId: 102, name: '102' },
      ],
      minStake: 10_000,
      maxStake: 10_000_000,
      betDelaySec: 2,
      commissionBp: 200,
      source: 'betfair',
    }),
  );
  await rm.commit(
    event('MatchRenamed', { matchId: 'r1', name: '14:30 Ascot', seriesName: 'Ascot 26th Nov' }),
    event('MarketRenamed', {
      marketId: 'win',
      name: '2m Hcap',
      runners: [
        { selectionId: 101, name: '1. Red Rum' },
        { selectionId: 102, name: '2. Arkle' },
      ],
    }),
  );
  t.match(await matchById(rm.sql, 'r1'), { name: '14:30 Ascot', series_name: 'Ascot 26th Nov' });
  t.match((await marketsById(rm.sql, ['win']))[0], {
    name: '2m Hcap',
    runners: [
      { selectionId: 101, name: '1. Red Rum' },
      { selectionId: 102, name: '2. Arkle' },
    ],
  });
  await rm.commit(
    event('MarketSettled', {
      marketId: 'win',
      matchId: 'r1',
      settlementId: 's-1',
      result: { selectionId: 101 },
      bets: [],
      users: [{ userId: 'p1', pnl: 1_000, commission: 0 }],
      postings: [
        { account: 'wallet:p1', amount: 1_000 },
        { account: 'house:pnl', amount: -1_000 },
      ],
      exposures: [{ userId: 'p1', totalExposure: 0 }],
    }),
  );
  const { rows } = await rm.sql.query<{ remark: string }>(
    `select remark from rm_ledger_entries where account = 'wallet:p1'`,
  );
  t.same(
    rows.map((r) => r.remark),
    ['14:30 Ascot / 2m Hcap: 1. Red Rum won'],
  );
});

import t from 'tap';
import { walletAccount, type BetFill, type Paise } from '@exch/contracts';
import { betAfter, betsById } from '../src/read.js';
// The gateway's own read of a bet row: the fold must equal what the route would read back.
import { columns, event, readModels } from './fold-harness.js';

/**
 * One fold per fact (docs/architecture.md): betAfter, folding a cancel or delete command's committed
 * events onto the bet read before it, gives the row the bets projection writes, column for column:
 * a part cancelled, the rest cancelled, a matched bet's rest cancelled, bets deleted, several in one batch.
 */

const P1 = 'u-p1';
const MO = 'm1.mo';

const placed = (betId: string, stake: Paise, matched: Paise) => {
  const fills: BetFill[] = matched > 0 ? [{ price: 185, size: matched, counterBetId: null }] : [];
  return event('BetPlaced', {
    betId,
    userId: P1,
    marketId: MO,
    matchId: 'm1',
    kind: 'match_odds',
    selectionId: 101,
    selectionName: 'Mumbai',
    side: 'back',
    odds: 185,
    volume: null,
    stake,
    fills,
    unmatched: stake - matched,
    marketExposure: 0,
    totalExposure: 0,
    balance: 0,
    referenceId: `ref-${betId}`,
    seq: 1,
  });
};
const cancelled = (betId: string, size: Paise) =>
  event('BetCancelled', { betId, userId: P1, marketId: MO, size, by: 'player', marketExposure: 0, totalExposure: 0 });
const deleted = (betId: string) =>
  event('BetDeleted', { betId, userId: P1, marketId: MO, marketExposure: 0, totalExposure: 0 });

t.test('betAfter gives the row the bets projection folds', async (t) => {
  const rm = await readModels();
  t.teardown(() => rm.close());
  await rm.commit(
    event('UserCreated', {
      userId: P1,
      username: 'player1',
      fullName: 'Player One',
      role: 'user',
      parentId: null,
      passwordHash: 'h',
      creditReference: 0,
      exposureLimit: 0,
      mustChangePassword: false,
    }),
    event('ChipsTransferred', {
      kind: 'deposit',
      fromUserId: 'u-admin',
      toUserId: P1,
      amount: 1_000_000,
      remark: 'opening',
      postings: [
        { account: walletAccount('u-admin'), amount: -1_000_000 },
        { account: walletAccount(P1), amount: 1_000_000 },
      ],
    }),
    event('MatchListed', {
      matchId: 'm1',
      sportId: 4,
      sportName: 'Cricket',
      seriesId: 's1',
      seriesName: 'T20',
      name: 'Mumbai v Chennai',
      startTime: '2026-11-22T10:00:00.000Z',
      inPlay: true,
    }),
    event('MarketListed', {
      marketId: MO,
      matchId: 'm1',
      sportId: 4,
      kind: 'match_odds',
      name: 'Match Odds',
      fancyType: null,
      runners: [
        { selectionId: 101, name: 'Mumbai' },
        { selectionId: 102, name: 'Chennai' },
      ],
      minStake: 10_000,
      maxStake: 10_000_000,
      betDelaySec: 0,
      commissionBp: 0,
    }),
  );
  // b1 waits whole; b2 is matched whole; b3 is half matched; b4 waits whole.
  await rm.commit(placed('b1', 100_000, 0), placed('b2', 50_000, 50_000));
  await rm.commit(placed('b3', 40_000, 20_000), placed('b4', 30_000, 0));
  const read = async (betId: string) => (await betsById(rm.sql, [betId]))[0]!;
  /** Commits one command's events and checks the fold of them onto each bet read before against its read after. */
  const check = async (name: string, betIds: string[], ...events: Parameters<typeof rm.commit>) => {
    const before = await Promise.all(betIds.map(read));
    const committed = await rm.commit(...events);
    for (const row of before)
      t.strictSame(columns(betAfter(row, committed)), columns(await read(row.bet_id)), `${name}: ${row.bet_id}`);
  };

  await check('part of the unmatched stake cancelled', ['b1'], cancelled('b1', 40_000));
  await check(
    "the rest cancelled, with another bet's rest in the same batch",
    ['b1', 'b3', 'b2'],
    cancelled('b1', 60_000),
    cancelled('b3', 20_000),
  );
  await check('bets deleted in one batch', ['b2', 'b3', 'b4'], deleted('b2'), deleted('b3'));
  await check(
    'cancelled in two parts in one batch, then deleted',
    ['b4'],
    cancelled('b4', 10_000),
    cancelled('b4', 20_000),
    deleted('b4'),
  );
  t.match(await read('b1'), { status: 'cancelled', unmatched: '0', cancelled: '100000' }, 'b1 is cancelled whole');
  t.match(
    await read('b3'),
    { status: 'deleted', unmatched: '0', cancelled: '20000' },
    'b3 is deleted after its rest was cancelled',
  );
});

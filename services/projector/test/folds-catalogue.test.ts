import t from 'tap';
import type { MarketKind } from '@exch/contracts';
import { marketAfter, marketsById } from '../src/read.js';
import { columns, event, readModels } from './fold-harness.js';

/**
 * One fold per fact (docs/architecture.md): marketAfter, folding a market-management command's
 * committed events onto the market read before it, gives the row the catalogue projection writes and
 * its read returns, column for column: settings, status, house prices set and cleared, several in one
 * batch, and another market's events left out.
 */

const MO = 'm1.mo';
const BM = 'm1.bm';
const FANCY = 'm1.f1';

const listed = (marketId: string, kind: MarketKind, runners: { selectionId: number; name: string }[]) =>
  event('MarketListed', {
    marketId,
    matchId: 'm1',
    sportId: 4,
    kind,
    name: marketId,
    fancyType: kind === 'fancy' ? 'Normal' : null,
    runners,
    minStake: 10_000,
    maxStake: 10_000_000,
    betDelaySec: 0,
    commissionBp: 0,
  });
const bookmaker = (selectionId: number, back: number) =>
  event('HousePriceSet', {
    marketId: BM,
    price: { type: 'bookmaker', marketId: BM, selectionId, status: 'ACTIVE', back, lay: back + 2 },
  });

t.test('marketAfter gives the row the catalogue projection folds', async (t) => {
  const rm = await readModels();
  t.teardown(() => rm.close());
  const runners = [
    { selectionId: 101, name: 'Mumbai' },
    { selectionId: 102, name: 'Chennai' },
  ];
  await rm.commit(
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
    listed(MO, 'match_odds', runners),
    listed(BM, 'bookmaker', runners),
    listed(FANCY, 'fancy', []),
  );
  const read = async (marketId: string) => (await marketsById(rm.sql, [marketId]))[0]!;
  /** Commits one command's events and checks the fold of them onto the market read before against its read after. */
  const check = async (name: string, marketId: string, ...events: Parameters<typeof rm.commit>) => {
    const before = await read(marketId);
    const folded = marketAfter(before, await rm.commit(...events));
    t.strictSame(columns(folded), columns(await read(marketId)), name);
  };

  await check(
    'settings',
    MO,
    event('MarketSettingsSet', {
      marketId: MO,
      minStake: 20_000,
      maxStake: 5_000_000,
      betDelaySec: 5,
      commissionBp: 200,
    }),
  );
  await check(
    "suspended and priced by hand, a runner's price set twice, another market's status in the batch",
    BM,
    event('MarketStatusSet', { marketId: BM, status: 'SUSPENDED' }),
    bookmaker(101, 90),
    bookmaker(102, 110),
    bookmaker(101, 95),
    event('MarketStatusSet', { marketId: MO, status: 'CLOSED' }),
  );
  await check(
    "a fancy's house price",
    FANCY,
    event('HousePriceSet', {
      marketId: FANCY,
      price: {
        type: 'fancy',
        marketId: FANCY,
        status: 'ACTIVE',
        no: { line: 45, rate: 100 },
        yes: { line: 46, rate: 100 },
      },
    }),
  );
  await check(
    'back on the feed, active, new settings',
    BM,
    event('HousePriceCleared', { marketId: BM }),
    event('MarketStatusSet', { marketId: BM, status: 'ACTIVE' }),
    event('MarketSettingsSet', {
      marketId: BM,
      minStake: 10_000,
      maxStake: 2_000_000,
      betDelaySec: 0,
      commissionBp: 0,
    }),
  );
  await check(
    'priced by hand again after a clear',
    BM,
    event('HousePriceCleared', { marketId: BM }),
    bookmaker(102, 120),
  );
  t.match(await read(BM), { manual: true, status: 'ACTIVE', house_prices: { '102': { back: 120 } } });
});

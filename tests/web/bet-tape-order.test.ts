import t from 'tap';
import type { BetDto, CasinoBetDto, TapeBet } from '@exch/contracts';
import { newestPlacedFirst, tapeKey } from '../../web/src/risk/tape-order.js';

// The live tape in time order (issue 51): pushes from the exchange's and the casino's read models,
// and an in-play bet placed after its delay, can arrive out of order; the rows never show a
// 16:03:15 bet below a 16:03:14 one.
const sports = (id: string, placed: string): TapeBet => ({
  bet_type: 'sports',
  bet: { _id: id, placed_at: placed } as BetDto,
});
const casino = (id: string, placed: string): TapeBet => ({
  bet_type: 'casino',
  bet: { _id: id, placed_at: placed } as CasinoBetDto,
});

t.test('newest placed first, whatever the order they came in', async (t) => {
  const arrived = [
    casino('c1', '2026-12-07T10:33:15.100Z'),
    sports('s1', '2026-12-07T10:33:14.900Z'),
    sports('s2', '2026-12-07T10:33:16.000Z'),
    sports('s3', '2026-12-07T10:33:15.100Z'),
  ];
  t.same(
    [...arrived].sort(newestPlacedFirst).map(tapeKey),
    ['sports:s2', 'casino:c1', 'sports:s3', 'sports:s1'],
    'by the time placed; the same moment by key, so the order never flickers',
  );
});

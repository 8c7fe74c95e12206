import type { CommittedEvent } from '@exch/contracts';
import type { MarketRow } from './rows.js';

/**
 * A market as the catalogue's reads will return it once the projection folds these committed events
 * (a market-management route answers from it). test/folds-catalogue.test.ts keeps this and the
 * projection equal.
 */
export function marketAfter(row: MarketRow, events: readonly CommittedEvent[]): MarketRow {
  const next: MarketRow = { ...row, house_prices: { ...row.house_prices } };
  for (const e of events) {
    if ((e.data as { marketId?: string }).marketId !== row.market_id) continue;
    if (e.type === 'MarketSettingsSet')
      Object.assign(next, {
        min_stake: e.data.minStake,
        max_stake: e.data.maxStake,
        bet_delay_sec: e.data.betDelaySec,
        commission_bp: e.data.commissionBp,
      });
    else if (e.type === 'MarketStatusSet') next.status = e.data.status;
    else if (e.type === 'HousePriceSet') {
      next.manual = true;
      next.house_prices[e.data.price.type === 'bookmaker' ? String(e.data.price.selectionId) : '0'] = e.data.price;
    } else if (e.type === 'HousePriceCleared') Object.assign(next, { manual: false, house_prices: {} });
  }
  return next;
}

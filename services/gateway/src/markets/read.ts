import type { CommittedEvent, SqlClient } from '@exch/contracts';
import { marketsById, matchById, type MarketRow, type MatchRow } from '@exch/projector/read';
import { HttpError } from '../http/errors.js';

export async function findMatch(sql: SqlClient, matchId: string): Promise<MatchRow> {
  const row = await matchById(sql, matchId);
  if (!row) throw new HttpError(404, 'Match not found', 'MATCH_NOT_FOUND');
  return row;
}

export async function findMarket(sql: SqlClient, marketId: string): Promise<MarketRow> {
  const [row] = await marketsById(sql, [marketId]);
  if (!row) throw new HttpError(404, 'Market not found', 'MARKET_NOT_FOUND');
  return row;
}

/** A market as the catalogue read model will hold it once it folds these committed events (a route answers from it). */
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

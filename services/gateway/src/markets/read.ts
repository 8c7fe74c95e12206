import type { SqlClient } from '@exch/contracts';
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

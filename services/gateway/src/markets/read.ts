import type { CommittedEvent, SqlClient } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import type { MarketRow, MatchRow } from './sections.js';

export const MARKET_COLUMNS =
  'market_id, match_id, sport_id, kind, name, fancy_type, runners, min_stake, max_stake, bet_delay_sec, commission_bp, status, manual, house_prices, result, source, feed_status, feed_bet_delay_sec, number_of_winners, removed, proposed';
export const MATCH_COLUMNS = 'match_id, sport_id, sport_name, series_id, series_name, name, start_time, in_play';

/** A match is open while any of its markets is not settled. */
export const OPEN_MATCH = `exists (select 1 from rm_markets k where k.match_id = m.match_id and k.status <> 'SETTLED')`;

/** Matches by a where clause on `m`, in play first, then by start. */
export async function listMatches(sql: SqlClient, where: string, params: unknown[]): Promise<MatchRow[]> {
  const { rows } = await sql.query<MatchRow>(
    `select ${MATCH_COLUMNS} from rm_matches m where ${where} order by m.in_play desc, m.start_time, m.match_id`,
    params,
  );
  return rows;
}

export async function findMatch(sql: SqlClient, matchId: string): Promise<MatchRow> {
  const { rows } = await sql.query<MatchRow>(`select ${MATCH_COLUMNS} from rm_matches where match_id = $1`, [matchId]);
  if (!rows[0]) throw new HttpError(404, 'Match not found', 'MATCH_NOT_FOUND');
  return rows[0];
}

/** The markets of some matches in listing order. */
export async function marketsOf(sql: SqlClient, matchIds: string[]): Promise<MarketRow[]> {
  const { rows } = await sql.query<MarketRow>(
    `select ${MARKET_COLUMNS} from rm_markets where match_id = any($1::text[]) order by position`,
    [matchIds],
  );
  return rows;
}

export async function marketsById(sql: SqlClient, marketIds: string[]): Promise<MarketRow[]> {
  const { rows } = await sql.query<MarketRow>(
    `select ${MARKET_COLUMNS} from rm_markets where market_id = any($1::text[]) order by position`,
    [marketIds],
  );
  return rows;
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

import { SETTLED_MARKETS_SHOWN, type SqlClient } from '@exch/contracts';
import { downlineCte, IN_DOWNLINE } from '../users/downline.js';
import { MARKET_COLUMNS, MATCH_COLUMNS, type MarketRow, type MatchRow } from './rows.js';

// The catalogue's reads: every query the gateway and scripts make on rm_matches, rm_markets and
// rm_news alone. A query joining other projections' tables lives with the projection that owns
// its main table (docs/architecture.md, "The typed read side").

/**
 * A match is open while any of its markets is not settled. The planner reads it as a join from the
 * markets not settled (rm_markets_open, a partial index), so the lobby costs what is open, not
 * every match ever listed.
 */
const OPEN_MATCH = `exists (select 1 from rm_markets k where k.match_id = m.match_id and k.status <> 'SETTLED')`;

/** Matches of a sport, or of every sport, only the open ones if asked; in play first, then by start. */
export async function listMatches(sql: SqlClient, f: { sportId?: number; open: boolean }): Promise<MatchRow[]> {
  const params: unknown[] = [];
  const where = [
    ...(f.sportId === undefined ? [] : [`m.sport_id = $${params.push(f.sportId)}`]),
    ...(f.open ? [OPEN_MATCH] : []),
  ];
  const { rows } = await sql.query<MatchRow>(
    `select ${MATCH_COLUMNS} from rm_matches m where ${where.join(' and ') || 'true'} order by m.in_play desc, m.start_time, m.match_id`,
    params,
  );
  return rows;
}

export async function matchById(sql: SqlClient, matchId: string): Promise<MatchRow | null> {
  const { rows } = await sql.query<MatchRow>(`select ${MATCH_COLUMNS} from rm_matches where match_id = $1`, [matchId]);
  return rows[0] ?? null;
}

/** The markets of some matches in listing order. */
export async function marketsOf(sql: SqlClient, matchIds: string[]): Promise<MarketRow[]> {
  const { rows } = await sql.query<MarketRow>(
    `select ${MARKET_COLUMNS} from rm_markets where match_id = any($1::text[]) order by position`,
    [matchIds],
  );
  return rows;
}

/** Some markets by id, in listing order. */
export async function marketsById(sql: SqlClient, marketIds: string[]): Promise<MarketRow[]> {
  const { rows } = await sql.query<MarketRow>(
    `select ${MARKET_COLUMNS} from rm_markets where market_id = any($1::text[]) order by position`,
    [marketIds],
  );
  return rows;
}

export async function marketById(sql: SqlClient, marketId: string): Promise<MarketRow | null> {
  const { rows } = await sql.query<MarketRow>(`select ${MARKET_COLUMNS} from rm_markets where market_id = $1`, [
    marketId,
  ]);
  return rows[0] ?? null;
}

/**
 * Every sport some match is listed in, with the name one of its matches gives it. Each page asks
 * for it: the sports are found by skipping along rm_matches_sport, one index probe per sport, not
 * by reading every match ever listed.
 */
export async function listedSports(sql: SqlClient): Promise<{ sport_id: number; sport_name: string }[]> {
  const { rows } = await sql.query<{ sport_id: number; sport_name: string }>(
    `with recursive sports (sport_id) as (
       (select sport_id from rm_matches order by sport_id limit 1)
       union all
       select (select m.sport_id from rm_matches m where m.sport_id > s.sport_id order by m.sport_id limit 1)
         from sports s where s.sport_id is not null
     )
     select s.sport_id, (select m.sport_name from rm_matches m where m.sport_id = s.sport_id limit 1) as sport_name
       from sports s where s.sport_id is not null order by s.sport_id`,
  );
  return rows;
}

/** Each listed sport with its count of matches (a bigint, so text). */
export async function sportMatchCounts(
  sql: SqlClient,
): Promise<{ sport_id: number; sport_name: string; matches: string }[]> {
  const { rows } = await sql.query<{ sport_id: number; sport_name: string; matches: string }>(
    `select sport_id, min(sport_name) as sport_name, count(*) as matches from rm_matches group by sport_id`,
  );
  return rows;
}

/** A sport's series by name, each with its count of matches (a bigint, so text). */
export async function seriesOfSport(
  sql: SqlClient,
  sportId: number,
): Promise<{ series_id: string; series_name: string; matches: string }[]> {
  const { rows } = await sql.query<{ series_id: string; series_name: string; matches: string }>(
    `select series_id, min(series_name) as series_name, count(*) as matches from rm_matches where sport_id = $1 group by series_id order by series_name`,
    [sportId],
  );
  return rows;
}

/** The news line, empty when none was set. */
export async function newsText(sql: SqlClient): Promise<string> {
  const { rows } = await sql.query<{ text: string }>(`select text from rm_news where id = 1`);
  return rows[0]?.text ?? '';
}

/** A market of the event-management list: with its match and its count of live bets (a bigint, so text). */
export type EventMarketRow = MarketRow &
  Pick<MatchRow, 'in_play' | 'start_time'> & { match_name: string; position: string | number; bet_count: string };

/**
 * Open markets with their match and live-bet count, in play first, then by start and listing; or
 * the SETTLED_MARKETS_SHOWN latest settled ones, latest declared first. With `downlineOf`, only the
 * markets that account's downline bet on, counting its bets.
 */
export async function eventMarkets(
  sql: SqlClient,
  f: { settled: boolean; downlineOf?: string | undefined },
): Promise<EventMarketRow[]> {
  const all = f.downlineOf === undefined;
  const mine = all ? '' : ` and ${IN_DOWNLINE}`;
  const { rows } = await sql.query<EventMarketRow>(
    `${all ? '' : downlineCte(1)}
       select * from (
       select k.market_id, k.match_id, k.sport_id, k.kind, k.name, k.fancy_type, k.runners, k.min_stake, k.max_stake, k.bet_delay_sec, k.commission_bp,
              k.status, k.manual, k.house_prices, k.result, k.settled_at, k.source, k.feed_status, k.feed_bet_delay_sec, k.number_of_winners, k.removed, k.proposed, m.name as match_name, m.in_play, m.start_time, k.position,
              (select count(*) from rm_bets b where b.market_id = k.market_id and b.status not in ('cancelled', 'deleted')${mine}) as bet_count
         from rm_markets k join rm_matches m on m.match_id = k.match_id
        where k.status ${f.settled ? `= 'SETTLED'` : `<> 'SETTLED'`}) x
        ${all ? '' : 'where x.bet_count > 0'}
        ${f.settled ? `order by x.settled_at desc, x.position limit ${SETTLED_MARKETS_SHOWN}` : 'order by x.in_play desc, x.start_time, x.position'}`,
    all ? [] : [f.downlineOf],
  );
  return rows;
}

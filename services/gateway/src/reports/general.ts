/**
 * The general report's bets (GET /api/report/casino) and the credit reference report, in paise.
 * Each bet type has a source: SQL selecting the downline's bets of that type in one column shape,
 * with the report's filters. A new kind of bet adds its source here and its name to
 * GENERAL_REPORT_BET_TYPES in contracts; nothing else changes.
 */
import type { SqlClient } from '@exch/contracts';
import { downlineIds, IN_DOWNLINE_IDS } from '@exch/projector/read';
import { like } from './like.js';
import { creditCount, creditPage, periodSql, type CreditRow } from '@exch/projector/read';

export interface GeneralFilter {
  bet_type: keyof typeof GENERAL_SOURCES;
  deleted: 'true' | 'false';
  side?: 'back' | 'lay';
  search?: string;
  from?: string;
  to?: string;
}

export interface GeneralBetRow {
  id: string;
  bet_type: string;
  event_type: string;
  event_name: string;
  market_name: string;
  selection_name: string;
  username: string;
  amount: string;
  side: 'back' | 'lay';
  status: string;
  placed_at: Date | string;
}

/** SQL of one source: the columns of GeneralBetRow, over the downline's ids (`$1`, downlineIds), filtered. */
type BetSource = (f: GeneralFilter, params: unknown[]) => string;

const sportsBets: BetSource = (f, params) => `
  select b.bet_id as id, 'sports' as bet_type, coalesce(mt.sport_name, 'Sport') as event_type, coalesce(mt.name, b.match_id) as event_name, coalesce(mk.name, b.market_id) as market_name,
         b.selection_name, u.username, b.stake as amount, b.side, b.status, b.placed_at, b.placed_position as seq
    from rm_bets b join rm_users u on u.user_id = b.user_id
    left join rm_markets mk on mk.market_id = b.market_id left join rm_matches mt on mt.match_id = b.match_id
   where ${IN_DOWNLINE_IDS}
     and ${f.deleted === 'true' ? `b.status = 'deleted'` : `b.status <> 'deleted'`}
     ${f.side ? `and b.side = $${params.push(f.side)}` : ''}
     ${f.search ? `and (u.username_lower like $${params.push(like(f.search))} or lower(mt.name) like $${params.length} or lower(b.selection_name) like $${params.length})` : ''}
     ${periodSql(f, params, 'b.placed_at')}`;

/** The house's own casino tables: back bets only, never deleted (a void round voids them instead). */
const casinoBets: BetSource = (f, params) => `
  select b.bet_id as id, 'casino' as bet_type, 'Casino' as event_type, coalesce(t.name, b.table_code) as event_name, 'Round ' || b.mid as market_name,
         b.selection_name, u.username, b.stake as amount, 'back' as side, b.status, b.placed_at, b.placed_position as seq
    from rm_casino_bets b join rm_users u on u.user_id = b.user_id
    left join rm_casino_tables t on t.table_code = b.table_code
   where ${IN_DOWNLINE_IDS}
     and ${f.deleted === 'true' || f.side === 'lay' ? 'false' : 'true'}
     ${f.search ? `and (u.username_lower like $${params.push(like(f.search))} or lower(t.name) like $${params.length} or lower(b.selection_name) like $${params.length})` : ''}
     ${periodSql(f, params, 'b.placed_at')}`;

export const GENERAL_SOURCES = { sports: sportsBets, casino: casinoBets } satisfies Record<string, BetSource>;

/** The downline's bets of one type, newest first: a page (or all, for the CSV), their count and their stakes' sum. */
export async function generalBets(
  sql: SqlClient,
  actorId: string,
  f: GeneralFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: GeneralBetRow[]; total: number; amount: number }> {
  const params: unknown[] = [await downlineIds(sql, actorId)];
  const source = `with bets as (${GENERAL_SOURCES[f.bet_type](f, params)})`;
  const { rows: totals } = await sql.query<{ n: string; amount: string }>(
    `${source} select count(*) as n, coalesce(sum(amount), 0) as amount from bets`,
    params,
  );
  // Newest first as the sources' tables are indexed (rm_bets_placed_at, rm_casino_bets_placed_at): a page walks the index.
  const { rows } = await sql.query<GeneralBetRow>(
    `${source} select * from bets order by placed_at desc, seq desc limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return { rows, total: Number(totals[0]!.n), amount: Number(totals[0]!.amount) };
}

/** Every account of the actor's downline (any depth) with its credit reference and balance, by username. */
export async function creditReferences(
  sql: SqlClient,
  actorId: string,
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: CreditRow[]; total: number }> {
  const usernameLike = search ? like(search) : undefined;
  const total = await creditCount(sql, actorId, usernameLike);
  return { rows: await creditPage(sql, actorId, usernameLike, page), total };
}

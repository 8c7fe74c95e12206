/**
 * The general report's bets (GET /api/report/casino), in paise. Each bet type has a source, written
 * by the projection that owns its bets: SQL selecting the downline's bets of that type in one column
 * shape, with the report's filters. A new kind of bet adds its source here and its name to
 * GENERAL_REPORT_BET_TYPES in contracts; nothing else changes.
 */
import type { SqlClient } from '@exch/contracts';
import { sportsBets } from './bets/general-source.js';
import { casinoBets } from './casino/general-source.js';
import type { BetSource, GeneralBetRow, GeneralFilter } from './general-report-rows.js';
import { downlineIds } from './users/downline.js';

const GENERAL_SOURCES = { sports: sportsBets, casino: casinoBets } satisfies Record<
  GeneralFilter['bet_type'],
  BetSource
>;

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

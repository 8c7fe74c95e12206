import type { SqlClient } from '@exch/contracts';

// Counting and paging for the lists the projections' queries read a page of.

/** A list's count, or the cap it stopped at (PageInfo.capped). */
export type Count = number | { capped: number };

/**
 * Rows a list whose range the caller may leave open counts at most: 400 pages of 25. Past it the
 * count would grow with the history (every bet of a downline, every round of a table), while a
 * screen needs only to know there are many.
 */
export const COUNT_CAP = 10_000;

/** The rows of `fromWhere` (`from ... where ...`, after `cte` if it reads one), counted up to `cap`. */
export async function cappedCount(
  sql: SqlClient,
  fromWhere: string,
  params: unknown[],
  cap = COUNT_CAP,
  cte = '',
): Promise<Count> {
  const { rows } = await sql.query<{ n: string }>(
    `select count(*) as n from (${cte}select 1 ${fromWhere} limit ${cap + 1}) c`,
    params,
  );
  const n = Number(rows[0]!.n);
  return n > cap ? { capped: cap } : n;
}

/** `limit ... offset ...` for a validated page and limit (whole numbers, so safe to inline). */
export const pageSql = (page: number, limit: number): string => `limit ${limit} offset ${(page - 1) * limit}`;

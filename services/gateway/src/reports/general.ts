/** The credit reference report, in paise. */
import type { SqlClient } from '@exch/contracts';
import { creditCount, creditPage, type CreditRow } from '@exch/projector/read';

/** Every account of the actor's downline (any depth) with its credit reference and balance, by username. */
export async function creditReferences(
  sql: SqlClient,
  actorId: string,
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: CreditRow[]; total: number }> {
  const total = await creditCount(sql, actorId, search);
  return { rows: await creditPage(sql, actorId, search, page), total };
}

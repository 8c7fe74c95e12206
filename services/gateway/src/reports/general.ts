/** The credit reference report, in paise. */
import type { RoleSlug, SqlClient } from '@exch/contracts';
import { downlineCte } from '@exch/projector/read';
import { like } from './like.js';

export interface CreditRow {
  user_id: string;
  username: string;
  role: RoleSlug;
  parent_username: string | null;
  credit_reference: string;
  balance: string;
}

/** Every account of the actor's downline (any depth) with its credit reference and balance, by username. */
export async function creditReferences(
  sql: SqlClient,
  actorId: string,
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: CreditRow[]; total: number }> {
  const params: unknown[] = [actorId];
  const where = `u.user_id in (select user_id from downline)${search ? ` and u.username_lower like $${params.push(like(search))}` : ''}`;
  const { rows: count } = await sql.query<{ n: string }>(
    `${downlineCte(1)} select count(*) as n from rm_users u where ${where}`,
    params,
  );
  const { rows } = await sql.query<CreditRow>(
    `${downlineCte(1)} select u.user_id, u.username, u.role, p.username as parent_username, u.credit_reference, u.balance
       from rm_users u left join rm_users p on p.user_id = u.parent_id where ${where} order by u.username_lower limit ${page.limit} offset ${page.offset}`,
    params,
  );
  return { rows, total: Number(count[0]!.n) };
}

import type { SqlClient } from '@exch/contracts';

// The users projection's reads: the queries the gateway, the server and the scripts make on
// rm_users (DDL in ./projection.ts); a query joining other projections' tables lives here when
// rm_users is its main table (docs/architecture.md, "The typed read side").

/** Whether the account is the top of the tree (no parent); false for an unknown id. */
export async function isTopAccount(sql: SqlClient, userId: string): Promise<boolean> {
  const { rows } = await sql.query<{ top: boolean }>(
    'select parent_id is null as top from rm_users where user_id = $1',
    [userId],
  );
  return rows[0]?.top === true;
}

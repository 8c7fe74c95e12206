import type { SqlClient } from '@exch/contracts';

/** Whether a table is there: a store some projection never ran on lacks its read model. */
export const tableExists = async (sql: SqlClient, table: string): Promise<boolean> =>
  (await sql.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [table])).rows[0]?.t != null;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AsOfQuery, paiseToRupees, parseInstant, type AsOfStatement, type SqlClient } from '@exch/contracts';
import { requireAuth } from '../auth/guard.js';
import { parse } from '../http/validate.js';
import type { AccountDeps } from './deps.js';
import { walletAsOf, toStatementRow } from './as-of.js';
import { downlineClient } from './downline.js';
import { assertPrivilege } from './permissions.js';

/**
 * The account whose past a back-office login may read, by id or username: its own, or (with the
 * account-statement privilege) any account of its downline; another branch's is 404, like a missing one.
 * The statement route's rules, for an admin-context token.
 */
async function accountOf(sql: SqlClient, req: FastifyRequest, idOrUsername: string): Promise<{ userId: string; username: string }> {
  const self = req.auth!.sub;
  const { rows } = await sql.query<{ user_id: string; username: string }>(`select user_id, username from rm_users where user_id = $1`, [self]);
  const me = rows[0];
  if (me && (idOrUsername === me.user_id || idOrUsername.toLowerCase() === me.username.toLowerCase())) return { userId: me.user_id, username: me.username };
  assertPrivilege(req, 'account-statement');
  const client = await downlineClient(sql, self, idOrUsername);
  return { userId: client._id, username: client.username };
}

/** GET /api/admin/users/{userId}/as-of?at=ISO: a wallet's balance at a past moment and its statement up to then. */
export function asOfRoutes(app: FastifyInstance, { sql, sessions }: AccountDeps): void {
  app.get<{ Params: { userId: string } }>('/api/admin/users/:userId/as-of', { preHandler: requireAuth(app, sessions, 'admin') }, async (req): Promise<AsOfStatement> => {
    const q = parse(AsOfQuery, req.query);
    const at = parseInstant(q.at)!;
    const account = await accountOf(sql, req, req.params.userId);
    const wallet = await walletAsOf(sql, { userId: account.userId, at, page: q.page, limit: q.limit });
    return {
      ...account,
      at: at.toISOString(),
      balance: paiseToRupees(wallet.balance),
      entries: wallet.lines.map(toStatementRow),
      pagination: { page: q.page, limit: q.limit, total: wallet.total, totalPages: Math.max(1, Math.ceil(wallet.total / q.limit)) },
    };
  });
}

import type { FastifyInstance } from 'fastify';
import { AsOfQuery, paiseToRupees, parseInstant, type AsOfStatement } from '@exch/contracts';
import { requireAuth } from '../auth/guard.js';
import { parse } from '../http/validate.js';
import type { AccountDeps } from './deps.js';
import { walletAsOf } from './as-of.js';
import { toStatementRow } from './ledger-lines.js';
import { subjectOf } from './subject.js';

/**
 * GET /api/admin/users/{userId}/as-of?at=ISO: a wallet's balance at a past moment and its statement
 * up to then. Readable as the statement is: the login's own account, or with the account-statement
 * privilege any account of its downline (by id or username); another branch's is 404, like a missing one.
 */
export function asOfRoutes(app: FastifyInstance, { sql, sessions }: AccountDeps): void {
  app.get<{ Params: { userId: string } }>('/api/admin/users/:userId/as-of', { preHandler: requireAuth(app, sessions, 'admin') }, async (req): Promise<AsOfStatement> => {
    const q = parse(AsOfQuery, req.query);
    const at = parseInstant(q.at)!;
    const userId = await subjectOf(sql, req, req.params.userId, 'account-statement');
    const { rows } = await sql.query<{ username: string }>(`select username from rm_users where user_id = $1`, [userId]);
    const wallet = await walletAsOf(sql, { userId, at, page: q.page, limit: q.limit });
    return {
      userId,
      username: rows[0]!.username,
      at: at.toISOString(),
      balance: paiseToRupees(wallet.balance),
      entries: wallet.lines.map(toStatementRow),
      pagination: { page: q.page, limit: q.limit, total: wallet.total, totalPages: Math.max(1, Math.ceil(wallet.total / q.limit)) },
    };
  });
}

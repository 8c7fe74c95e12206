import { AsOfQuery, paiseToRupees, parseInstant, type AsOfStatement } from '@exch/contracts';
import { params } from '../http/route.js';
import { usernameOf } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { walletAsOf } from './as-of.js';
import { toStatementRow } from './ledger-lines.js';
import { subjectOf } from './subject.js';

/**
 * GET /api/admin/users/{userId}/as-of?at=ISO: a wallet's balance at a past moment and its statement
 * up to then. Readable as the statement is: the login's own account, or with the account-statement
 * privilege any account of its downline (by id or username); another branch's is 404, like a missing one.
 */
export function asOfRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/users/:userId/as-of',
      access: { admin: 'account-statement' },
      tag: 'Back office',
      summary:
        'A wallet at a past moment (id or username; own account or downline, with the privilege account-statement): the balance then and the statement up to then, newest first; at is ISO 8601 with a time zone',
      params: params('userId'),
      query: AsOfQuery,
      answer: 'AsOfStatement',
    },
    async (req, { params: p, query: q }): Promise<AsOfStatement> => {
      const at = parseInstant(q.at)!;
      const userId = await subjectOf(sql, req, p.userId);
      const wallet = await walletAsOf(sql, { userId, at, page: q.page, limit: q.limit });
      return {
        userId,
        username: (await usernameOf(sql, userId))!,
        at: at.toISOString(),
        balance: paiseToRupees(wallet.balance),
        held: paiseToRupees(wallet.held),
        entries: wallet.lines.map(toStatementRow),
        pagination: {
          page: q.page,
          limit: q.limit,
          total: wallet.total,
          totalPages: Math.max(1, Math.ceil(wallet.total / q.limit)),
        },
      };
    },
  );
}

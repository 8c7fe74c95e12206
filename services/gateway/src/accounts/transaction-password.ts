import type { FastifyRequest } from 'fastify';
import type { SqlClient } from '@exch/contracts';
import { transactionPasswordHash } from '@exch/projector/read';
import { verifyPassword } from '../auth/passwords.js';
import type { LoginThrottle } from '../auth/throttle.js';
import { HttpError } from '../http/errors.js';

/**
 * Every action that moves money or changes access asks for the actor's transaction password.
 * Wrong guesses count against the same throttle as logins.
 */
export async function checkTransactionPassword(
  sql: SqlClient,
  throttle: LoginThrottle,
  req: FastifyRequest,
  given: string,
): Promise<void> {
  const userId = req.auth!.sub;
  const key = `txn|${userId}`;
  const wait = throttle.retryAfter(key);
  if (wait > 0)
    throw new HttpError(
      429,
      `Too many wrong transaction passwords. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
      'TXN_THROTTLED',
    );
  const hash = await transactionPasswordHash(sql, userId);
  if (hash === null) throw new HttpError(400, 'Set your transaction password first', 'TXN_PASSWORD_NOT_SET');
  if (!(await verifyPassword(hash, given))) {
    throttle.fail(key);
    throw new HttpError(400, 'Wrong transaction password', 'WRONG_TXN_PASSWORD');
  }
  throttle.succeed(key);
}

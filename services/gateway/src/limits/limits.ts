import type { FastifyRequest } from 'fastify';
import type { SqlClient } from '@exch/contracts';
import { userByUsername } from '@exch/projector/read';
import { openedFrom } from '../auth/sessions.js';
import { HttpError } from '../http/errors.js';
import type { RateStore } from './bucket.js';
import type { RateLimits } from './settings.js';

/** A 429 with Retry-After in whole seconds (at least 1), said in the message and the body too. */
export function tooMany(what: string, waitMs: number, code: string): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(
    429,
    `${what}: try again in ${seconds} s`,
    code,
    { retryAfter: seconds },
    { 'retry-after': String(seconds) },
  );
}

/**
 * The gateway's rate limits over one store. Checked before a command is built, so an instruction
 * over the limit never reaches the engine and nothing is journalled.
 */
export class Limits {
  constructor(
    readonly store: RateStore,
    readonly rules: RateLimits,
    private readonly sql: SqlClient,
  ) {}

  /**
   * preHandler of every back-office write, after its login and privilege pass: one token of the
   * login's bucket, or 429. So no login can bury the audit trail under its own actions.
   */
  readonly backOfficeWrite = async (req: FastifyRequest): Promise<void> => {
    const wait = await this.store.take(`admin-write:${req.auth!.sub}`, this.rules.backOfficeWrites);
    if (wait > 0) throw tooMany('Too many back-office changes', wait, 'TOO_MANY_BACK_OFFICE_WRITES');
  };

  /** Spends one bet instruction of the caller's account, or refuses with 429. */
  async betInstruction(req: FastifyRequest): Promise<void> {
    const wait = await this.store.take(`bet:${req.auth!.sub}`, this.rules.bets);
    if (wait > 0) throw tooMany('Too many bet instructions', wait, 'TOO_MANY_BET_INSTRUCTIONS');
  }

  /**
   * One login attempt: a token from the address's bucket and one from the account's (any address),
   * taken before the password is checked so concurrent guesses cannot overshoot; `succeeded` gives
   * them back (`refund`, once the password is right), so only failures count. An empty account bucket does not stop an address the account
   * has logged in from before: whoever guesses from elsewhere can keep the bucket empty, but cannot
   * lock the owner out. Keyed by the name typed, known or not, so a 429 tells nothing about which
   * accounts exist.
   */
  async loginAttempt(ip: string, username: string): Promise<{ refund(): Promise<void> }> {
    const { loginAddress, loginAccount } = this.rules;
    const addressKey = `login-ip:${ip}`;
    const accountKey = `login-account:${username.toLowerCase()}`;
    const wait = await this.store.take(addressKey, loginAddress);
    if (wait > 0) throw tooMany('Too many failed logins from this address', wait, 'TOO_MANY_LOGINS_FROM_ADDRESS');
    const accountWait = await this.store.take(accountKey, loginAccount);
    if (accountWait > 0 && !(await this.loggedInFrom(username, ip)))
      throw tooMany('Too many failed logins for this account', accountWait, 'TOO_MANY_LOGINS_FOR_ACCOUNT');
    return {
      refund: async () => {
        await this.store.take(addressKey, loginAddress, -1);
        if (accountWait === 0) await this.store.take(accountKey, loginAccount, -1);
      },
    };
  }

  /** Has this account ever had a session opened from this address (auth_sessions keeps revoked ones)? */
  private async loggedInFrom(username: string, ip: string): Promise<boolean> {
    const user = await userByUsername(this.sql, username);
    return user !== null && (await openedFrom(this.sql, user.user_id, ip));
  }
}

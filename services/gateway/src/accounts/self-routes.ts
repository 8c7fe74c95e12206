import { ChangePasswordBody, FirstPasswordBody, SetTransactionPasswordBody, TotpCodeBody } from '@exch/contracts';
import { endAllSessions } from '../auth/end-sessions.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { userById, type UserRow } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { activateTotp, removeTotp, startTotpSetup, totpMatches, totpSecrets } from '../auth/totp.js';

/** What every logged-in user does to their own account, on the player site and in the back office. */
export function selfRoutes({ sql, commands, sessions, route }: AccountDeps): void {
  const me = async (userId: string): Promise<UserRow> => {
    const row = await userById(sql, userId);
    if (!row) throw new HttpError(401, 'Your session has ended, please log in again', 'SESSION_REVOKED');
    return row;
  };

  route(
    {
      method: 'POST',
      url: '/api/users/change-password',
      access: 'any',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'Change your own password',
      body: ChangePasswordBody,
      answer: 'Message',
    },
    async (req, { body }) => {
      const row = await me(req.auth!.sub);
      if (!(await verifyPassword(row.password_hash, body.currentPassword)))
        throw new HttpError(400, 'Current password is wrong', 'WRONG_PASSWORD');
      await send(commands, req, {
        type: 'ChangePassword',
        userId: row.user_id,
        passwordHash: await hashPassword(body.newPassword),
        mustChangePassword: false,
      });
      // Every other session of the account ends: whoever knew the old password is logged out.
      await endAllSessions(commands, sessions, req, row.user_id, 'password-changed', req.auth!.sid);
      return { message: 'Password changed' };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/users/first-password',
      access: 'password-change',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'The forced password change at first login',
      body: FirstPasswordBody,
    },
    async (req, { body }) => {
      const row = await me(req.auth!.sub);
      if (!row.must_change_password)
        throw new HttpError(400, 'Your password does not need changing; use Change password', 'NOT_REQUIRED');
      if (await verifyPassword(row.password_hash, body.newPassword))
        throw new HttpError(400, 'Choose a password different from the one you were given', 'SAME_PASSWORD');
      await send(commands, req, {
        type: 'ChangePassword',
        userId: row.user_id,
        passwordHash: await hashPassword(body.newPassword),
        mustChangePassword: false,
      });
      return {
        message: 'Password changed',
        needsTransactionPassword: row.role !== 'user' && row.transaction_password_hash === null,
      };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/users/transaction-password',
      access: 'any',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'Set the transaction password back-office actions are confirmed with',
      body: SetTransactionPasswordBody,
      answer: 'Message',
    },
    async (req, { body }) => {
      const row = await me(req.auth!.sub);
      if (!(await verifyPassword(row.password_hash, body.password)))
        throw new HttpError(400, 'Login password is wrong', 'WRONG_PASSWORD');
      if (body.transactionPassword === body.password)
        throw new HttpError(400, 'The transaction password must differ from the login password', 'SAME_PASSWORD');
      await send(commands, req, {
        type: 'SetTransactionPassword',
        userId: row.user_id,
        transactionPasswordHash: await hashPassword(body.transactionPassword),
      });
      return { message: 'Transaction password set' };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/users/2fa',
      access: 'any',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'Is two-factor authentication on',
    },
    async (req) => ({ enabled: (await me(req.auth!.sub)).totp_enabled }),
  );

  route(
    {
      method: 'POST',
      url: '/api/users/2fa/setup',
      access: 'any',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'Start two-factor set-up: a new secret and its otpauth URL',
    },
    async (req) => {
      const row = await me(req.auth!.sub);
      if (row.totp_enabled) throw new HttpError(400, 'Two-factor authentication is already on', 'TOTP_ALREADY_ENABLED');
      return startTotpSetup(sql, row.user_id, row.username);
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/users/2fa/enable',
      access: 'any',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'Turn two-factor authentication on with a code from the app',
      body: TotpCodeBody,
    },
    async (req, { body: { code } }) => {
      const userId = req.auth!.sub;
      const { pending } = await totpSecrets(sql, userId);
      if (!pending) throw new HttpError(400, 'Start the set-up first', 'TOTP_NOT_STARTED');
      if (!totpMatches(pending, code)) throw new HttpError(400, 'Invalid authentication code', 'BAD_OTP');
      await send(commands, req, { type: 'EnableTotp', userId });
      await activateTotp(sql, userId);
      return { message: 'Two-factor authentication is on', enabled: true };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/users/2fa/disable',
      access: 'any',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'Turn two-factor authentication off with a current code',
      body: TotpCodeBody,
    },
    async (req, { body: { code } }) => {
      const userId = req.auth!.sub;
      const { secret } = await totpSecrets(sql, userId);
      if (!secret) throw new HttpError(400, 'Two-factor authentication is not on', 'TOTP_NOT_ENABLED');
      if (!totpMatches(secret, code)) throw new HttpError(400, 'Invalid authentication code', 'BAD_OTP');
      await send(commands, req, { type: 'DisableTotp', userId });
      await removeTotp(sql, userId);
      return { message: 'Two-factor authentication is off', enabled: false };
    },
  );
}

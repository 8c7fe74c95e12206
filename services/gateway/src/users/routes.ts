import type { AccountDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { userById } from '@exch/projector/read';
import { toUserDto } from './read.js';

export function userRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/users/profile',
      access: 'password-change',
      backOffice: 'own',
      tag: 'Accounts',
      summary: 'The signed-in user, with balance and exposure (polled every 3 s)',
      answer: 'UserDto',
    },
    async (req) => {
      const row = await userById(sql, req.auth!.sub);
      if (!row) throw new HttpError(401, 'Your session has ended, please log in again', 'SESSION_REVOKED');
      return toUserDto(row);
    },
  );
}

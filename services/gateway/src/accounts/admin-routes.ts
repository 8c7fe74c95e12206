import type { FastifyInstance } from 'fastify';
import {
  ChipsBody,
  CreateUserBody,
  CreditReferenceBody,
  DownlineQuery,
  EditUserBody,
  ExposureLimitBody,
  LockBody,
  ResetPasswordBody,
  ROLE_NAME,
  type Command,
  type DownlineResponse,
} from '@exch/contracts';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { findUserById } from '../users/read.js';
import type { AccountDeps } from './deps.js';
import { breadcrumb, downlineClient, inDownline, listChildren } from './downline.js';
import { checkTransactionPassword } from './transaction-password.js';

/** The back office's client management: every route is admin-context, privilege-checked, downline-only. */
export function adminAccountRoutes(app: FastifyInstance, deps: AccountDeps): void {
  const { sql, commands, throttle, guard } = deps;
  const txn = (req: Parameters<typeof checkTransactionPassword>[2], pw: string) => checkTransactionPassword(sql, throttle, req, pw);

  app.get('/api/users/downline', { preHandler: guard.admin('view-clients') }, async (req): Promise<DownlineResponse> => {
    const q = parse(DownlineQuery, req.query);
    const actorId = req.auth!.sub;
    let parentId = actorId;
    if (q.parent) {
      const { rows } = await sql.query<{ user_id: string }>(`select user_id from rm_users where username_lower = lower($1) or user_id = $1`, [q.parent]);
      const id = rows[0]?.user_id;
      if (!id || (id !== actorId && !(await inDownline(sql, actorId, id)))) throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
      parentId = id;
    }
    const parent = (await findUserById(sql, parentId))!;
    const { rows, total } = await listChildren(sql, { parentId, search: q.search, sort: q.sort, order: q.order, page: q.page, limit: q.limit });
    return {
      users: rows,
      total,
      page: q.page,
      limit: q.limit,
      parent: { _id: parent.user_id, username: parent.username, role: { slug: parent.role, name: ROLE_NAME[parent.role] } },
      breadcrumb: await breadcrumb(sql, actorId, parentId),
    };
  });

  app.get<{ Params: { id: string } }>('/api/users/:id', { preHandler: guard.admin('view-clients') }, async (req) => ({
    user: await downlineClient(sql, req.auth!.sub, req.params.id),
  }));

  app.post('/api/users', { preHandler: guard.admin('create-client') }, async (req, reply) => {
    const body = parse(CreateUserBody, req.body);
    await txn(req, body.transactionPassword);
    const userId = randomUUID();
    await send(commands, req, {
      type: 'CreateUser',
      userId,
      username: body.username,
      fullName: body.fullName,
      role: body.role,
      parentId: req.auth!.sub,
      passwordHash: await hashPassword(body.password),
      creditReference: body.creditReference,
      exposureLimit: body.exposureLimit,
      mustChangePassword: true,
    });
    reply.status(201);
    return { message: 'User is Seccessfuly updated', user: await downlineClient(sql, req.auth!.sub, userId) };
  });

  app.put<{ Params: { id: string } }>('/api/users/:id', { preHandler: guard.admin('create-client') }, async (req) => {
    const body = parse(EditUserBody, req.body);
    const target = await downlineClient(sql, req.auth!.sub, req.params.id);
    await txn(req, body.transactionPassword);
    const userId = target._id;
    const changes: Command[] = [
      { type: 'UpdateUserDetails', userId, fullName: body.fullName },
      { type: 'SetCreditReference', userId, creditReference: body.creditReference },
      { type: 'SetExposureLimit', userId, exposureLimit: body.exposureLimit },
    ];
    for (const [i, c] of changes.entries()) await send(commands, req, c, `:${i}`);
    return { message: 'User is Seccessfuly updated', user: await downlineClient(sql, req.auth!.sub, userId) };
  });

  for (const direction of ['deposit', 'withdraw'] as const) {
    app.post<{ Params: { id: string } }>(`/api/users/:id/${direction}`, { preHandler: guard.admin(direction === 'deposit' ? 'deposit-chips' : 'withdraw-chips') }, async (req) => {
      const body = parse(ChipsBody, req.body);
      const target = await downlineClient(sql, req.auth!.sub, req.params.id);
      await txn(req, body.transactionPassword);
      const [fromUserId, toUserId] = direction === 'deposit' ? [req.auth!.sub, target._id] : [target._id, req.auth!.sub];
      await send(commands, req, { type: 'TransferChips', fromUserId, toUserId, amount: body.amount, remark: body.remark ?? '' });
      return { message: direction === 'deposit' ? 'Chips deposited' : 'Chips withdrawn', user: await downlineClient(sql, req.auth!.sub, target._id) };
    });
  }

  app.put<{ Params: { id: string } }>('/api/users/:id/credit-reference', { preHandler: guard.admin('edit-limits') }, async (req) => {
    const body = parse(CreditReferenceBody, req.body);
    const target = await downlineClient(sql, req.auth!.sub, req.params.id);
    await txn(req, body.transactionPassword);
    await send(commands, req, { type: 'SetCreditReference', userId: target._id, creditReference: body.creditReference });
    return { message: 'Credit reference updated', user: await downlineClient(sql, req.auth!.sub, target._id) };
  });

  app.put<{ Params: { id: string } }>('/api/users/:id/exposure-limit', { preHandler: guard.admin('edit-limits') }, async (req) => {
    const body = parse(ExposureLimitBody, req.body);
    const target = await downlineClient(sql, req.auth!.sub, req.params.id);
    await txn(req, body.transactionPassword);
    await send(commands, req, { type: 'SetExposureLimit', userId: target._id, exposureLimit: body.exposureLimit });
    return { message: 'Exposure limit updated', user: await downlineClient(sql, req.auth!.sub, target._id) };
  });

  app.put<{ Params: { id: string } }>('/api/users/:id/password', { preHandler: guard.admin('change-client-password') }, async (req) => {
    const body = parse(ResetPasswordBody, req.body);
    const target = await downlineClient(sql, req.auth!.sub, req.params.id);
    await txn(req, body.transactionPassword);
    await send(commands, req, { type: 'ChangePassword', userId: target._id, passwordHash: await hashPassword(body.newPassword), mustChangePassword: true });
    await deps.sessions.revokeAllFor(target._id);
    return { message: 'Password reset; the user must change it at next login' };
  });

  app.put<{ Params: { id: string } }>('/api/users/:id/lock', { preHandler: guard.admin('lock-clients') }, async (req) => {
    const body = parse(LockBody, req.body);
    const target = await downlineClient(sql, req.auth!.sub, req.params.id);
    await txn(req, body.transactionPassword);
    if (body.accountLocked !== undefined) await send(commands, req, { type: 'SetAccountLock', userId: target._id, locked: body.accountLocked }, ':account');
    if (body.betLocked !== undefined) await send(commands, req, { type: 'SetBetLock', userId: target._id, locked: body.betLocked }, ':bet');
    // A locked account is logged out everywhere at once, not at its next token refresh.
    if (body.accountLocked) await deps.sessions.revokeAllFor(target._id);
    return { message: 'Locks updated', user: await downlineClient(sql, req.auth!.sub, target._id) };
  });
}

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
  type CommittedEvent,
  type DownlineResponse,
} from '@exch/contracts';
import { randomUUID } from 'node:crypto';
import { endAllSessions } from '../auth/end-sessions.js';
import { hashPassword } from '../auth/passwords.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import { clientAfter, userById, userIdOf, type ClientDbRow } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import {
  breadcrumb,
  downlineClient,
  downlineRow,
  inDownline,
  listChildren,
  selfOrDownlineClient,
  toClientRow,
} from './downline.js';
import { checkTransactionPassword } from './transaction-password.js';

/** The back office's client management: every route is admin-context, privilege-checked, downline-only. */
const UserParams = params('id');

export function adminAccountRoutes(deps: AccountDeps): void {
  const { sql, commands, throttle, route } = deps;
  const txn = (req: Parameters<typeof checkTransactionPassword>[2], pw: string) =>
    checkTransactionPassword(sql, throttle, req, pw);
  /** The account as the list will show it once the committed events are folded. */
  const after = (before: ClientDbRow | null, events: CommittedEvent[]) => toClientRow(clientAfter(before, events)!);

  route(
    {
      method: 'GET',
      url: '/api/users/downline',
      access: { admin: 'view-clients' },
      tag: 'Clients',
      summary: 'Direct children of the caller or of a downline parent, searched, sorted and paged',
      query: DownlineQuery,
      answer: 'DownlineResponse',
    },
    async (req, { query: q }): Promise<DownlineResponse> => {
      const actorId = req.auth!.sub;
      let parentId = actorId;
      if (q.parent) {
        const id = await userIdOf(sql, q.parent);
        if (!id || (id !== actorId && !(await inDownline(sql, actorId, id))))
          throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
        parentId = id;
      }
      const parent = (await userById(sql, parentId))!;
      const { rows, total } = await listChildren(sql, {
        parentId,
        search: q.search,
        sort: q.sort,
        order: q.order,
        page: q.page,
        limit: q.limit,
      });
      return {
        users: rows,
        total,
        page: q.page,
        limit: q.limit,
        parent: {
          _id: parent.user_id,
          username: parent.username,
          role: { slug: parent.role, name: ROLE_NAME[parent.role] },
        },
        breadcrumb: await breadcrumb(sql, actorId, parentId),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/users/:id',
      access: { admin: 'view-clients' },
      tag: 'Clients',
      summary: "The caller's own account or a downline account, by id or username",
      params: UserParams,
      answer: 'ClientEnvelope',
    },
    async (req, { params: p }) => ({
      user: await selfOrDownlineClient(sql, req.auth!.sub, p.id),
    }),
  );

  route(
    {
      method: 'POST',
      url: '/api/users',
      access: { admin: 'create-client' },
      tag: 'Clients',
      summary:
        'Create a downline account (it must change its password at first login), with a partnership share for a back-office role',
      body: CreateUserBody,
      created: true,
      answer: 'ClientEnvelope',
    },
    async (req, { body }) => {
      if (body.partnership !== undefined && body.role === 'user')
        throw new HttpError(400, 'Partnership shares are for back-office accounts only', 'ROLE_NOT_ALLOWED');
      await txn(req, body.transactionPassword);
      const userId = randomUUID();
      const { events } = await send(commands, req, {
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
        ...(body.partnership !== undefined ? { shareBp: body.partnership } : {}),
      });
      return { message: 'User is Seccessfuly updated', user: after(null, events) };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/users/:id',
      access: { admin: 'create-client' },
      tag: 'Clients',
      summary: 'Edit a downline account: name, credit reference, exposure limit, partnership share (back office)',
      params: UserParams,
      body: EditUserBody,
      answer: 'ClientEnvelope',
    },
    async (req, { params: p, body }) => {
      const target = await downlineRow(sql, req.auth!.sub, p.id);
      await txn(req, body.transactionPassword);
      const userId = target.user_id;
      // One decision: a refused share (or limit) leaves the account as it was.
      const { events } = await send(commands, req, {
        type: 'EditUser',
        userId,
        fullName: body.fullName,
        creditReference: body.creditReference,
        exposureLimit: body.exposureLimit,
        ...(body.partnership !== undefined && target.role !== 'user' ? { shareBp: body.partnership } : {}),
      });
      return { message: 'User is Seccessfuly updated', user: after(target, events) };
    },
  );

  for (const direction of ['deposit', 'withdraw'] as const) {
    const summary =
      direction === 'deposit' ? 'Move chips from the caller to a direct child' : 'Take chips back from a direct child';
    route(
      {
        method: 'POST',
        url: `/api/users/:id/${direction}`,
        access: { admin: direction === 'deposit' ? 'deposit-chips' : 'withdraw-chips' },
        tag: 'Clients',
        summary,
        params: UserParams,
        body: ChipsBody,
        answer: 'ClientEnvelope',
      },
      async (req, { params: p, body }) => {
        const target = await downlineRow(sql, req.auth!.sub, p.id);
        await txn(req, body.transactionPassword);
        const [fromUserId, toUserId] =
          direction === 'deposit' ? [req.auth!.sub, target.user_id] : [target.user_id, req.auth!.sub];
        const { events } = await send(commands, req, {
          type: 'TransferChips',
          fromUserId,
          toUserId,
          amount: body.amount,
          remark: body.remark ?? '',
        });
        return {
          message: direction === 'deposit' ? 'Chips deposited' : 'Chips withdrawn',
          user: after(target, events),
        };
      },
    );
  }

  route(
    {
      method: 'PUT',
      url: '/api/users/:id/credit-reference',
      access: { admin: 'edit-limits' },
      tag: 'Clients',
      summary: "Set a downline account's credit reference",
      params: UserParams,
      body: CreditReferenceBody,
      answer: 'ClientEnvelope',
    },
    async (req, { params: p, body }) => {
      const target = await downlineRow(sql, req.auth!.sub, p.id);
      await txn(req, body.transactionPassword);
      const { events } = await send(commands, req, {
        type: 'SetCreditReference',
        userId: target.user_id,
        creditReference: body.creditReference,
      });
      return { message: 'Credit reference updated', user: after(target, events) };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/users/:id/exposure-limit',
      access: { admin: 'edit-limits' },
      tag: 'Clients',
      summary: "Set a downline account's exposure limit",
      params: UserParams,
      body: ExposureLimitBody,
      answer: 'ClientEnvelope',
    },
    async (req, { params: p, body }) => {
      const target = await downlineRow(sql, req.auth!.sub, p.id);
      await txn(req, body.transactionPassword);
      const { events } = await send(commands, req, {
        type: 'SetExposureLimit',
        userId: target.user_id,
        exposureLimit: body.exposureLimit,
      });
      return { message: 'Exposure limit updated', user: after(target, events) };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/users/:id/password',
      access: { admin: 'change-client-password' },
      tag: 'Clients',
      summary: "Reset a downline account's password (logs it out everywhere)",
      params: UserParams,
      body: ResetPasswordBody,
      answer: 'Message',
    },
    async (req, { params: p, body }) => {
      const target = await downlineClient(sql, req.auth!.sub, p.id);
      await txn(req, body.transactionPassword);
      await send(commands, req, {
        type: 'ChangePassword',
        userId: target._id,
        passwordHash: await hashPassword(body.newPassword),
        mustChangePassword: true,
      });
      await endAllSessions(commands, deps.sessions, req, target._id, 'password-changed');
      return { message: 'Password reset; the user must change it at next login' };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/users/:id/lock',
      access: { admin: 'lock-clients' },
      tag: 'Clients',
      summary: 'Lock or unlock a downline account or its betting',
      params: UserParams,
      body: LockBody,
      answer: 'ClientEnvelope',
    },
    async (req, { params: p, body }) => {
      const target = await downlineRow(sql, req.auth!.sub, p.id);
      await txn(req, body.transactionPassword);
      const events: CommittedEvent[] = [];
      if (body.accountLocked !== undefined)
        events.push(
          ...(
            await send(
              commands,
              req,
              { type: 'SetAccountLock', userId: target.user_id, locked: body.accountLocked },
              ':account',
            )
          ).events,
        );
      if (body.betLocked !== undefined)
        events.push(
          ...(await send(commands, req, { type: 'SetBetLock', userId: target.user_id, locked: body.betLocked }, ':bet'))
            .events,
        );
      // A locked account is logged out everywhere at once, not at its next token refresh.
      if (body.accountLocked) await endAllSessions(commands, deps.sessions, req, target.user_id, 'account-locked');
      return { message: 'Locks updated', user: after(target, events) };
    },
  );
}

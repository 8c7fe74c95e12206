import {
  ApproveBody,
  PaymentMethodBody,
  PaymentRequestsQuery,
  RejectBody,
  type CommittedEvent,
  type Paged,
  type PaymentMethodDto,
  type PaymentRequestDto,
  type PendingCounts,
  type SqlClient,
} from '@exch/contracts';
import type { FastifyRequest } from 'fastify';
import {
  accountRefOf,
  downlineRequests,
  paymentMethodOf,
  pendingRequestCounts,
  requestById,
  type RequestRow,
} from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { downlineRow } from '../accounts/downline.js';
import { assertRoutePrivilege } from '../accounts/permissions.js';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { paginated } from '../http/paging.js';
import { params } from '../http/route.js';
import { toRequestDto } from './read.js';
import { readScreenshot } from './screenshots.js';

const NOT_FOUND = () => new HttpError(404, 'Payment request not found', 'REQUEST_NOT_FOUND');

/** A request of the caller's downline, or 404: another branch's requests are indistinguishable from none. */
async function downlineRequest(sql: SqlClient, actorId: string, requestId: string): Promise<RequestRow> {
  const row = await requestById(sql, requestId);
  if (!row || !row.upline_ids.includes(actorId)) throw NOT_FOUND();
  return row;
}

/** The request as lists will show it once its decision (or first approval) is folded: the row read before, with the committed event. */
function decidedRow(
  before: RequestRow,
  events: readonly CommittedEvent[],
  by: string,
  wallet: { user_id: string; username: string } | null,
): RequestRow {
  const e = events[0]!;
  if (e.type === 'PaymentRequestEndorsed')
    return {
      ...before,
      endorsed_by: by,
      endorsed_wallet_user_id: e.data.walletUserId,
      endorse_remark: e.data.remark,
      endorsed_at: e.at,
    };
  const approved = e.type === 'DepositApproved' || e.type === 'WithdrawalApproved';
  return {
    ...before,
    status: approved ? 'approved' : 'rejected',
    decision_remark: (e.data as { remark: string }).remark,
    decided_by: by,
    wallet: approved ? wallet!.username : null,
    decided_at: e.at,
  };
}

/** Pending requests of each upline's downline. */
export async function pendingCounts(sql: SqlClient, uplineIds: string[]): Promise<Map<string, PendingCounts>> {
  const rows = await pendingRequestCounts(sql, uplineIds);
  return new Map(rows.map((r) => [r.upline, { deposit: Number(r.deposit), withdraw: Number(r.withdraw) }]));
}

/** The back office's payments (SPEC.md section 2): the downline's requests, approve and reject, the payment method. */
export function adminPaymentRoutes({ sql, commands, throttle, route, directory }: AccountDeps): void {
  const txn = (req: FastifyRequest, pw: string) => checkTransactionPassword(sql, throttle, req, pw);
  const me = async (req: FastifyRequest) => ({
    user_id: req.auth!.sub,
    username: (await directory.user(req.auth!.sub))!.username,
  });

  route(
    {
      method: 'GET',
      url: '/api/admin/payment-requests',
      access: { admin: 'payment-requests' },
      tag: 'Payments',
      summary: "The downline's deposit or withdrawal requests: pending first, then newest; by status, days and user",
      query: PaymentRequestsQuery,
      answer: 'PaymentRequestPage',
    },
    async (req, { query: q }): Promise<Paged<PaymentRequestDto>> => {
      const { rows, total } = await downlineRequests(sql, req.auth!.sub, q, {
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return paginated(rows.map(toRequestDto), q.page, q.limit, total);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/payment-requests/pending',
      access: { admin: 'payment-requests' },
      tag: 'Payments',
      summary: "How many of the downline's deposit and withdrawal requests wait for a decision",
      answer: 'PendingCounts',
    },
    async (req) => (await pendingCounts(sql, [req.auth!.sub])).get(req.auth!.sub)!,
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/payment-requests/:id/approve',
      access: { admin: 'payment-requests' },
      tag: 'Payments',
      params: params('id'),
      body: ApproveBody,
      answer: 'PaymentRequestEnvelope',
      summary:
        "Approve a downline request: a deposit's chips come from walletUserId's wallet (default: the first approver's choice, else the caller's), a withdrawal's held chips go to it; above the top admin's limit an upline's approval is the first of two",
    },
    async (req, { params: p, body }) => {
      const actorId = req.auth!.sub;
      const before = await downlineRequest(sql, actorId, p.id);
      await txn(req, body.transactionPassword);
      const self = await me(req);
      // Unnamed: the first approver's wallet when the caller may name it (the admin), else the caller's own.
      const endorsed = before.endorsed_wallet_user_id;
      const wallet =
        body.walletUserId !== undefined
          ? await walletOf(sql, actorId, body.walletUserId)
          : endorsed === null
            ? self
            : await walletOf(sql, actorId, endorsed).catch(() => self);
      const { events } = await send(commands, req, {
        type: 'ApprovePaymentRequest',
        requestId: before.request_id,
        walletUserId: wallet.user_id,
        remark: body.remark,
      });
      const message =
        events[0]!.type === 'PaymentRequestEndorsed'
          ? "Approved: above the limit it also needs the admin's approval"
          : before.type === 'deposit'
            ? 'Deposit approved'
            : 'Withdrawal approved';
      return { message, data: toRequestDto(decidedRow(before, events, self.username, wallet)) };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/payment-requests/:id/reject',
      access: { admin: 'payment-requests' },
      tag: 'Payments',
      summary: "Reject a downline request with a remark (a withdrawal's hold goes back to the player)",
      params: params('id'),
      body: RejectBody,
      answer: 'PaymentRequestEnvelope',
    },
    async (req, { params: p, body }) => {
      const before = await downlineRequest(sql, req.auth!.sub, p.id);
      await txn(req, body.transactionPassword);
      const { events } = await send(commands, req, {
        type: 'RejectPaymentRequest',
        requestId: before.request_id,
        remark: body.remark,
      });
      return {
        message: before.type === 'deposit' ? 'Deposit rejected' : 'Withdrawal rejected',
        data: toRequestDto(decidedRow(before, events, (await me(req)).username, null)),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/payments/requests/:id/screenshot',
      access: 'any',
      backOffice: 'payment-requests',
      tag: 'Payments',
      summary: "A deposit's payment screenshot: to the player who sent it and to that player's uplines",
      params: params('id'),
      answer: { type: 'string', format: 'binary' },
    },
    async (req, { params: p }, reply) => {
      const row = await requestById(sql, p.id);
      const me = req.auth!.sub;
      if (
        !row ||
        row.screenshot_id === null ||
        (row.user_id !== me && !(req.auth!.ctx === 'admin' && row.upline_ids.includes(me)))
      )
        throw NOT_FOUND();
      if (row.user_id !== me) assertRoutePrivilege(req);
      const image = await readScreenshot(sql, row.user_id, row.screenshot_id);
      if (!image) throw NOT_FOUND();
      return reply.type(image.contentType).header('content-disposition', 'inline').send(image.bytes);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/payment-method',
      access: { admin: 'payment-method' },
      tag: 'Payments',
      summary: "The caller's payment method: what its downline pays deposits to (data null when not set)",
      answer: 'PaymentMethodEnvelope',
    },
    async (req): Promise<{ data: PaymentMethodDto | null }> => {
      const m = await paymentMethodOf(sql, req.auth!.sub);
      return {
        data: m
          ? {
              upiId: m.upi_id,
              upiName: m.upi_name,
              accountHolderName: m.account_holder_name,
              accountNumber: m.account_number,
              ifscCode: m.ifsc_code,
            }
          : null,
      };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/payment-method',
      access: { admin: 'payment-method' },
      tag: 'Payments',
      summary: "Set the caller's payment method (the nearest upline's applies to a player)",
      body: PaymentMethodBody,
      answer: 'PaymentMethodEnvelope',
    },
    async (req, { body }) => {
      const { transactionPassword, ...method } = body;
      await txn(req, transactionPassword);
      await send(commands, req, { type: 'SetPaymentMethod', ...method });
      return { message: 'Payment method saved', data: method };
    },
  );
}

/** The wallet an approval names: the caller's own, or an account of its downline (the engine checks it sits above the player). */
async function walletOf(
  sql: SqlClient,
  actorId: string,
  idOrUsername: string,
): Promise<{ user_id: string; username: string }> {
  const own = await accountRefOf(sql, idOrUsername);
  if (own?.user_id === actorId) return own;
  return downlineRow(sql, actorId, idOrUsername);
}

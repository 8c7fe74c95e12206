import { ApprovalLimitsBody, paiseToRupees, type ApprovalLimitsDto, type SqlClient } from '@exch/contracts';
import { topApprovalLimits } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';

/** The second level of the caller's chain: its top admin's limits (paise), who that is, and whether the caller is it. */
async function limitsOf(sql: SqlClient, userId: string): Promise<ApprovalLimitsDto> {
  const top = await topApprovalLimits(sql, userId);
  const rupees = (p: string | null) => (p === null ? null : paiseToRupees(Number(p)));
  return {
    depositAbove: rupees(top.deposit_above),
    withdrawalAbove: rupees(top.withdrawal_above),
    setBy: top.username,
    canSet: top.user_id === userId,
  };
}

/** The optional second level (docs/payments.md): read by every back-office login, set by the top admin only. */
export function limitsRoutes({ sql, commands, throttle, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/approval-limits',
      access: { admin: 'payment-method' },
      tag: 'Payments',
      summary: "Amounts above which the top admin's approval must follow an upline's (null: one approval is enough)",
      answer: 'ApprovalLimitsEnvelope',
    },
    async (req) => ({
      data: await limitsOf(sql, req.auth!.sub),
    }),
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/approval-limits',
      access: { admin: 'payment-method' },
      tag: 'Payments',
      summary: 'Set the second level (the top admin only); an empty amount means one approval is enough',
      body: ApprovalLimitsBody,
      answer: 'ApprovalLimitsEnvelope',
    },
    async (req, { body }) => {
      await checkTransactionPassword(sql, throttle, req, body.transactionPassword);
      const me = await limitsOf(sql, req.auth!.sub);
      await send(commands, req, {
        type: 'SetApprovalLimits',
        depositAbove: body.depositAbove ?? null,
        withdrawalAbove: body.withdrawalAbove ?? null,
      });
      const rupees = (p: number | undefined) => (p === undefined ? null : paiseToRupees(p));
      return {
        message: 'Second approval saved',
        data: { ...me, depositAbove: rupees(body.depositAbove), withdrawalAbove: rupees(body.withdrawalAbove) },
      };
    },
  );
}

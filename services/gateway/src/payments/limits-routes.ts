import { ApprovalLimitsBody, paiseToRupees, type ApprovalLimitsDto, type SqlClient } from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';

/** The second level of the caller's chain: its top admin's limits (paise), who that is, and whether the caller is it. */
async function limitsOf(sql: SqlClient, userId: string): Promise<ApprovalLimitsDto> {
  const { rows } = await sql.query<{
    user_id: string;
    username: string;
    deposit_above: string | null;
    withdrawal_above: string | null;
  }>(
    `with recursive chain as (
       select user_id, parent_id from rm_users where user_id = $1
       union all
       select u.user_id, u.parent_id from rm_users u join chain c on u.user_id = c.parent_id
     )
     select t.user_id, t.username, l.deposit_above, l.withdrawal_above
       from chain c join rm_users t on t.user_id = c.user_id left join rm_payment_limits l on l.user_id = c.user_id
      where c.parent_id is null`,
    [userId],
  );
  const top = rows[0]!;
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
      access: 'admin',
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

import {
  paiseToRupees,
  type PayoutAccount,
  type PaymentRequestDto,
  type PaymentStatus,
  type PaymentType,
  type SqlClient,
  type TransactionHistoryRow,
} from '@exch/contracts';

/** A request row with the usernames the back office shows. */
export interface RequestRow {
  request_id: string;
  user_id: string;
  username: string | null;
  type: PaymentType;
  method: 'upi' | 'bank';
  amount: string;
  utr: string | null;
  screenshot_id: string | null;
  payee: string | null;
  account: PayoutAccount | null;
  remark: string;
  upline_ids: string[];
  status: PaymentStatus;
  decision_remark: string | null;
  decided_by: string | null;
  wallet: string | null;
  requested_at: Date | string;
  decided_at: Date | string | null;
  endorsed_by: string | null;
  endorsed_wallet_user_id: string | null;
  endorse_remark: string | null;
  endorsed_at: Date | string | null;
}

/** The columns of RequestRow, from rm_payment_requests `p` with the usernames joined in. */
export const REQUEST_SELECT = `select p.request_id, p.user_id, u.username, p.type, p.method, p.amount, p.utr, p.screenshot_id, pu.username as payee, p.account,
    p.remark, p.upline_ids, p.status, p.decision_remark, du.username as decided_by, wu.username as wallet, p.requested_at, p.decided_at,
    eu.username as endorsed_by, p.endorsed_wallet_user_id, p.endorse_remark, p.endorsed_at
  from rm_payment_requests p
  left join rm_users u on u.user_id = p.user_id
  left join rm_users pu on pu.user_id = p.payee_id
  left join rm_users du on du.user_id = p.decided_by
  left join rm_users wu on wu.user_id = p.wallet_user_id
  left join rm_users eu on eu.user_id = p.endorsed_by`;

export async function findRequest(sql: SqlClient, requestId: string): Promise<RequestRow | null> {
  const { rows } = await sql.query<RequestRow>(`${REQUEST_SELECT} where p.request_id = $1`, [requestId]);
  return rows[0] ?? null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The remark a statement shows: the decision's once decided, else what the player wrote. */
export function toHistoryRow(r: RequestRow): TransactionHistoryRow {
  return {
    _id: r.request_id,
    type: r.type,
    amount: paiseToRupees(Number(r.amount)),
    createdAt: iso(r.requested_at),
    status: r.status,
    remark: r.decision_remark ?? r.remark,
    accountType: r.method,
  };
}

export function toRequestDto(r: RequestRow): PaymentRequestDto {
  const account = r.account;
  return {
    ...toHistoryRow(r),
    user: { _id: r.user_id, username: r.username ?? r.user_id },
    utrno: r.utr,
    hasScreenshot: r.screenshot_id !== null,
    payee: r.payee,
    bankDetail:
      account === null
        ? null
        : account.kind === 'bank'
          ? {
              accountHolderName: account.accountHolderName,
              accountNumber: account.accountNumber,
              ifscCode: account.ifscCode,
            }
          : { upiId: account.upiId },
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
    decidedBy: r.decided_by,
    endorsement:
      r.endorsed_by === null ? null : { by: r.endorsed_by, at: iso(r.endorsed_at!), remark: r.endorse_remark ?? '' },
    wallet: r.wallet,
  };
}

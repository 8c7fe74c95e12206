import { paiseToRupees, type PaymentRequestDto, type TransactionHistoryRow } from '@exch/contracts';
import type { RequestRow } from '@exch/projector/read';

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

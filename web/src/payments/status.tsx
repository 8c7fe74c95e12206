import type { PaymentStatus } from '@exch/contracts';

const LABEL: Record<PaymentStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** A request's status as a coloured badge. */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={`pay-status pay-${status}`}>{LABEL[status]}</span>;
}

export const TYPE_LABEL = { deposit: 'Deposit', withdraw: 'Withdraw' } as const;
export const METHOD_LABEL = { upi: 'UPI', bank: 'Bank' } as const;

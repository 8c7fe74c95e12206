import type { PaymentRequestDto } from '@exch/contracts';
import { formatDateTime } from '@exch/contracts';
import { amountColumn, dateTimeColumn, type Column } from '../ui/DataTable';
import { ScreenshotThumb } from './ScreenshotThumb';
import { METHOD_LABEL, StatusBadge } from './status';

export type Decision = 'approve' | 'reject';

interface RequestColumnsProps {
  deposit: boolean;
  /** The top admin approves a request an upline approved first (the second level). */
  isTop: boolean;
  onDecide: (request: PaymentRequestDto, decision: Decision) => void;
}

/** The columns of the downline's payment requests: a deposit shows its UTR and screenshot, a withdrawal where to pay. */
export function requestColumns({ deposit, isTop, onDecide }: RequestColumnsProps): Column<PaymentRequestDto>[] {
  return [
    {
      id: 'user',
      header: 'User',
      cellClassName: 'strong-cell',
      cell: (r) => r.user.username,
      sortValue: (r) => r.user.username,
    },
    { ...amountColumn<PaymentRequestDto>('amount', 'Amount', (r) => r.amount), cellClassName: 'strong-cell' },
    deposit
      ? { id: 'utr', header: 'UTR', cell: (r) => <Utr r={r} /> }
      : { id: 'payTo', header: 'Pay to', cell: (r) => <PayTo r={r} /> },
    ...(deposit
      ? [
          {
            id: 'screenshot',
            header: 'Screenshot',
            cell: (r: PaymentRequestDto) =>
              r.hasScreenshot ? (
                <ScreenshotThumb requestId={r._id} username={r.user.username} />
              ) : (
                <span className="muted">-</span>
              ),
          },
        ]
      : []),
    dateTimeColumn('date', 'Date', (r) => r.createdAt),
    { id: 'status', header: 'Status', cell: (r) => <Status r={r} />, sortValue: (r) => r.status },
    {
      id: 'remark',
      header: 'Remark',
      cellClassName: 'remark-cell',
      cell: (r) => r.remark || <span className="muted">-</span>,
    },
    { id: 'action', header: 'Action', cell: (r) => <Actions r={r} isTop={isTop} onDecide={onDecide} /> },
  ];
}

function Utr({ r }: { r: PaymentRequestDto }) {
  return (
    <span className="utr-cell">
      <span className="mono">{r.utrno}</span>
      <span className="muted">
        {METHOD_LABEL[r.accountType]}
        {r.payee ? ` to ${r.payee}` : ''}
      </span>
    </span>
  );
}

/** Where a withdrawal is to be paid. */
function PayTo({ r }: { r: PaymentRequestDto }) {
  const b = r.bankDetail;
  if (b === null) return null;
  if ('upiId' in b) return <span className="mono">{b.upiId}</span>;
  return (
    <span className="pay-to">
      <b>{b.accountHolderName}</b>
      <span className="mono">
        {b.accountNumber} · {b.ifscCode}
      </span>
    </span>
  );
}

function Status({ r }: { r: PaymentRequestDto }) {
  return (
    <>
      <StatusBadge status={r.status} />
      {r.status === 'pending' && r.endorsement && (
        <span className="muted decided-by" title={r.endorsement.remark || undefined}>
          approved by {r.endorsement.by} first; needs the admin
        </span>
      )}
      {r.decidedBy && (
        <span className="muted decided-by">
          by {r.decidedBy}
          {r.wallet && r.wallet !== r.decidedBy ? ` (wallet ${r.wallet})` : ''}
          {r.decidedAt ? `, ${formatDateTime(r.decidedAt)}` : ''}
        </span>
      )}
    </>
  );
}

function Actions({ r, isTop, onDecide }: { r: PaymentRequestDto } & Omit<RequestColumnsProps, 'deposit'>) {
  if (r.status !== 'pending') return <span className="muted">Decided</span>;
  return (
    <span className="pay-actions">
      {(r.endorsement === null || isTop) && (
        <button type="button" className="btn btn-sm btn-success" onClick={() => onDecide(r, 'approve')}>
          Approve
        </button>
      )}
      <button type="button" className="btn btn-sm btn-danger" onClick={() => onDecide(r, 'reject')}>
        Reject
      </button>
    </span>
  );
}

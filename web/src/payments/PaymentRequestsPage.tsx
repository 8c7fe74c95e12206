import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NO_RECORDS, type PaymentRequestDto, type PaymentStatus, type PaymentType } from '@exch/contracts';
import { fetchPaymentRequests, type RequestListParams } from '../api/payment-calls';
import { CsvButton } from '../reports/CsvButton';
import { useProfile } from '../api/profile-query';
import { FilterActions } from '../ui/DateRangeFilter';
import { formatDateTime } from '../ui/dates';
import { EmptyRow } from '../ui/EmptyRow';
import { formatRupees } from '../ui/money';
import { PageSize } from '../ui/PageSize';
import { Pager } from '../ui/Pager';
import { usePageTitle } from '../ui/use-page-title';
import { DecisionModal } from './DecisionModal';
import { ScreenshotThumb } from './ScreenshotThumb';
import { METHOD_LABEL, StatusBadge } from './status';

type Filter = Pick<RequestListParams, 'status' | 'from' | 'to' | 'user'>;

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

/**
 * The back office's deposit statement, withdraw statement and withdrawal requests: the downline's
 * requests, pending first, with Approve and Reject (confirmed with the transaction password), the
 * deposit's UTR and screenshot, filtered by status, days and user.
 */
export function PaymentRequestsPage({
  type,
  title,
  initialStatus = 'all',
}: {
  type: PaymentType;
  title: string;
  initialStatus?: PaymentStatus | 'all';
}) {
  usePageTitle(title);
  const initial = (): Filter => ({ status: initialStatus, from: '', to: '', user: '' });
  const [draft, setDraft] = useState<Filter>(initial);
  const [params, setParams] = useState<RequestListParams>(() => ({ type, ...initial(), page: 1, limit: 25 }));
  const [error, setError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ request: PaymentRequestDto; decision: 'approve' | 'reject' } | null>(null);
  const list = useQuery({
    queryKey: ['payment-requests', params],
    queryFn: () => fetchPaymentRequests(params),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const deposit = type === 'deposit';
  // Second level: a request an upline approved first waits for the top admin.
  const { data: me } = useProfile('admin');
  const isTop = me?.role.slug === 'admin' && me.parentId === null;

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (draft.from !== '' && draft.to !== '' && draft.from > draft.to) return setError('From must be on or before To');
    setError(null);
    setParams((p) => ({ ...p, ...draft, user: draft.user.trim(), page: 1 }));
  };
  const reset = (): void => {
    setDraft(initial());
    setError(null);
    setParams((p) => ({ ...p, ...initial(), page: 1 }));
  };

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        <CsvButton
          path="/admin/payment-requests"
          params={{ ...params }}
          filename={`${type}-requests-${params.from ?? 'start'}-to-${params.to ?? 'now'}`}
        />
      </header>
      <form className="filter-bar" onSubmit={apply} noValidate>
        <label className="field">
          <span>Status</span>
          <select
            name="status"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as Filter['status'] })}
          >
            <option value="all">All</option>
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input
            type="date"
            name="from"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" name="to" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <label className="field">
          <span>User</span>
          <input
            name="user"
            value={draft.user}
            maxLength={50}
            placeholder="Username"
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, user: e.target.value })}
          />
        </label>
        <FilterActions onReset={reset} error={error} />
      </form>

      <div className="table-meta">
        <span className="muted">
          {list.data
            ? `${list.data.pagination.capped ? 'More than ' : ''}${list.data.pagination.total} request${list.data.pagination.total === 1 ? '' : 's'}`
            : '\u00a0'}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </div>
      <div className={list.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table payment-table payment-requests">
          <thead>
            <tr>
              <th>User</th>
              <th className="num">Amount</th>
              <th>{deposit ? 'UTR' : 'Pay to'}</th>
              {deposit && <th>Screenshot</th>}
              <th>Date</th>
              <th>Status</th>
              <th>Remark</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r._id} data-request={r._id} className={r.status === 'pending' ? 'row-pending' : undefined}>
                <td data-label="User" className="strong-cell">
                  {r.user.username}
                </td>
                <td data-label="Amount" className="num strong-cell">
                  {formatRupees(r.amount)}
                </td>
                <td data-label={deposit ? 'UTR' : 'Pay to'}>
                  {deposit ? (
                    <span className="utr-cell">
                      <span className="mono">{r.utrno}</span>
                      <span className="muted">
                        {METHOD_LABEL[r.accountType]}
                        {r.payee ? ` to ${r.payee}` : ''}
                      </span>
                    </span>
                  ) : (
                    <PayTo r={r} />
                  )}
                </td>
                {deposit && (
                  <td data-label="Screenshot">
                    {r.hasScreenshot ? (
                      <ScreenshotThumb requestId={r._id} username={r.user.username} />
                    ) : (
                      <span className="muted">-</span>
                    )}
                  </td>
                )}
                <td data-label="Date" className="nowrap">
                  {formatDateTime(r.createdAt)}
                </td>
                <td data-label="Status">
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
                </td>
                <td data-label="Remark" className="remark-cell">
                  {r.remark || <span className="muted">-</span>}
                </td>
                <td data-label="Action">
                  {r.status === 'pending' ? (
                    <span className="pay-actions">
                      {(r.endorsement === null || isTop) && (
                        <button
                          type="button"
                          className="btn btn-sm btn-success"
                          onClick={() => setDeciding({ request: r, decision: 'approve' })}
                        >
                          Approve
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => setDeciding({ request: r, decision: 'reject' })}
                      >
                        Reject
                      </button>
                    </span>
                  ) : (
                    <span className="muted">Decided</span>
                  )}
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <EmptyRow
                span={deposit ? 8 : 7}
                query={list}
                empty={NO_RECORDS}
                failed="The requests could not be loaded"
              />
            )}
          </tbody>
        </table>
      </div>
      <Pager pagination={list.data?.pagination} onPage={(page) => setParams((p) => ({ ...p, page }))} />
      {deciding && (
        <DecisionModal request={deciding.request} decision={deciding.decision} onClose={() => setDeciding(null)} />
      )}
    </section>
  );
}

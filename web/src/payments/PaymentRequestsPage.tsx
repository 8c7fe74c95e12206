import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NO_RECORDS, type PaymentRequestDto, type PaymentStatus, type PaymentType } from '@exch/contracts';
import { fetchPaymentRequests, type RequestListParams } from '../api/payment-calls';
import { CsvButton } from '../reports/CsvButton';
import { useProfile } from '../api/profile-query';
import { DataTable } from '../ui/DataTable';
import { FilterActions } from '../ui/DateRangeFilter';
import { useListSearch } from '../ui/list-search';
import { PageSize } from '../ui/PageSize';
import { Pager } from '../ui/Pager';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { DecisionModal } from './DecisionModal';
import { requestColumns, type Decision } from './payment-request-columns';
import { paymentRequestsSearch } from './payment-requests-search';

type Filter = Pick<RequestListParams, 'status' | 'from' | 'to' | 'user'>;

/**
 * The back office's deposit statement, withdraw statement and withdrawal requests: the downline's
 * requests, pending first, with Approve and Reject (confirmed with the transaction password), the
 * deposit's UTR and screenshot, filtered by status, days and user. The filters, page, size and sort
 * are in the URL.
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
  const [search, setSearch] = useListSearch(paymentRequestsSearch);
  const applied: Filter = {
    status: search.status ?? initialStatus,
    from: search.from ?? '',
    to: search.to ?? '',
    user: search.user ?? '',
  };
  const range = useDateRange(
    (): Filter => ({ status: initialStatus, from: '', to: '', user: '' }),
    (f) =>
      setSearch({
        status: f.status === initialStatus ? undefined : f.status,
        from: f.from || undefined,
        to: f.to || undefined,
        user: f.user.trim() || undefined,
        page: undefined,
      }),
    applied,
    true,
  );
  const params: RequestListParams = { type, ...applied, page: search.page ?? 1, limit: search.limit ?? 25 };
  const [deciding, setDeciding] = useState<{ request: PaymentRequestDto; decision: Decision } | null>(null);
  const list = useQuery({
    queryKey: ['payment-requests', params],
    queryFn: () => fetchPaymentRequests(params),
    placeholderData: keepPreviousData,
  });
  // Second level: a request an upline approved first waits for the top admin.
  const { data: me } = useProfile('admin');
  const isTop = me?.role.slug === 'admin' && me.parentId === null;
  const deposit = type === 'deposit';
  const pagination = list.data?.pagination;

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        <CsvButton
          path="/admin/payment-requests"
          params={{ ...params }}
          filename={`${type}-requests-${params.from || 'start'}-to-${params.to || 'now'}`}
        />
      </header>
      <RequestFilter range={range} />
      <div className="table-meta">
        <span className="muted">
          {pagination
            ? `${pagination.capped ? 'More than ' : ''}${pagination.total} request${pagination.total === 1 ? '' : 's'}`
            : '\u00a0'}
        </span>
        <PageSize
          value={params.limit}
          onChange={(n) => setSearch({ limit: n === 25 ? undefined : (n as 50 | 100), page: undefined })}
        />
      </div>
      <DataTable
        columns={requestColumns({
          deposit,
          isTop,
          onDecide: (request, decision) => setDeciding({ request, decision }),
        })}
        rows={list.data?.data ?? []}
        rowKey={(r) => r._id}
        rowProps={(r) => ({ 'data-request': r._id, className: r.status === 'pending' ? 'row-pending' : undefined })}
        query={list}
        className="payment-table payment-requests"
        empty={NO_RECORDS}
        failed="The requests could not be loaded"
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
      />
      <Pager pagination={pagination} onPage={(page) => setSearch({ page })} />
      {deciding && (
        <DecisionModal request={deciding.request} decision={deciding.decision} onClose={() => setDeciding(null)} />
      )}
    </section>
  );
}

/** Status, From/To (either may be left open) and user, applied on Submit. */
function RequestFilter({ range }: { range: ReturnType<typeof useDateRange<Filter>> }) {
  const { draft, setDraft } = range;
  return (
    <form className="filter-bar" onSubmit={range.apply} noValidate>
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
      <FilterActions onReset={range.reset} error={range.error} />
    </form>
  );
}

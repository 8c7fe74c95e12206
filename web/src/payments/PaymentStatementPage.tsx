import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_RECORDS, type PaymentType } from '@exch/contracts';
import { fetchPaymentHistory, type HistoryParams } from '../api/payment-calls';
import { CsvButton } from '../reports/CsvButton';
import { useProfile } from '../api/profile-query';
import { useLiveEvent } from '../live/use-live';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { lastSevenDays } from '../ui/dates';
import { DataTable, dateTimeColumn, type Column } from '../ui/DataTable';
import { formatRupees } from '../ui/money';
import { useListSearch } from '../ui/list-search';
import { Pager } from '../ui/Pager';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { paymentStatementSearch } from './payment-statement-search';
import { METHOD_LABEL, StatusBadge, TYPE_LABEL } from './status';

type Row = NonNullable<Awaited<ReturnType<typeof fetchPaymentHistory>>['data']>[number];

const columns: Column<Row>[] = [
  {
    id: 'type',
    header: 'Type',
    cell: (r) => (
      // One span, so the phone card's flex row keeps the method next to the type.
      <span>
        {TYPE_LABEL[r.type]} <span className="muted">({METHOD_LABEL[r.accountType]})</span>
      </span>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    className: 'num',
    cellClassName: 'strong-cell',
    cell: (r) => formatRupees(r.amount),
    sortValue: (r) => r.amount,
  },
  dateTimeColumn('date', 'Date', (r) => r.createdAt),
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} />, sortValue: (r) => r.status },
  {
    id: 'remark',
    header: 'Remark',
    cellClassName: 'remark-cell',
    cell: (r) => r.remark || <span className="muted">-</span>,
  },
];

/**
 * /depositstatement and /withdrawstatement (SPEC.md section 2): From and To, then Type, Amount,
 * Date, Status, Remark, 15 a page with First, Previous, Next, Last and go-to-page. The filters are in the URL.
 */
export function PaymentStatementPage({ type }: { type: PaymentType }) {
  const title = type === 'deposit' ? 'Deposit statement' : 'Withdraw statement';
  usePageTitle(title);
  const { data: me } = useProfile('user');
  const [search, setSearch] = useListSearch(paymentStatementSearch);
  const [defaults] = useState(lastSevenDays);
  const period = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const params: HistoryParams = { ...period, page: search.page ?? 1 };
  const range = useDateRange(lastSevenDays, (r) => setSearch({ ...r, page: undefined }), period);
  const history = useQuery({
    queryKey: ['payment-history', type, params],
    queryFn: () => fetchPaymentHistory(type, me!._id, params),
    enabled: me !== undefined,
    placeholderData: keepPreviousData,
  });
  const rows = history.data?.data ?? [];
  // A decision moves the player's balance or hold: its push is the sign to read the list again.
  const queryClient = useQueryClient();
  useLiveEvent('user', 'balance', () => void queryClient.invalidateQueries({ queryKey: ['payment-history', type] }));

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        {me && (
          <CsvButton
            path={`/transactions/${type === 'deposit' ? 'deposit-history' : 'withdrawal-history'}/${encodeURIComponent(me._id)}`}
            params={{ from: params.from, to: params.to }}
            auth="user"
            filename={`${type}-statement-${params.from}-to-${params.to}`}
          />
        )}
      </header>
      <DateRangeFilter range={range} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        query={history}
        empty={NO_RECORDS}
        failed="The statement could not be loaded"
        className="payment-table"
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
      />
      <Pager pagination={history.data?.pagination} onPage={(page) => setSearch({ page })} />
    </section>
  );
}

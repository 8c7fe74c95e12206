import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_RECORDS, type PaymentType } from '@exch/contracts';
import { fetchPaymentHistory, type HistoryParams } from '../api/payment-calls';
import { CsvButton } from '../reports/CsvButton';
import { useProfile } from '../api/profile-query';
import { useLiveEvent } from '../live/use-live';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { formatDateTime, lastSevenDays } from '../ui/dates';
import { EmptyRow } from '../ui/EmptyRow';
import { formatRupees } from '../ui/money';
import { Pager } from '../ui/Pager';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { METHOD_LABEL, StatusBadge, TYPE_LABEL } from './status';

/**
 * /depositstatement and /withdrawstatement (SPEC.md section 2): From and To, then Type, Amount,
 * Date, Status, Remark, 15 a page with First, Previous, Next, Last and go-to-page.
 */
export function PaymentStatementPage({ type }: { type: PaymentType }) {
  const title = type === 'deposit' ? 'Deposit statement' : 'Withdraw statement';
  usePageTitle(title);
  const { data: me } = useProfile('user');
  const [params, setParams] = useState<HistoryParams>(() => ({ ...lastSevenDays(), page: 1 }));
  const range = useDateRange(lastSevenDays, (r) => setParams({ ...r, page: 1 }));
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
      <div className={history.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table payment-table">
          <thead>
            <tr>
              <th>Type</th>
              <th className="num">Amount</th>
              <th>Date</th>
              <th>Status</th>
              <th>Remark</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r._id}>
                <td data-label="Type">
                  {TYPE_LABEL[r.type]} <span className="muted">({METHOD_LABEL[r.accountType]})</span>
                </td>
                <td data-label="Amount" className="num strong-cell">
                  {formatRupees(r.amount)}
                </td>
                <td data-label="Date" className="nowrap">
                  {formatDateTime(r.createdAt)}
                </td>
                <td data-label="Status">
                  <StatusBadge status={r.status} />
                </td>
                <td data-label="Remark" className="remark-cell">
                  {r.remark || <span className="muted">-</span>}
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <EmptyRow span={5} query={history} empty={NO_RECORDS} failed="The statement could not be loaded" />
            )}
          </tbody>
        </table>
      </div>
      <Pager pagination={history.data?.pagination} onPage={(page) => setParams((p) => ({ ...p, page }))} />
    </section>
  );
}

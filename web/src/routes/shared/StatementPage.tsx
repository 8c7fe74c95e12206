import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paiseToDecimal, type StatementRow } from '@exch/contracts';
import { fetchStatement, type StatementParams, type StatementType } from '../../api/account-calls';
import type { AuthContextName } from '../../auth/auth-context';
import { downloadCsv, toCsv } from '../../ui/csv';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { formatDateTime, lastSevenDays } from '../../ui/dates';
import { EmptyRow } from '../../ui/EmptyRow';
import { formatRupees, toPaise } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';

/** What the filter opens with and Reset returns to. */
const defaultFilter = () => ({ ...lastSevenDays(), type: 'all' as StatementType });

const TYPE_LABEL: Record<StatementType, string> = {
  all: 'All',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  settlement: 'Bet settlement',
  mint: 'Chips minted',
};

interface StatementPageProps {
  ctx: AuthContextName;
  title: string;
  /** A downline account's statement (back office); the caller's own without it. */
  userId?: string;
  /** Whose statement, for the file name of the export. */
  subject?: string;
  /** Shown under the title: whose account this is. */
  intro?: ReactNode;
}

/**
 * Every credit and debit of one wallet with the balance after it: From/To dates (last 7 days by
 * default, SPEC.md section 9), a type filter, paging, and a CSV of the page for reconciling by hand.
 */
export function StatementPage({ ctx, title, userId, subject, intro }: StatementPageProps) {
  usePageTitle(title);
  const [params, setParams] = useState<StatementParams>(() => ({ userId, ...defaultFilter(), page: 1, limit: 25 }));
  const range = useDateRange(defaultFilter, (f) => setParams((p) => ({ ...p, ...f, page: 1 })));
  const { draft, setDraft } = range;

  const statement = useQuery({
    queryKey: ['statement', ctx, params],
    queryFn: () => fetchStatement(ctx, params),
    placeholderData: keepPreviousData,
  });
  const rows = statement.data?.data ?? [];
  const pagination = statement.data?.pagination;

  const exportPage = (): void => {
    const csv = toCsv(
      ['Date', 'Description', 'Credit', 'Debit', 'Balance', 'Remark'],
      rows.map((r) => [formatDateTime(r.date), r.description, ...[r.credit, r.debit, r.balance].map((x) => paiseToDecimal(toPaise(x))), r.remark]),
    );
    const who = (subject ?? 'my-account').replace(/[^\w-]+/g, '_');
    downloadCsv(`statement-${who}-${params.from}-to-${params.to}-page-${params.page}.csv`, csv);
  };

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        <button type="button" className="btn btn-sm btn-accent" onClick={exportPage} disabled={rows.length === 0}>
          Export CSV
        </button>
      </header>
      {intro}
      <DateRangeFilter range={range}>
        <label className="field">
          <span>Type</span>
          <select name="type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as StatementType })}>
            {(Object.keys(TYPE_LABEL) as StatementType[])
              .filter((t) => t !== 'mint' || ctx === 'admin')
              .map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
          </select>
        </label>
      </DateRangeFilter>

      <div className="table-meta">
        <span className="muted">
          {pagination ? `${pagination.total} record${pagination.total === 1 ? '' : 's'} · ${params.from} to ${params.to}` : '\u00a0'}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </div>

      <div className={statement.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table statement-table">
          <thead>
            <tr>
              <th>Date</th>
              <th>Description</th>
              <th className="num">Credit</th>
              <th className="num">Debit</th>
              <th className="num">Balance</th>
              <th>Remark</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <StatementLine key={r._id} row={r} />
            ))}
            {rows.length === 0 && <EmptyRow span={6} query={statement} empty="No records found" failed="The statement could not be loaded" />}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} onPage={(page) => setParams((p) => ({ ...p, page }))} />
    </section>
  );
}

function StatementLine({ row }: { row: StatementRow }) {
  return (
    <tr>
      <td data-label="Date" className="nowrap">
        {formatDateTime(row.date)}
      </td>
      <td data-label="Description" className="strong-cell">
        {row.description}
      </td>
      <td data-label="Credit" className="num">
        {row.credit > 0 ? <span className="positive">{formatRupees(row.credit)}</span> : <span className="muted">-</span>}
      </td>
      <td data-label="Debit" className="num">
        {row.debit > 0 ? <span className="negative">{formatRupees(row.debit)}</span> : <span className="muted">-</span>}
      </td>
      <td data-label="Balance" className="num strong-cell">
        {formatRupees(row.balance)}
      </td>
      <td data-label="Remark" className="remark-cell">
        {row.remark || <span className="muted">-</span>}
      </td>
    </tr>
  );
}

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreditReferenceRow, GeneralReportBet } from '@exch/contracts';
import { fetchCreditReferences, fetchGeneralReport } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { amountColumn, DataTable, dateTimeColumn, type Column } from '../../../ui/DataTable';
import { lastSevenDays } from '../../../ui/dates';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { SelectField } from '../../../ui/fields';
import { useListSearch } from '../../../ui/list-search';
import { formatRupees, pnlClass } from '../../../ui/money';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { useDateRange } from '../../../ui/use-date-range';
import { usePageTitle } from '../../../ui/use-page-title';
import { useSearchBox } from '../../../ui/use-search-box';
import { generalSearch, type BetType, type ReportKind } from './general-search';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

const KINDS = [
  ['general', 'General Report'],
  ['credit', 'Credit Reference Report'],
] as const;
const BET_TYPES = [
  ['sports', 'Sports'],
  ['casino', 'Casino'],
] as const;
const DELETED = [
  ['false', 'No'],
  ['true', 'Yes'],
] as const;
const SIDES = [
  ['', 'All'],
  ['back', 'Back'],
  ['lay', 'Lay'],
] as const;

/** Sr No counts across pages: the row's place in the whole list (in the server's order). */
const srNo = <R,>(offset: number): Column<R> => ({
  id: 'no',
  header: 'Sr No',
  className: 'num',
  cell: (_, i) => offset + i + 1,
});

function betColumns(offset: number, totals?: { n: number; amount: number }) {
  const columns: Column<GeneralReportBet>[] = [
    srNo(offset),
    {
      id: 'name',
      header: 'Name',
      cellClassName: 'strong-cell',
      cell: (b) => b.userName,
      sortValue: (b) => b.userName,
      ...(totals ? { total: () => `Total (${totals.n} bets)` } : {}),
    },
    {
      id: 'event',
      header: 'Event',
      // One element, so a phone's stacked cell wraps it as one line of text.
      cell: (b) => (
        <span>
          {b.eventType} · {b.eventName} <span className="muted">/ {b.marketName}</span>
        </span>
      ),
      sortValue: (b) => `${b.eventType} ${b.eventName} ${b.marketName}`,
    },
    { id: 'selection', header: 'Selection', cell: (b) => b.selectionName, sortValue: (b) => b.selectionName },
    { id: 'type', header: 'Type', cell: (b) => (b.type === 'lay' ? 'Lay' : 'Back'), sortValue: (b) => b.type },
    {
      ...amountColumn<GeneralReportBet>('amount', 'Amount', (b) => b.amount),
      ...(totals ? { total: () => formatRupees(totals.amount) } : {}),
    },
    dateTimeColumn('placed', 'Placed', (b) => b.placedAt, 'nowrap muted-cell'),
  ];
  return columns;
}

const creditColumns = (offset: number): Column<CreditReferenceRow>[] => [
  srNo(offset),
  { id: 'name', header: 'Name', cellClassName: 'strong-cell', cell: (a) => a.username, sortValue: (a) => a.username },
  { id: 'level', header: 'Level', cell: (a) => <span className="role-badge">{a.role.name}</span> },
  { id: 'upline', header: 'Upline', cell: (a) => a.parentUsername ?? '-', sortValue: (a) => a.parentUsername ?? '' },
  amountColumn('credit', 'Credit reference', (a) => a.creditReference),
  amountColumn('balance', 'Balance', (a) => a.balance),
  {
    id: 'difference',
    header: 'Difference',
    className: 'num',
    cellClassName: 'strong-cell',
    cell: (a) => <span className={pnlClass(a.difference)}>{formatRupees(a.difference)}</span>,
    sortValue: (a) => a.difference,
  },
];

/**
 * General report (SPEC.md sections 2 and 7): the type selector General Report / Credit Reference
 * Report. General: the downline's bets (Sr No, Name, Amount; lay rows blue, back rows grey) with
 * bet type, deleted, side and search filters, of a period (the last 7 days unless asked: the count
 * and the total amount are of the period's bets, not of every bet ever). Credit reference: each
 * downline account's credit reference, balance and the difference. The whole view is in the URL.
 */
export function GeneralReportPage() {
  usePageTitle('General report');
  const [view, setView] = useListSearch(generalSearch);
  const [defaults] = useState(lastSevenDays);
  const kind: ReportKind = view.kind ?? 'general';
  const betType: BetType = view.bet_type ?? 'sports';
  const deleted = view.deleted ?? 'false';
  const page = view.page ?? 1;
  const limit = view.limit ?? 25;
  const period = { from: view.from ?? defaults.from, to: view.to ?? defaults.to };
  const range = useDateRange(lastSevenDays, (r) => setView({ ...r, page: undefined }), period);
  const search = view.q ?? '';
  const [text, setText] = useSearchBox(search, (typed) =>
    setView({ q: typed === '' ? undefined : typed, page: undefined }, { replace: true }),
  );
  /** A filter changed: back to the first page. */
  const filter = (change: Parameters<typeof setView>[0]) => setView({ ...change, page: undefined });

  const generalParams = {
    page,
    limit,
    bet_type: betType,
    deleted,
    side: view.side,
    search: search || undefined,
    ...period,
  };
  const creditParams = { page, limit, search: search || undefined };
  const general = useQuery({
    queryKey: ['general-report', generalParams],
    queryFn: () => fetchGeneralReport(generalParams),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: kind === 'general',
  });
  const credit = useQuery({
    queryKey: ['credit-reference', creditParams],
    queryFn: () => fetchCreditReferences(creditParams),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: kind === 'credit',
  });
  const bets = general.isError ? [] : (general.data?.bets ?? []);
  const accounts = credit.isError ? [] : (credit.data?.data ?? []);
  const total = kind === 'general' ? general.data?.total : credit.data?.pagination.total;
  const offset = (page - 1) * limit;
  const sort = { value: view.sort, onChange: (next: string | undefined) => setView({ sort: next }, { replace: true }) };

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>General report</h1>
        {kind === 'general' ? (
          <CsvButton
            path="/report/casino"
            params={generalParams}
            filename={`general-report-${betType}${deleted === 'true' ? '-deleted' : ''}`}
          />
        ) : (
          <CsvButton path="/report/credit-reference" params={creditParams} filename="credit-reference" />
        )}
      </header>
      {kind === 'general' && <DateRangeFilter range={range} />}
      <div className="toolbar">
        <SelectField
          label="Type"
          name="kind"
          className="ax-inline-field"
          value={kind}
          onValue={(k) => filter({ kind: k, sort: undefined })}
          options={KINDS}
        />
        {kind === 'general' && (
          <>
            <SelectField
              label="Bet type"
              name="bet_type"
              className="ax-inline-field"
              value={betType}
              onValue={(b) => filter({ bet_type: b })}
              options={BET_TYPES}
            />
            <SelectField
              label="Deleted"
              name="deleted"
              className="ax-inline-field"
              value={deleted}
              onValue={(d) => filter({ deleted: d === 'true' ? 'true' : undefined })}
              options={DELETED}
            />
            <SelectField
              label="Side"
              name="side"
              className="ax-inline-field"
              value={view.side ?? ''}
              onValue={(s) => filter({ side: s === '' ? undefined : s })}
              options={SIDES}
            />
          </>
        )}
        <label className="search-box">
          <span className="visually-hidden">Search</span>
          <input
            type="search"
            name="search"
            placeholder={kind === 'general' ? 'Search user, event or selection' : 'Search user name'}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <PageSize value={limit} onChange={(n) => filter({ limit: n === 25 ? undefined : (n as 50 | 100) })} />
      </div>
      {kind === 'general' ? (
        <DataTable
          columns={betColumns(
            offset,
            general.data ? { n: general.data.total, amount: general.data.totalAmount } : undefined,
          )}
          rows={bets}
          rowKey={(b) => b._id}
          rowProps={(b) => ({ className: b.type === 'lay' ? 'row-lay' : 'row-back' })}
          query={general}
          className="general-table"
          testId="general-report"
          sort={sort}
          totalsLabel=""
        />
      ) : (
        <DataTable
          columns={creditColumns(offset)}
          rows={accounts}
          rowKey={(a) => a._id}
          query={credit}
          testId="credit-reference"
          sort={sort}
        />
      )}
      <TableFoot
        total={total}
        noun={kind === 'general' ? 'bet' : 'account'}
        pagination={{ page, totalPages: Math.max(1, Math.ceil((total ?? 0) / limit)) }}
        onPage={(p) => setView({ page: p })}
      />
    </section>
  );
}

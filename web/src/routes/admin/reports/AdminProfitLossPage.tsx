import { formatBusinessDay } from '@exch/contracts';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDownlineDaily } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { DailyPnl } from '../../../reports/DailyPnl';
import { DataTable, headWithNote, type Column } from '../../../ui/DataTable';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { lastSevenDays } from '../../../ui/dates';
import { useListSearch } from '../../../ui/list-search';
import { formatInr, formatRupees, pnlClass, sumPaise } from '../../../ui/money';
import { useDateRange } from '../../../ui/use-date-range';
import { usePageTitle } from '../../../ui/use-page-title';
import { dailyPnlSearch } from './daily-pnl-search';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

type Day = NonNullable<Awaited<ReturnType<typeof fetchDownlineDaily>>['data']>[number];

const amount = (label: string, value: (d: Day) => number, strong = false, note?: string): Column<Day> => ({
  id: label,
  header: note ? headWithNote(label, note) : label,
  label,
  className: 'num',
  cellClassName: strong ? 'strong-cell' : undefined,
  cell: (d) => <span className={pnlClass(value(d))}>{formatRupees(value(d))}</span>,
  sortValue: value,
  total: (rows) => {
    const sum = sumPaise(rows, value);
    return <span className={pnlClass(sum)}>{formatInr(sum)}</span>;
  },
});

const columns: Column<Day>[] = [
  { id: 'day', header: 'Day', cell: (d) => formatBusinessDay(d.day), sortValue: (d) => d.day },
  amount('Sports', (d) => d.sports, false, 'after commission'),
  amount('Casino', (d) => d.casino),
  amount('Third party', (d) => d.thirdParty),
  { ...amount("Players' profit/loss", (d) => d.total, true, 'after commission'), id: 'total' },
];

/**
 * The back office's Profit & Loss: the downline's results day by day over a period, drawn (the
 * house's side: a bar up is money the downline made from its players) and listed per category,
 * newest day first, with the period's totals. The period and the sort are in the URL.
 */
export function AdminProfitLossPage() {
  usePageTitle('Profit & Loss');
  const [search, setSearch] = useListSearch(dailyPnlSearch);
  const [defaults] = useState(lastSevenDays);
  const period = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const range = useDateRange(lastSevenDays, setSearch, period);
  const daily = useQuery({
    queryKey: ['downline-daily', period],
    queryFn: () => fetchDownlineDaily(period),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const points = daily.isError ? [] : daily.data?.data;
  const rows = [...(points ?? [])].reverse();

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Profit &amp; Loss</h1>
        <CsvButton
          path="/report/profit-loss/daily"
          params={period}
          filename={`daily-profit-loss-${period.from}-to-${period.to}`}
        />
      </header>
      <DateRangeFilter range={range} />
      <DailyPnl points={points} side="house" loading={daily.isFetching} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(d) => d.day}
        query={{ ...daily, isFetching: false }}
        testId="daily-pnl"
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
      />
    </section>
  );
}

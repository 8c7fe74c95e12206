import { formatBusinessDay } from '@exch/contracts';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchGameReports } from '../../api/casino-calls';
import { CsvButton } from '../../reports/CsvButton';
import { DataTable, type Column } from '../../ui/DataTable';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { lastSevenDays } from '../../ui/dates';
import { readDay, readSort, searchValidator, useListSearch } from '../../ui/list-search';
import { formatInr, formatRupees, sumPaise } from '../../ui/money';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';
import { ReportSide } from '../../reports/ReportSide';
import '../../styles/casino.css';

type Row = Awaited<ReturnType<typeof fetchGameReports>>['data'][number];

/** /admin/game-reports's filters in the URL: ?from=&to=&sort= (the last 7 days when left out). */
export interface GameReportsSearch {
  from?: string;
  to?: string;
  sort?: string;
}

export const gameReportsSearch = searchValidator<GameReportsSearch>({ from: readDay, to: readDay, sort: readSort });

const signClass = (n: number): string | undefined => (n > 0 ? 'positive' : n < 0 ? 'negative' : undefined);

const columns: Column<Row>[] = [
  { id: 'date', header: 'Date', cell: (r) => formatBusinessDay(r.date), sortValue: (r) => r.date },
  {
    id: 'table',
    header: 'Table',
    cellClassName: 'strong-cell',
    cell: (r) => r.table_name,
    sortValue: (r) => r.table_name,
  },
  {
    id: 'bets',
    header: 'Bets',
    className: 'num',
    cell: (r) => r.bets,
    sortValue: (r) => r.bets,
    total: (rows) => rows.reduce((s, r) => s + r.bets, 0),
  },
  {
    id: 'turnover',
    header: 'Turnover',
    className: 'num',
    cell: (r) => formatRupees(r.turnover),
    sortValue: (r) => r.turnover,
    total: (rows) => formatInr(sumPaise(rows, (r) => r.turnover)),
  },
  {
    id: 'profit',
    header: 'House profit',
    className: 'num',
    cell: (r) => <span className={signClass(r.house_profit)}>{formatRupees(r.house_profit)}</span>,
    sortValue: (r) => r.house_profit,
    total: (rows) => formatInr(sumPaise(rows, (r) => r.house_profit)),
  },
];

/**
 * Game reports: the downline's settled casino bets by table and day: bets, turnover and the house's
 * profit, with the period's totals. The period and the sort are in the URL.
 */
export function GameReportsPage() {
  usePageTitle('Game reports');
  const [search, setSearch] = useListSearch(gameReportsSearch);
  const [defaults] = useState(lastSevenDays);
  const params = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const range = useDateRange(lastSevenDays, setSearch, params);
  const report = useQuery({
    queryKey: ['casino-game-reports', params],
    queryFn: async () => (await fetchGameReports(params)).data,
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card table-card casino-card">
      <header className="card-head">
        <h1>Game reports</h1>
        <span className="muted">Casino turnover and house profit on your downline's bets</span>
        <CsvButton
          path="/admin/casino/game-reports"
          params={params}
          filename={`game-reports-${params.from}-to-${params.to}`}
        />
      </header>
      <DateRangeFilter range={range} />
      <ReportSide side="house" />
      <DataTable
        columns={columns}
        rows={report.data ?? []}
        rowKey={(r) => `${r.date}-${r.table_id}`}
        rowProps={(r) => ({ 'data-table': r.table_id })}
        query={report}
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
      />
    </section>
  );
}

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchGameReports } from '../../api/casino-calls';
import { CsvButton } from '../../reports/CsvButton';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { lastSevenDays } from '../../ui/dates';
import { EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';
import { ReportSide } from '../../reports/ReportSide';
import '../../styles/casino.css';

/** Game reports: the downline's settled casino bets by table and day: bets, turnover and the house's profit. */
export function GameReportsPage() {
  usePageTitle('Game reports');
  const [params, setParams] = useState(lastSevenDays);
  const range = useDateRange(lastSevenDays, setParams);
  const report = useQuery({
    queryKey: ['casino-game-reports', params],
    queryFn: async () => (await fetchGameReports(params)).data,
    placeholderData: keepPreviousData,
  });
  const rows = report.data ?? [];
  const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
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
      <div className={report.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table">
          <thead>
            <tr>
              <th>Date</th>
              <th>Table</th>
              <th className="num">Bets</th>
              <th className="num">Turnover</th>
              <th className="num">House profit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.date}-${r.table_id}`} data-table={r.table_id}>
                <td data-label="Date">{r.date}</td>
                <td data-label="Table" className="strong-cell">
                  {r.table_name}
                </td>
                <td data-label="Bets" className="num">
                  {r.bets}
                </td>
                <td data-label="Turnover" className="num">
                  {formatRupees(r.turnover)}
                </td>
                <td
                  data-label="House profit"
                  className={`num ${r.house_profit > 0 ? 'positive' : r.house_profit < 0 ? 'negative' : ''}`}
                >
                  {formatRupees(r.house_profit)}
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={5} query={report} />}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr>
                <td data-label="" className="strong-cell" colSpan={2}>
                  Total
                </td>
                <td data-label="Bets" className="num">
                  {total((r) => r.bets)}
                </td>
                <td data-label="Turnover" className="num">
                  {formatRupees(total((r) => r.turnover))}
                </td>
                <td data-label="House profit" className="num">
                  {formatRupees(total((r) => r.house_profit))}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

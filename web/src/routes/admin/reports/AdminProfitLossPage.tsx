import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDownlineDaily } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { DailyPnl } from '../../../reports/DailyPnl';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { lastSevenDays } from '../../../ui/dates';
import { EmptyRow } from '../../../ui/EmptyRow';
import { useDateRange } from '../../../ui/use-date-range';
import { usePageTitle } from '../../../ui/use-page-title';
import { Pts } from './ProfitLossReportPage';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

/**
 * The back office's Profit & Loss: the downline's results day by day over a period, drawn (the
 * house's side: a bar up is money the downline made from its players) and listed per category.
 */
export function AdminProfitLossPage() {
  usePageTitle('Profit & Loss');
  const [period, setPeriod] = useState(lastSevenDays);
  const range = useDateRange(lastSevenDays, setPeriod);
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
      <div className="table-wrap">
        <table className="data-table stack-table" data-testid="daily-pnl">
          <thead>
            <tr>
              <th>Day</th>
              <th className="num">Sports</th>
              <th className="num">Casino</th>
              <th className="num">Third party</th>
              <th className="num">Players&apos; profit/loss</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.day}>
                <td data-label="Day">{p.day}</td>
                <Pts label="Sports" value={p.sports} />
                <Pts label="Casino" value={p.casino} />
                <Pts label="Third party" value={p.thirdParty} />
                <Pts label="Players' profit/loss" value={p.total} strong />
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={5} query={daily} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

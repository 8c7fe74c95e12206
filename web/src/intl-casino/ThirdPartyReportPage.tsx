import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchThirdPartyReport } from '../api/intl-casino-calls';
import { CsvButton } from '../reports/CsvButton';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { lastSevenDays } from '../ui/dates';
import { EmptyRow } from '../ui/EmptyRow';
import { PageSize } from '../ui/PageSize';
import { TableFoot } from '../ui/TableFoot';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { FigureCells } from './FigureCells';
import { ReportSide } from '../reports/ReportSide';
import '../styles/intl-casino.css';

const LABELS: [string, string, string, string] = ['Rounds', 'Turnover', 'Wins paid', 'House profit'];

/**
 * /admin/game-reports/third-party: the international casino's games for the caller's downline:
 * players, rounds, turnover (stakes less those given back), wins paid and the house's profit.
 */
export function ThirdPartyReportPage() {
  usePageTitle('Third-party game report');
  const [params, setParams] = useState(() => ({ ...lastSevenDays(), page: 1, limit: 25 }));
  const range = useDateRange(lastSevenDays, (r) => setParams((p) => ({ ...p, ...r, page: 1 })));
  const report = useQuery({
    queryKey: ['third-party-report', params],
    queryFn: () => fetchThirdPartyReport(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = report.data?.data ?? [];
  const total = report.data?.total;

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Game reports: third-party casino</h1>
        <CsvButton
          path="/admin/game-reports/third-party"
          params={params}
          filename={`third-party-report-${params.from}-to-${params.to}`}
        />
      </header>
      <DateRangeFilter range={range}>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </DateRangeFilter>
      <ReportSide side="house" />
      <div className={report.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table" data-testid="third-party-report">
          <thead>
            <tr>
              <th>Game</th>
              <th>Provider</th>
              <th className="num">Players</th>
              <th className="num">Rounds</th>
              <th className="num">Turnover</th>
              <th className="num">Wins paid</th>
              <th className="num">House profit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.provider}/${r.gameId}`}>
                <td data-label="Game" className="strong-cell">
                  {r.gameName}
                </td>
                <td data-label="Provider">{r.providerName}</td>
                <td data-label="Players" className="num">
                  {r.players}
                </td>
                <FigureCells {...r} labels={LABELS} />
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={7} query={report} />}
          </tbody>
          {total && rows.length > 0 && (
            <tfoot>
              <tr className="intl-total-row">
                <td data-label="" className="strong-cell" colSpan={3}>
                  Total
                </td>
                <FigureCells {...total} labels={LABELS} />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <TableFoot
        total={report.data?.totalGames}
        noun="game"
        pagination={
          report.data
            ? { page: params.page, totalPages: Math.max(1, Math.ceil(report.data.totalGames / params.limit)) }
            : undefined
        }
        onPage={(page) => setParams((p) => ({ ...p, page }))}
      />
    </section>
  );
}

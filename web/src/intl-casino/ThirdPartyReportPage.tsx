import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ThirdPartyGameRow, ThirdPartyReport } from '@exch/contracts';
import { fetchThirdPartyReport } from '../api/intl-casino-calls';
import { CsvButton } from '../reports/CsvButton';
import { ReportSide } from '../reports/ReportSide';
import { amountColumn, DataTable, type Column } from '../ui/DataTable';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { lastSevenDays } from '../ui/dates';
import { readDay, readLimit, readPage, searchValidator, useListSearch } from '../ui/list-search';
import { formatRupees, pnlClass } from '../ui/money';
import { PageSize } from '../ui/PageSize';
import { TableFoot } from '../ui/TableFoot';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import '../styles/intl-casino.css';

/** The report's period, page and size in the URL: ?from=&to= (the last 7 days when left out), ?page=, ?limit=. */
export const thirdPartySearch = searchValidator<{ from?: string; to?: string; page?: number; limit?: 50 | 100 }>({
  from: readDay,
  to: readDay,
  page: readPage,
  limit: readLimit,
});

/** The games' columns; the totals row shows the server's totals of the whole period. */
function columns(total: ThirdPartyReport['total'] | undefined): Column<ThirdPartyGameRow>[] {
  const signed = (n: number) => <span className={pnlClass(n) || undefined}>{formatRupees(n)}</span>;
  return [
    { id: 'game', header: 'Game', cellClassName: 'strong-cell', cell: (r) => r.gameName },
    { id: 'provider', header: 'Provider', cell: (r) => r.providerName },
    { id: 'players', header: 'Players', className: 'num', cell: (r) => r.players },
    { id: 'rounds', header: 'Rounds', className: 'num', cell: (r) => r.rounds, total: () => total?.rounds },
    { ...amountColumn('turnover', 'Turnover', (r) => r.turnover), total: () => total && formatRupees(total.turnover) },
    { ...amountColumn('payout', 'Wins paid', (r) => r.payout), total: () => total && formatRupees(total.payout) },
    {
      id: 'profit',
      header: 'House profit',
      className: 'num',
      cellClassName: 'strong-cell',
      cell: (r) => signed(r.profit),
      total: () => total && signed(total.profit),
    },
  ];
}

/**
 * /admin/game-reports/third-party: the international casino's games for the caller's downline:
 * players, rounds, turnover (stakes less those given back), wins paid and the house's profit. The
 * period, page and size are in the URL.
 */
export function ThirdPartyReportPage() {
  usePageTitle('Third-party game report');
  const [search, setSearch] = useListSearch(thirdPartySearch);
  const [defaults] = useState(lastSevenDays);
  const period = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const params = { ...period, page: search.page ?? 1, limit: search.limit ?? 25 };
  const range = useDateRange(lastSevenDays, (r) => setSearch({ ...r, page: undefined }), period);
  const report = useQuery({
    queryKey: ['third-party-report', params],
    queryFn: () => fetchThirdPartyReport(params),
    placeholderData: keepPreviousData,
    retry: false,
  });

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
        <PageSize
          value={params.limit}
          onChange={(n) => setSearch({ limit: n === 25 ? undefined : (n as 50 | 100), page: undefined })}
        />
      </DateRangeFilter>
      <ReportSide side="house" />
      <DataTable
        columns={columns(report.data?.total)}
        rows={report.data?.data ?? []}
        rowKey={(r) => `${r.provider}/${r.gameId}`}
        query={report}
        testId="third-party-report"
      />
      <TableFoot
        total={report.data?.totalGames}
        noun="game"
        pagination={
          report.data
            ? { page: params.page, totalPages: Math.max(1, Math.ceil(report.data.totalGames / params.limit)) }
            : undefined
        }
        onPage={(page) => setSearch({ page })}
      />
    </section>
  );
}

import { formatBusinessDay } from '@exch/contracts';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchMyCasinoBets, type MyCasinoBetsParams } from '../api/casino-calls';
import { CsvButton } from '../reports/CsvButton';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { lastSevenDays } from '../ui/dates';
import { formatInr, sumPaise } from '../ui/money';
import { PageSize } from '../ui/PageSize';
import { Pager } from '../ui/Pager';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { CasinoBetTable } from './CasinoBetTable';
import { ReportSide } from '../reports/ReportSide';
import '../styles/casino.css';

/** /casinoreport: the player's casino bets with round, stake, result and profit or loss; From/To (last 7 days), paged 25/50/100. */
export function CasinoReportPage() {
  usePageTitle('Casino report');
  const [params, setParams] = useState<MyCasinoBetsParams>(() => ({
    status: 'all',
    ...lastSevenDays(),
    page: 1,
    limit: 25,
  }));
  const range = useDateRange(lastSevenDays, (r) => setParams((p) => ({ ...p, ...r, page: 1 })));
  const report = useQuery({
    queryKey: ['casino-report', params],
    queryFn: () => fetchMyCasinoBets(params),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const pagination = report.data?.pagination;
  const pnl = sumPaise(rows, (b) => b.pnl ?? 0);
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Casino report</h1>
        <CsvButton
          path="/casino/bets/mine"
          params={{ ...params }}
          auth="user"
          filename={`casino-report-${params.status}-${params.from}-to-${params.to}`}
        />
      </header>
      <DateRangeFilter range={range}>
        <label className="field">
          <span>Bets</span>
          <select
            name="status"
            value={params.status}
            onChange={(e) =>
              setParams((p) => ({ ...p, status: e.target.value as MyCasinoBetsParams['status'], page: 1 }))
            }
          >
            <option value="all">All</option>
            <option value="pending">Pending</option>
            <option value="settled">Settled</option>
          </select>
        </label>
      </DateRangeFilter>
      <ReportSide side="mine" />
      <div className="table-meta">
        <span className="muted">
          {pagination
            ? `${pagination.total} bet${pagination.total === 1 ? '' : 's'} · ${formatBusinessDay(params.from ?? '')} to ${formatBusinessDay(params.to ?? '')}`
            : '\u00a0'}
          {rows.length > 0 && (
            <>
              {' · page P&L '}
              <b className={pnl > 0 ? 'positive' : pnl < 0 ? 'negative' : undefined} data-testid="page-pnl">
                {formatInr(pnl)}
              </b>
            </>
          )}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </div>
      <CasinoBetTable bets={rows} query={report} />
      <Pager pagination={pagination} onPage={(page) => setParams((p) => ({ ...p, page }))} />
    </section>
  );
}

/** The player's latest casino bets on the unsettled and history pages, under their sports bets. */
export function CasinoBetsCard({ status }: { status: 'pending' | 'settled' }) {
  const params: MyCasinoBetsParams = { status, page: 1, limit: 25 };
  const bets = useQuery({
    queryKey: ['casino-bets-card', params],
    queryFn: () => fetchMyCasinoBets(params),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card table-card casino-bets-card" aria-label="Casino bets">
      <header className="card-head">
        <h2>Casino bets</h2>
        <Link to="/casinoreport" className="view-all">
          Casino report
        </Link>
      </header>
      <CasinoBetTable bets={bets.data?.data ?? []} query={bets} />
    </section>
  );
}

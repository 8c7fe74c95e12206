import { useState } from 'react';
import { ReportSide } from '../../reports/ReportSide';
import '../../styles/reports.css';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchMyProfitLoss } from '../../api/betting-calls';
import { fetchMyDaily } from '../../api/report-calls';
import { CsvButton } from '../../reports/CsvButton';
import { DailyPnl } from '../../reports/DailyPnl';
import { ThirdPartyPnlCard } from '../../intl-casino/ThirdPartyPnlCard';
import { marketTitle } from '../../exchange/format';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { formatDateTime, lastSevenDays } from '../../ui/dates';
import { EMPTY_TABLE, EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';

/**
 * /profitloss: the player's settled markets with their profit or loss and commission
 * (GET /api/profit-loss/mine), From/To dates (last 7 days by default), paged 25/50/100, with the
 * period's profit and loss per day drawn above it and a CSV export.
 */
export function ProfitLossPage() {
  usePageTitle('Profit & Loss');
  const [params, setParams] = useState(() => ({ ...lastSevenDays(), page: 1, limit: 25 }));
  const range = useDateRange(lastSevenDays, (r) => setParams((p) => ({ ...p, ...r, page: 1 })));

  const report = useQuery({
    queryKey: ['profit-loss-mine', params],
    queryFn: () => fetchMyProfitLoss(params),
    placeholderData: keepPreviousData,
  });
  const period = { from: params.from, to: params.to };
  const daily = useQuery({
    queryKey: ['profit-loss-mine-daily', period],
    queryFn: () => fetchMyDaily(period),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const pagination = report.data?.pagination;
  const pageTotal = rows.reduce((sum, r) => sum + r.pnl, 0);

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Profit &amp; Loss</h1>
        <CsvButton
          path="/profit-loss/mine"
          params={period}
          auth="user"
          filename={`profit-loss-${params.from}-to-${params.to}`}
        />
      </header>
      <DateRangeFilter range={range} />
      <DailyPnl points={daily.data?.data} side="player" loading={daily.isFetching} />

      <div className="table-meta">
        <span className="muted">
          {pagination ? (
            <>
              {pagination.total} market{pagination.total === 1 ? '' : 's'} · {params.from} to {params.to}
              {rows.length > 0 && (
                <>
                  {' '}
                  · this page{' '}
                  <b className={pageTotal > 0 ? 'positive' : pageTotal < 0 ? 'negative' : undefined}>
                    {formatRupees(pageTotal)}
                  </b>
                </>
              )}
            </>
          ) : (
            '\u00a0'
          )}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </div>

      <div className={report.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table pl-table">
          <thead>
            <tr>
              <th>Settled</th>
              <th>Event</th>
              <th>Market</th>
              <th className="num">Commission</th>
              <th className="num">Profit / Loss</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.market_id}-${r.settled_at}`}>
                <td data-label="Settled" className="nowrap muted-cell">
                  {formatDateTime(r.settled_at)}
                </td>
                <td data-label="Event" className="strong-cell">
                  {r.event_name}
                </td>
                <td data-label="Market">{marketTitle(r.market_name)}</td>
                <td data-label="Commission" className="num">
                  {r.commission > 0 ? formatRupees(r.commission) : <span className="muted">-</span>}
                </td>
                <td data-label="Profit / Loss" className="num strong-cell">
                  <span className={r.pnl > 0 ? 'positive' : r.pnl < 0 ? 'negative' : undefined}>
                    {formatRupees(r.pnl)}
                  </span>
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <EmptyRow span={5} query={report} empty={EMPTY_TABLE} failed="The report could not be loaded" />
            )}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} onPage={(page) => setParams((p) => ({ ...p, page }))} />
      <ThirdPartyPnlCard from={params.from} to={params.to} />
      <ReportSide side="mine" />
      <p className="muted pl-foot">
        Open bets are in <Link to="/unsettledbet">Unsettled bets</Link>.
      </p>
    </section>
  );
}

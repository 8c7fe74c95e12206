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
import { DataTable, dateTimeColumn, headWithNote, type Column } from '../../ui/DataTable';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { lastSevenDays } from '../../ui/dates';
import { EMPTY_TABLE } from '../../ui/EmptyRow';
import { readDay, readLimit, readPage, readSort, searchValidator, useListSearch } from '../../ui/list-search';
import { formatBusinessDay, type Paise } from '@exch/contracts';
import { formatInr, formatRupees, sumPaise, toPaise } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';

type Row = Awaited<ReturnType<typeof fetchMyProfitLoss>>['data'][number];

/** /profitloss's filters in the URL: ?from=&to=&page=&limit=&sort= (defaults left out). */
export interface ProfitLossSearch {
  from?: string;
  to?: string;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

export const profitLossSearch = searchValidator<ProfitLossSearch>({
  from: readDay,
  to: readDay,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

/** What the market paid into the wallet: its P&L less the commission on it (paise). */
const netOf = (r: Row): Paise => toPaise(r.pnl) - toPaise(r.commission);

/** An amount in paise, coloured by its sign. */
const signed = (n: Paise) => (
  <span className={n > 0 ? 'positive' : n < 0 ? 'negative' : undefined}>{formatInr(n)}</span>
);

const columns: Column<Row>[] = [
  dateTimeColumn('settled', 'Settled', (r) => r.settled_at, 'nowrap muted-cell'),
  {
    id: 'event',
    header: 'Event',
    cellClassName: 'strong-cell',
    cell: (r) => r.event_name,
    sortValue: (r) => r.event_name,
  },
  { id: 'market', header: 'Market', cell: (r) => marketTitle(r.market_name) },
  {
    id: 'pnl',
    header: headWithNote('P&L', 'before commission'),
    label: 'P&L before commission',
    className: 'num',
    cell: (r) => signed(toPaise(r.pnl)),
    sortValue: (r) => r.pnl,
    total: (rows) => signed(sumPaise(rows, (r) => r.pnl)),
  },
  {
    id: 'commission',
    header: 'Commission',
    className: 'num',
    cell: (r) => (r.commission > 0 ? formatRupees(-r.commission) : <span className="muted">-</span>),
    sortValue: (r) => r.commission,
    total: (rows) => formatInr(-sumPaise(rows, (r) => r.commission)),
  },
  {
    id: 'net',
    header: headWithNote('Net', 'after commission'),
    label: 'Net after commission',
    className: 'num',
    cellClassName: 'strong-cell',
    cell: (r) => signed(netOf(r)),
    sortValue: netOf,
    total: (rows) => <b>{signed(rows.reduce((sum, r) => sum + netOf(r), 0))}</b>,
  },
];

/**
 * /profitloss: the player's settled markets with their profit or loss and commission
 * (GET /api/profit-loss/mine), From/To dates (last 7 days by default), paged 25/50/100, with the
 * period's profit and loss per day drawn above it and a CSV export. The filters are in the URL.
 */
export function ProfitLossPage() {
  usePageTitle('Profit & Loss');
  const [search, setSearch] = useListSearch(profitLossSearch);
  const [defaults] = useState(lastSevenDays);
  const period = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const params = { ...period, page: search.page ?? 1, limit: search.limit ?? 25 };
  const range = useDateRange(lastSevenDays, (r) => setSearch({ ...r, page: undefined }), period);

  const report = useQuery({
    queryKey: ['profit-loss-mine', params],
    queryFn: () => fetchMyProfitLoss(params),
    placeholderData: keepPreviousData,
  });
  const daily = useQuery({
    queryKey: ['profit-loss-mine-daily', period],
    queryFn: () => fetchMyDaily(period),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const pagination = report.data?.pagination;
  const pageTotal = rows.reduce((sum, r) => sum + netOf(r), 0);
  const totals = report.data?.totals;

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
              {pagination.total} market{pagination.total === 1 ? '' : 's'} · {formatBusinessDay(params.from)} to{' '}
              {formatBusinessDay(params.to)}
              {rows.length > 0 && (
                <>
                  {' '}
                  · this page after commission{' '}
                  <b className={pageTotal > 0 ? 'positive' : pageTotal < 0 ? 'negative' : undefined}>
                    {formatInr(pageTotal)}
                  </b>
                </>
              )}
            </>
          ) : (
            '\u00a0'
          )}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setSearch({ limit: limit as 50, page: undefined })} />
      </div>

      {totals && pagination && pagination.total > 0 && (
        <p className="pl-reconcile" data-testid="pl-reconcile">
          Settled markets, {formatBusinessDay(params.from)} to {formatBusinessDay(params.to)}:{' '}
          <b className="nowrap">{signed(toPaise(totals.pnl))}</b> before commission −{' '}
          <b className="nowrap">{formatRupees(totals.commission)}</b> commission ={' '}
          <b className="nowrap">{signed(toPaise(totals.net))}</b> after commission, the sports part of the period above.
        </p>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.market_id}-${r.settled_at}`}
        query={report}
        empty={EMPTY_TABLE}
        failed="The report could not be loaded"
        className="pl-table"
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
        totalsLabel="This page"
      />
      <Pager pagination={pagination} onPage={(page) => setSearch({ page })} />
      <ThirdPartyPnlCard from={params.from} to={params.to} />
      <ReportSide side="mine" />
      <p className="muted pl-foot">
        Open bets are in <Link to="/unsettledbet">Unsettled bets</Link>.
      </p>
    </section>
  );
}

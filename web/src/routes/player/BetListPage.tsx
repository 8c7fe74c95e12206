import { formatBusinessDay } from '@exch/contracts';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchBetsMine, type MyBetsParams, type MyBetsStatus } from '../../api/betting-calls';
import { useMyBetPushes } from '../../exchange/bets-data';
import { CsvButton } from '../../reports/CsvButton';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { lastSevenDays } from '../../ui/dates';
import { DataTable } from '../../ui/DataTable';
import { EMPTY_TABLE } from '../../ui/EmptyRow';
import { useListSearch } from '../../ui/list-search';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';
import { betListColumns } from './bet-list-columns';
import { betListSearch } from './bet-list-search';

interface BetListPageProps {
  title: string;
  status: Exclude<MyBetsStatus, 'all'>;
  /** From/To dates, last 7 days by default (SPEC.md section 9); pending lists show every open bet instead. */
  dated: boolean;
}

/**
 * The player's bets from GET /api/bets/mine: open bets (/unsettledbet, with a cancel control for
 * any unmatched stake), settled bets with their result (/bethistory), or deleted bets; paged
 * 25/50/100, rows as cards on a phone. The filters (dates, page, page size, sort) are in the URL.
 */
export function BetListPage({ title, status, dated }: BetListPageProps) {
  usePageTitle(title);
  useMyBetPushes();
  const [search, setSearch] = useListSearch(betListSearch);
  const [defaults] = useState(lastSevenDays);
  const period = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const params: MyBetsParams = {
    status,
    ...(dated ? period : {}),
    page: search.page ?? 1,
    limit: search.limit ?? 25,
  };
  const range = useDateRange(lastSevenDays, (r) => setSearch({ ...r, page: undefined }), period);

  const list = useQuery({
    queryKey: ['bets-mine', params],
    queryFn: () => fetchBetsMine(params),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;

  return (
    <section className="card table-card bet-list-page">
      <header className="card-head">
        <h1>{title}</h1>
        <CsvButton
          path="/bets/mine"
          params={{ ...params }}
          auth="user"
          filename={`bet-history-${status}${dated ? `-${params.from}-to-${params.to}` : ''}`}
        />
      </header>
      {dated && <DateRangeFilter range={range} />}

      <div className="table-meta">
        <span className="muted">
          {pagination
            ? `${pagination.total} bet${pagination.total === 1 ? '' : 's'}${dated ? ` · ${formatBusinessDay(params.from ?? '')} to ${formatBusinessDay(params.to ?? '')}` : ''}`
            : '\u00a0'}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setSearch({ limit: limit as 50, page: undefined })} />
      </div>

      <DataTable
        columns={betListColumns(status)}
        rows={rows}
        rowKey={(b) => b._id}
        rowProps={(b) => ({ className: `bet-row ${b.odds_type}`, 'data-bet-id': b._id })}
        query={list}
        empty={EMPTY_TABLE}
        failed="The bets could not be loaded"
        className="bets-table"
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
        totalsLabel="This page"
      />
      <Pager pagination={pagination} onPage={(page) => setSearch({ page })} />
    </section>
  );
}

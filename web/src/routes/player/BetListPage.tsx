import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BetDto } from '@exch/contracts';
import { fetchBetsMine, type MyBetsParams, type MyBetsStatus } from '../../api/betting-calls';
import { useMyBetPushes } from '../../exchange/bets-data';
import { betOddsText, betSideName } from '../../exchange/bet-text';
import { CancelUnmatchedCell } from '../../exchange/CancelUnmatchedCell';
import { CsvButton } from '../../reports/CsvButton';
import { trimNumber } from '../../exchange/format';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { formatDateTime, lastSevenDays } from '../../ui/dates';
import { EMPTY_TABLE, EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';
import { MatchedOdds } from '../../exchange/MatchedOdds';

interface BetListPageProps {
  title: string;
  status: Exclude<MyBetsStatus, 'all'>;
  /** From/To dates, last 7 days by default (SPEC.md section 9); pending lists show every open bet instead. */
  dated: boolean;
}

/**
 * The player's bets from GET /api/bets/mine: open bets (/unsettledbet, with a cancel control for
 * any unmatched stake), settled bets with their result (/bethistory), or deleted bets; paged
 * 25/50/100, rows as cards on a phone.
 */
export function BetListPage({ title, status, dated }: BetListPageProps) {
  usePageTitle(title);
  useMyBetPushes();
  const [params, setParams] = useState<MyBetsParams>(() => ({
    status,
    ...(dated ? lastSevenDays() : {}),
    page: 1,
    limit: 25,
  }));
  const range = useDateRange(lastSevenDays, (r) => setParams((p) => ({ ...p, ...r, page: 1 })));

  const list = useQuery({
    queryKey: ['bets-mine', params],
    queryFn: () => fetchBetsMine(params),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;

  const settled = status === 'settled';
  const columns = settled ? 10 : status === 'pending' ? 10 : 9;

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
            ? `${pagination.total} bet${pagination.total === 1 ? '' : 's'}${dated ? ` · ${params.from} to ${params.to}` : ''}`
            : '\u00a0'}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </div>

      <div className={list.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table bets-table">
          <thead>
            <tr>
              <th>Placed</th>
              <th>Event</th>
              <th>Market</th>
              <th>Selection</th>
              <th>Type</th>
              <th className="num">Odds</th>
              <th className="num">Stake</th>
              {status === 'pending' && <th>Matched</th>}
              {settled && <th>Result</th>}
              {settled && <th className="num">P&amp;L</th>}
              {status === 'deleted' && <th>Status</th>}
              {status === 'pending' && <th className="num">Action</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((bet) => (
              <BetRow key={bet._id} bet={bet} status={status} />
            ))}
            {rows.length === 0 && (
              <EmptyRow span={columns} query={list} empty={EMPTY_TABLE} failed="The bets could not be loaded" />
            )}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} onPage={(page) => setParams((p) => ({ ...p, page }))} />
    </section>
  );
}

const RESULT_LABEL: Record<BetDto['status'], string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

function BetRow({ bet, status }: { bet: BetDto; status: BetListPageProps['status'] }) {
  return (
    <tr className={`bet-row ${bet.odds_type}`} data-bet-id={bet._id}>
      <td data-label="Placed" className="nowrap muted-cell">
        {formatDateTime(bet.placed_at)}
      </td>
      <td data-label="Event" className="strong-cell">
        <Link
          to="/odds/$sportId/$matchId"
          params={{ sportId: String(bet.sportId), matchId: bet.event_id }}
          className="event-link"
        >
          {bet.event_name}
        </Link>
      </td>
      <td data-label="Market">{bet.market_name}</td>
      <td data-label="Selection">{bet.selection_name}</td>
      <td data-label="Type">
        <span className={`side-tag ${bet.odds_type}`}>{betSideName(bet)}</span>
        {bet.cash_out && <span className="cash-out-tag">Cash out</span>}
      </td>
      <td data-label="Odds" className="num">
        {betOddsText(bet)}
        <MatchedOdds bet={bet} />
      </td>
      <td data-label="Stake" className="num">
        {formatRupees(bet.stake)}
      </td>
      {status === 'pending' && (
        <td data-label="Matched">
          {bet.unmatched_stake > 0 ? (
            <span className="state-badge state-unmatched" title={`${formatRupees(bet.matched_stake)} matched`}>
              Unmatched {trimNumber(bet.unmatched_stake)}
            </span>
          ) : (
            <span className="state-badge state-ok">Matched</span>
          )}
        </td>
      )}
      {status === 'settled' && (
        <td data-label="Result">
          <span className={`state-badge result-${bet.status}`}>{RESULT_LABEL[bet.status]}</span>
        </td>
      )}
      {status === 'settled' && (
        <td data-label="P&L" className="num strong-cell">
          {bet.pnl === null ? (
            '-'
          ) : (
            <span className={bet.pnl > 0 ? 'positive' : bet.pnl < 0 ? 'negative' : undefined}>
              {formatRupees(bet.pnl)}
            </span>
          )}
        </td>
      )}
      {status === 'deleted' && (
        <td data-label="Status">
          <span className="state-badge state-locked">{RESULT_LABEL[bet.status]}</span>
        </td>
      )}
      {status === 'pending' && <CancelUnmatchedCell bet={bet} />}
    </tr>
  );
}

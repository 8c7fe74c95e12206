import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchMyProfitLoss } from '../../api/betting-calls';
import { marketTitle } from '../../exchange/format';
import { formatDateTime, lastSevenDays } from '../../ui/dates';
import { formatRupees } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { usePageTitle } from '../../ui/use-page-title';
import { EMPTY_TABLE } from './BetListPage';

/**
 * /profitloss: the player's settled markets with their profit or loss and commission
 * (GET /api/profit-loss/mine), From/To dates (last 7 days by default), paged 25/50/100.
 */
export function ProfitLossPage() {
  usePageTitle('Profit & Loss');
  const defaults = lastSevenDays();
  const [draft, setDraft] = useState(defaults);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [params, setParams] = useState({ ...defaults, page: 1, limit: 25 });

  const report = useQuery({
    queryKey: ['profit-loss-mine', params],
    queryFn: () => fetchMyProfitLoss(params),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const pagination = report.data?.pagination;
  const pageTotal = rows.reduce((sum, r) => sum + r.pnl, 0);

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (draft.from === '' || draft.to === '') return setDraftError('Choose both dates');
    if (draft.from > draft.to) return setDraftError('From must be on or before To');
    setDraftError(null);
    setParams((p) => ({ ...p, ...draft, page: 1 }));
  };

  const reset = (): void => {
    const next = lastSevenDays();
    setDraft(next);
    setDraftError(null);
    setParams((p) => ({ ...p, ...next, page: 1 }));
  };

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Profit &amp; Loss</h1>
      </header>
      <form className="filter-bar" onSubmit={apply} noValidate>
        <label className="field">
          <span>From</span>
          <input type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            Submit
          </button>
          <button type="button" className="btn btn-outline" onClick={reset}>
            Reset
          </button>
        </div>
        {draftError !== null && (
          <p className="form-error filter-error" role="alert">
            {draftError}
          </p>
        )}
      </form>

      <div className="table-meta">
        <span className="muted">
          {pagination ? (
            <>
              {pagination.total} market{pagination.total === 1 ? '' : 's'} · {params.from} to {params.to}
              {rows.length > 0 && (
                <>
                  {' '}
                  · this page <b className={pageTotal > 0 ? 'positive' : pageTotal < 0 ? 'negative' : undefined}>{formatRupees(pageTotal)}</b>
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
                  <span className={r.pnl > 0 ? 'positive' : r.pnl < 0 ? 'negative' : undefined}>{formatRupees(r.pnl)}</span>
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr className="empty-row">
                <td colSpan={5}>{report.isPending ? 'Loading...' : report.isError ? 'The report could not be loaded' : EMPTY_TABLE}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pagination && pagination.totalPages > 1 && <Pager page={pagination.page} totalPages={pagination.totalPages} onPage={(page) => setParams((p) => ({ ...p, page }))} />}
      <p className="muted pl-foot">
        Open bets are in <Link to="/unsettledbet">Unsettled bets</Link>.
      </p>
    </section>
  );
}

import { lazy, Suspense, useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fetchSelectionAnalysis } from '../../../api/admin-betting-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { ApiRequestError } from '../../../api/api-error';
import { formatDateTime } from '@exch/contracts';
import { showErrorToast } from '../../../ui/toasts';
import { formatRupees } from '../../../ui/money';
import { useListSearch } from '../../../ui/list-search';
import { usePageTitle } from '../../../ui/use-page-title';
import { useSearchBox } from '../../../ui/use-search-box';
import { marketTypeLabel } from './format';
import { marketAnalysisSearch } from './market-analysis-search';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

/** Chart.js comes with the first chart. */
const StakesChart = lazy(() => import('../../../reports/StakesChart'));

/** SPEC.md section 9: the search waits 500 ms, the list refreshes every 5 s. */
const SEARCH_DEBOUNCE_MS = 500;
const REFRESH_MS = 5_000;
const FAILED = 'Failed to fetch selection analysis data.';

/**
 * Market Analysis (SPEC.md section 2): per event of the downline's open bets, its name (to the
 * admin odds page), when it starts, and per market type the selections with their total stake,
 * drawn as bars. The search is in the URL. Cards of a few selections each rather than a list, so
 * not a DataTable.
 */
export function MarketAnalysisPage({ title = 'Market Analysis' }: { title?: string }) {
  usePageTitle(title);
  const [searched, setSearched] = useListSearch(marketAnalysisSearch);
  const search = searched.q ?? '';
  const [text, setText] = useSearchBox(
    search,
    (typed) => setSearched({ q: typed === '' ? undefined : typed }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );
  const analysis = useQuery({
    queryKey: ['selection-analysis', search],
    queryFn: () => fetchSelectionAnalysis(search),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });

  // One toast per failure streak: the 5 s poll must not repeat it.
  const failedShown = useRef(false);
  useEffect(() => {
    if (analysis.isError && !failedShown.current) {
      failedShown.current = true;
      // SPEC.md section 8: the server's message when it sent one.
      showErrorToast(
        analysis.error instanceof ApiRequestError && analysis.error.statusCode !== 0 ? analysis.error.message : FAILED,
      );
    }
    if (analysis.isSuccess) failedShown.current = false;
  }, [analysis.isError, analysis.isSuccess, analysis.error]);

  const events = analysis.data?.eventAnalysis ?? [];

  return (
    <section className="card table-card ax-analysis">
      <header className="card-head">
        <h1>{title}</h1>
        <button
          type="button"
          className={analysis.isFetching ? 'ax-refresh spinning' : 'ax-refresh'}
          aria-label="Refresh"
          title="Refresh"
          onClick={() => void analysis.refetch()}
        >
          ↻
        </button>
      </header>
      <div className="toolbar">
        <label className="search-box">
          <span className="visually-hidden">Search event</span>
          <input
            type="search"
            name="search"
            placeholder="Search event"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <span className="muted ax-hint">Refreshes every 5 seconds</span>
        <CsvButton
          path="/report/selection_analysis"
          params={{ search }}
          filename={search ? `market-analysis-${search}` : 'market-analysis'}
        />
      </div>

      {events.length === 0 ? (
        <p className="muted ax-empty" data-testid="analysis-empty">
          {analysis.isPending
            ? 'Loading...'
            : analysis.isError
              ? FAILED
              : search !== ''
                ? `No events match "${search}"`
                : 'No Data Found'}
        </p>
      ) : (
        <div className="ax-analysis-list">
          {events.map((ev) => (
            <article key={ev.event_id} className="ax-analysis-event" data-event-id={ev.event_id}>
              <header>
                <Link
                  to="/admin/odds/$sportId/$matchId"
                  params={{ sportId: String(ev.sportId ?? 4), matchId: String(ev.event_id) }}
                  className="ax-event-link"
                >
                  {ev.event_name}
                </Link>
                <time className="muted" dateTime={ev.matchDateTime}>
                  {formatDateTime(ev.matchDateTime)}
                </time>
              </header>
              <div className="ax-analysis-markets">
                {ev.markets.map((m, i) => (
                  <div key={`${m.market_type}-${m.market_id ?? i}`} className="ax-analysis-market">
                    <h3>
                      {marketTypeLabel(m.market_type)}
                      {m.market_name && m.market_type === 'FANCY' && <span className="muted"> · {m.market_name}</span>}
                    </h3>
                    <table className="ax-analysis-table">
                      <tbody>
                        {m.selections.map((s) => (
                          <tr key={s.selection_name}>
                            <td>{s.selection_name}</td>
                            <td className="num strong-cell">{formatRupees(s.totalStake)}</td>
                          </tr>
                        ))}
                        {m.selections.length === 0 && (
                          <tr>
                            <td colSpan={2} className="muted">
                              No stakes
                            </td>
                          </tr>
                        )}
                      </tbody>
                    </table>
                    {m.selections.length > 0 && (
                      <Suspense fallback={null}>
                        <StakesChart
                          market={`${ev.event_name} ${marketTypeLabel(m.market_type)}`}
                          selections={m.selections}
                        />
                      </Suspense>
                    )}
                  </div>
                ))}
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SETTLED_MARKETS_SHOWN } from '@exch/contracts';
import { fetchEventManagement, type EventMarket } from '../../../api/admin-betting-calls';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { canManageSports } from '../../../auth/session-rules';
import { DataTable, type Column } from '../../../ui/DataTable';
import { useListSearch } from '../../../ui/list-search';
import { usePageTitle } from '../../../ui/use-page-title';
import { useSearchBox } from '../../../ui/use-search-box';
import { eventManagementSearch } from './event-management-search';
import { marketTitle } from '../../../exchange/format';
import { marketResult } from '../../../exchange/SettledMarkets';
import { DeclareCell, MarketCell, MoneyStepButton, StatusSwitch } from './EventMarketCells';
import '../../../styles/admin-exchange.css';

type View = 'open' | 'settled';

/**
 * A match's markets: the market and its bets, then the open view's status switch, result to declare
 * and Void, or the settled view's result and Revoke; a lower role sees the status and result only.
 */
function columns(view: View, readOnly: boolean): Column<EventMarket>[] {
  const shared: Column<EventMarket>[] = [
    { id: 'market', header: 'Market', cellClassName: 'strong-cell', cell: (m) => <MarketCell market={m} /> },
    { id: 'bets', header: 'Bets', className: 'num', cell: (m) => m.betCount },
  ];
  const settledStatus: Column<EventMarket> = {
    id: 'status',
    header: 'Status',
    cell: (m) => <span className="state-badge state-off">{m.status}</span>,
  };
  const result: Column<EventMarket> = {
    id: 'result',
    header: 'Result',
    cellClassName: 'strong-cell',
    cell: marketResult,
  };
  if (readOnly)
    return [...shared, settledStatus, { ...result, header: view === 'open' ? 'Result' : 'Declared', label: 'Result' }];
  const action = (kind: 'void' | 'revoke'): Column<EventMarket> => ({
    id: 'action',
    header: 'Action',
    headClassName: 'actions-head',
    className: 'actions-cell',
    cell: (m) => <MoneyStepButton market={m} kind={kind} />,
  });
  if (view === 'settled') return [...shared, settledStatus, { ...result, header: 'Declared' }, action('revoke')];
  return [
    ...shared,
    { id: 'status', header: 'Status', cell: (m) => <StatusSwitch market={m} /> },
    { id: 'result', header: 'Result', cell: (m) => <DeclareCell market={m} /> },
    action('void'),
  ];
}

/**
 * Event management (SPEC.md section 2): markets that are open or closed awaiting a result, and
 * settled ones. Declare the winner (runner) or the runs (fancy), void, revoke a result, and switch
 * a market between ACTIVE, SUSPENDED and CLOSED. Declare, void and revoke move many players' money:
 * each is confirmed with the transaction password. Lower roles see their downline's markets read-only.
 * The view (open or settled) and the search are in the URL.
 */
export function EventManagementPage() {
  const { data: me } = useProfile('admin');
  if (!me) return null;
  return <EventManagement readOnly={!(canManageSports(me.role.slug) && hasPrivilege(me, 'manage-markets'))} />;
}

/** `readOnly`: a lower role sees the markets its downline bet on and their results, without actions. */
function EventManagement({ readOnly }: { readOnly: boolean }) {
  usePageTitle('Event management');
  const [searched, setSearched] = useListSearch(eventManagementSearch);
  const view: View = searched.view ?? 'open';
  const setView = (next: View): void => setSearched({ view: next === 'open' ? undefined : next });
  const [search, setSearch] = useSearchBox(searched.q ?? '', (typed) =>
    setSearched({ q: typed === '' ? undefined : typed }, { replace: true }),
  );
  const markets = useQuery({
    queryKey: ['event-management', view],
    queryFn: () => fetchEventManagement(view),
    refetchInterval: 10_000,
    retry: false,
  });
  // The other view's markets, for each match's word on them: open markets left after a settled one.
  const others = useQuery({
    queryKey: ['event-management', view === 'open' ? 'settled' : 'open'],
    queryFn: () => fetchEventManagement(view === 'open' ? 'settled' : 'open'),
    refetchInterval: 10_000,
    retry: false,
  });
  const othersOf = (matchId: string) => (others.data?.data ?? []).filter((m) => m.matchId === matchId);

  const groups = useMemo(() => {
    const s = (searched.q ?? '').toLowerCase();
    const list = (markets.data?.data ?? []).filter(
      (m) => s === '' || m.matchName.toLowerCase().includes(s) || m.marketName.toLowerCase().includes(s),
    );
    const byMatch = new Map<string, EventMarket[]>();
    for (const m of list) byMatch.set(m.matchId, [...(byMatch.get(m.matchId) ?? []), m]);
    return [...byMatch.values()];
  }, [markets.data, searched.q]);
  const shownColumns = columns(view, readOnly);

  return (
    <section className="card table-card ax-events">
      <header className="card-head">
        <h1>Event management</h1>
      </header>
      {readOnly && (
        <p className="muted ax-readonly-note" data-testid="event-readonly">
          Your downline&apos;s markets and their results. Results, voids and revokes are declared by Admin and
          SuperMaster accounts.
        </p>
      )}
      <div className="ax-tabs" role="tablist" aria-label="Markets">
        <button
          type="button"
          role="tab"
          aria-selected={view === 'open'}
          className={view === 'open' ? 'active' : undefined}
          onClick={() => setView('open')}
        >
          Open
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'settled'}
          className={view === 'settled' ? 'active' : undefined}
          onClick={() => setView('settled')}
        >
          Settled
        </button>
      </div>
      <div className="toolbar">
        <label className="search-box">
          <span className="visually-hidden">Search match or market</span>
          <input
            type="search"
            name="search"
            placeholder="Search match or market"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <span className="muted ax-hint">
          {view === 'open'
            ? 'Open markets and closed ones waiting for a result'
            : `The latest ${SETTLED_MARKETS_SHOWN} markets with a declared result or voided, latest first`}
        </span>
      </div>

      {groups.length === 0 && (
        <p className="muted ax-empty">
          {markets.isPending ? 'Loading...' : markets.isError ? 'The markets could not be loaded' : 'No Data Found'}
        </p>
      )}
      {groups.map((list) => {
        const first = list[0]!;
        return (
          <article key={first.matchId} className="ax-event-group" data-match-id={first.matchId}>
            <header>
              <Link
                to="/admin/odds/$sportId/$matchId"
                params={{ sportId: String(first.sportId), matchId: first.matchId }}
                className="ax-event-link"
              >
                {first.matchName}
              </Link>
              <span className="muted">
                {list.length} market{list.length === 1 ? '' : 's'}
              </span>
              <OtherMarkets
                view={view}
                markets={othersOf(first.matchId)}
                onOpen={() => setSearched({ view: undefined, q: first.matchName })}
              />
            </header>
            <DataTable
              columns={shownColumns}
              rows={list}
              rowKey={(m) => m.marketId}
              rowProps={(m) => ({ 'data-market-id': m.marketId })}
              // The list refreshes every 10 s: no fade each time.
              query={{ ...markets, isFetching: false }}
              className="ax-event-table"
            />
          </article>
        );
      })}
    </section>
  );
}

/**
 * A match's markets in the other view: beside its open markets, what was settled; beside its settled
 * ones, the markets still to settle (bookmaker and fancies outlive a settled match odds).
 */
function OtherMarkets({ view, markets, onOpen }: { view: View; markets: EventMarket[]; onOpen: () => void }) {
  if (markets.length === 0) return null;
  if (view === 'open')
    return (
      <span className="ax-other-markets" data-testid="settled-of-match">
        Settled: {markets.map((m) => `${marketTitle(m.marketName)} (${marketResult(m)})`).join(', ')}
      </span>
    );
  return (
    <span className="ax-other-markets ax-still-open" data-testid="still-open">
      Still open: {markets.map((m) => marketTitle(m.marketName)).join(', ')}{' '}
      <button type="button" className="link-button" onClick={onOpen}>
        Settle them
      </button>
    </span>
  );
}

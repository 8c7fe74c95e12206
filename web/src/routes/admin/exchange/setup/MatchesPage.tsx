import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { formatDateTime, type MatchSummary } from '@exch/contracts';
import { fetchAdminMatches } from '../../../../api/admin-betting-calls';
import { DataTable, type Column } from '../../../../ui/DataTable';
import { usePageTitle } from '../../../../ui/use-page-title';
import '../../../../styles/admin-exchange.css';
import { LIST_FAILED, SportName } from './shared';

const columns: Column<MatchSummary>[] = [
  {
    id: 'match',
    header: 'Match',
    cellClassName: 'strong-cell',
    cell: (m) => (
      <Link to="/admin/odds/$sportId/$matchId" params={{ sportId: String(m.sportId), matchId: m.matchId }}>
        {m.name}
      </Link>
    ),
  },
  { id: 'series', header: 'Series', cell: (m) => m.seriesName },
  { id: 'start', header: 'Start', cellClassName: 'nowrap', cell: (m) => formatDateTime(m.startTime) },
  {
    id: 'state',
    header: 'State',
    cell: (m) =>
      m.inPlay ? (
        <span className="state-badge state-ok">In play</span>
      ) : (
        <span className="state-badge state-off">Upcoming</span>
      ),
  },
  {
    id: 'markets',
    header: 'Markets',
    headClassName: 'actions-head',
    className: 'actions-cell',
    cell: (m) => (
      <div className="ax-link-row">
        <Link to="/admin/active-markets/$matchId" params={{ matchId: m.matchId }} className="btn btn-sm btn-outline">
          Markets
        </Link>
        <Link to="/admin/active-fancies/$matchId" params={{ matchId: m.matchId }} className="btn btn-sm btn-outline">
          Fancies
        </Link>
      </div>
    ),
  },
];

/** matches/{sportId} lists every match, active-matches/{sportId}/{matchType?} the open ones; matchType 'inplay' or 'upcoming' narrows them. */
export function MatchesPage({ active }: { active: boolean }) {
  const { sportId, matchType } = useParams({ strict: false }) as { sportId: string; matchType?: string };
  const title = active ? 'Active matches' : 'Matches';
  usePageTitle(title);
  const matches = useQuery({
    queryKey: ['admin-matches', sportId, active],
    queryFn: () => fetchAdminMatches(sportId, active ? 'active' : 'all'),
    refetchInterval: 15_000,
  });
  const kind = matchType?.toLowerCase();
  const rows = (matches.data?.data ?? []).filter((m) =>
    kind === 'inplay' || kind === 'in-play' ? m.inPlay : kind === 'upcoming' ? !m.inPlay : true,
  );
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>
          {title} · <SportName sportId={sportId} />
        </h1>
        <Link to="/admin/sports-list/{-$url}" params={{ url: undefined }} className="btn btn-sm ax-head-btn">
          Sports
        </Link>
      </header>
      {active && (
        <div className="ax-tabs" role="tablist" aria-label="Matches">
          {[
            { key: undefined, label: 'All' },
            { key: 'inplay', label: 'In play' },
            { key: 'upcoming', label: 'Upcoming' },
          ].map((t) => (
            <Link
              key={t.label}
              role="tab"
              to="/admin/active-matches/$sportId/{-$matchType}"
              params={{ sportId, matchType: t.key }}
              aria-selected={kind === t.key}
              className={kind === t.key ? 'active' : undefined}
            >
              {t.label}
            </Link>
          ))}
        </div>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(m) => m.matchId}
        rowProps={(m) => ({ 'data-match-id': m.matchId })}
        // The list refreshes every 15 s: no fade each time.
        query={{ ...matches, isFetching: false }}
        className="ax-setup-table"
        failed={LIST_FAILED}
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { MatchSummary } from '@exch/contracts';
import { fetchAdminMatches } from '../../../../api/admin-betting-calls';
import { formatMatchStart } from '../../../../exchange/format';
import { EmptyRow } from '../../../../ui/EmptyRow';
import { usePageTitle } from '../../../../ui/use-page-title';
import '../../../../styles/admin-exchange.css';
import { LIST_FAILED, SportName } from './shared';

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
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>Match</th>
              <th>Series</th>
              <th>Start</th>
              <th>State</th>
              <th className="actions-head">Markets</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <MatchLine key={m.matchId} match={m} />
            ))}
            {rows.length === 0 && <EmptyRow span={5} query={matches} failed={LIST_FAILED} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function MatchLine({ match }: { match: MatchSummary }) {
  return (
    <tr data-match-id={match.matchId}>
      <td data-label="Match" className="strong-cell">
        <Link to="/admin/odds/$sportId/$matchId" params={{ sportId: String(match.sportId), matchId: match.matchId }}>
          {match.name}
        </Link>
      </td>
      <td data-label="Series">{match.seriesName}</td>
      <td data-label="Start" className="nowrap">
        {formatMatchStart(match.startTime)}
      </td>
      <td data-label="State">
        {match.inPlay ? (
          <span className="state-badge state-ok">In play</span>
        ) : (
          <span className="state-badge state-off">Upcoming</span>
        )}
      </td>
      <td data-label="Markets" className="actions-cell">
        <div className="ax-link-row">
          <Link
            to="/admin/active-markets/$matchId"
            params={{ matchId: match.matchId }}
            className="btn btn-sm btn-outline"
          >
            Markets
          </Link>
          <Link
            to="/admin/active-fancies/$matchId"
            params={{ matchId: match.matchId }}
            className="btn btn-sm btn-outline"
          >
            Fancies
          </Link>
        </div>
      </td>
    </tr>
  );
}

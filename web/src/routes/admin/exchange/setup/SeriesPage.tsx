import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { countOf, fetchAdminSeries } from '../../../../api/admin-betting-calls';
import { EmptyRow } from '../../../../ui/EmptyRow';
import { usePageTitle } from '../../../../ui/use-page-title';
import '../../../../styles/admin-exchange.css';
import { LIST_FAILED, SportName } from './shared';

/** series/{sportId}: the series of a sport. */
export function SeriesPage() {
  const { sportId } = useParams({ strict: false }) as { sportId: string };
  usePageTitle('Series');
  const series = useQuery({ queryKey: ['admin-series', sportId], queryFn: () => fetchAdminSeries(sportId) });
  const rows = series.data?.data ?? [];
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>
          Series · <SportName sportId={sportId} />
        </h1>
        <Link to="/admin/sports-list/{-$url}" params={{ url: undefined }} className="btn btn-sm ax-head-btn">
          Sports
        </Link>
      </header>
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>Series</th>
              <th>Id</th>
              <th className="num">Matches</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.seriesId}>
                <td data-label="Series" className="strong-cell">
                  {s.name}
                </td>
                <td data-label="Id" className="mono">
                  {s.seriesId}
                </td>
                <td data-label="Matches" className="num">
                  <Link to="/admin/matches/$sportId" params={{ sportId }}>
                    {countOf(s.matches)}
                  </Link>
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={3} query={series} failed={LIST_FAILED} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

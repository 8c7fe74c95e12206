import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { countOf, fetchAdminSeries } from '../../../../api/admin-betting-calls';
import { DataTable } from '../../../../ui/DataTable';
import { usePageTitle } from '../../../../ui/use-page-title';
import '../../../../styles/admin-exchange.css';
import { LIST_FAILED, SportName } from './shared';

/** series/{sportId}: the series of a sport. */
export function SeriesPage() {
  const { sportId } = useParams({ strict: false }) as { sportId: string };
  usePageTitle('Series');
  const series = useQuery({ queryKey: ['admin-series', sportId], queryFn: () => fetchAdminSeries(sportId) });
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
      <DataTable
        columns={[
          { id: 'series', header: 'Series', cellClassName: 'strong-cell', cell: (r) => r.name },
          { id: 'id', header: 'Id', cellClassName: 'mono', cell: (r) => r.seriesId },
          {
            id: 'matches',
            header: 'Matches',
            className: 'num',
            cell: (r) => (
              <Link to="/admin/matches/$sportId" params={{ sportId }}>
                {countOf(r.matches)}
              </Link>
            ),
          },
        ]}
        rows={series.data?.data ?? []}
        rowKey={(r) => r.seriesId}
        query={series}
        className="ax-setup-table"
        failed={LIST_FAILED}
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { countOf, fetchAdminSports } from '../../../../api/admin-betting-calls';
import { EmptyRow } from '../../../../ui/EmptyRow';
import { usePageTitle } from '../../../../ui/use-page-title';
import '../../../../styles/admin-exchange.css';
import { LIST_FAILED } from './shared';

/** sports-list: every sport with its id and match count, each opening its series. */
export function SportsListPage() {
  usePageTitle('Sports list');
  const sports = useQuery({ queryKey: ['admin-sports'], queryFn: fetchAdminSports });
  const rows = sports.data?.data ?? [];
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Sports list</h1>
      </header>
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>Sport</th>
              <th className="num">Id</th>
              <th className="num">Matches</th>
              <th className="actions-head">Open</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-sport-id={s.id}>
                <td data-label="Sport" className="strong-cell">
                  {s.name}
                </td>
                <td data-label="Id" className="num">
                  {s.id}
                </td>
                <td data-label="Matches" className="num">
                  {countOf(s.matches)}
                </td>
                <td data-label="Open" className="actions-cell">
                  <div className="ax-link-row">
                    <Link
                      to="/admin/series/$sportId"
                      params={{ sportId: String(s.id) }}
                      className="btn btn-sm btn-outline"
                    >
                      Series
                    </Link>
                    <Link
                      to="/admin/matches/$sportId"
                      params={{ sportId: String(s.id) }}
                      className="btn btn-sm btn-outline"
                    >
                      Matches
                    </Link>
                    <Link
                      to="/admin/active-matches/$sportId/{-$matchType}"
                      params={{ sportId: String(s.id), matchType: undefined }}
                      className="btn btn-sm btn-primary"
                    >
                      Active
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={4} query={sports} failed={LIST_FAILED} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { countOf, fetchAdminSports } from '../../../../api/admin-betting-calls';
import { DataTable, type Column } from '../../../../ui/DataTable';
import { usePageTitle } from '../../../../ui/use-page-title';
import '../../../../styles/admin-exchange.css';
import { LIST_FAILED } from './shared';

type Sport = Awaited<ReturnType<typeof fetchAdminSports>>['data'][number];

const columns: Column<Sport>[] = [
  { id: 'sport', header: 'Sport', cellClassName: 'strong-cell', cell: (s) => s.name },
  { id: 'id', header: 'Id', className: 'num', cell: (s) => s.id },
  { id: 'matches', header: 'Matches', className: 'num', cell: (s) => countOf(s.matches) },
  {
    id: 'open',
    header: 'Open',
    headClassName: 'actions-head',
    className: 'actions-cell',
    cell: (s) => (
      <div className="ax-link-row">
        <Link to="/admin/series/$sportId" params={{ sportId: String(s.id) }} className="btn btn-sm btn-outline">
          Series
        </Link>
        <Link to="/admin/matches/$sportId" params={{ sportId: String(s.id) }} className="btn btn-sm btn-outline">
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
    ),
  },
];

/** sports-list: every sport with its id and match count, each opening its series. */
export function SportsListPage() {
  usePageTitle('Sports list');
  const sports = useQuery({ queryKey: ['admin-sports'], queryFn: fetchAdminSports });
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Sports list</h1>
      </header>
      <DataTable
        columns={columns}
        rows={sports.data?.data ?? []}
        rowKey={(s) => String(s.id)}
        rowProps={(s) => ({ 'data-sport-id': String(s.id) })}
        query={sports}
        className="ax-setup-table"
        failed={LIST_FAILED}
      />
    </section>
  );
}

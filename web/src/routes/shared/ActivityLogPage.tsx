import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityRow } from '@exch/contracts';
import { fetchActivity } from '../../api/account-calls';
import { useProfile } from '../../api/profile-query';
import type { AuthContextName } from '../../auth/auth-context';
import { DataTable, dateTimeColumn, type Column } from '../../ui/DataTable';
import { shortDevice } from '../../ui/device';
import { readLimit, readPage, searchValidator, useListSearch } from '../../ui/list-search';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { usePageTitle } from '../../ui/use-page-title';

/** The activity log's page and its size in the URL (?page=&limit=), player's and back office's alike. */
export const activitySearch = searchValidator<{ page?: number; limit?: 50 | 100 }>({
  page: readPage,
  limit: readLimit,
});

function columns(me: string | undefined): Column<ActivityRow>[] {
  return [
    dateTimeColumn('date', 'Date', (r) => r.at),
    { id: 'action', header: 'Action', cellClassName: 'strong-cell', cell: (r) => r.action },
    { id: 'ip', header: 'IP', cellClassName: 'mono', cell: (r) => r.ip ?? '-' },
    { id: 'device', header: 'Device', cell: (r) => <span title={r.device ?? undefined}>{shortDevice(r.device)}</span> },
    {
      id: 'by',
      header: 'By',
      cell: (r) =>
        r.actor === null ? (
          <span className="muted">System</span>
        ) : r.actor === me ? (
          <span className="muted">You</span>
        ) : (
          <span className="by-badge">{r.actor}</span>
        ),
    },
  ];
}

/** Logins and security changes of one's own account, newest first, with who made them when it was not oneself. */
export function ActivityLogPage({ ctx }: { ctx: AuthContextName }) {
  usePageTitle('Activity log');
  const { data: me } = useProfile(ctx);
  const [search, setSearch] = useListSearch(activitySearch);
  const paging = { page: search.page ?? 1, limit: search.limit ?? 25 };
  const activity = useQuery({
    queryKey: ['activity', ctx, paging],
    queryFn: () => fetchActivity(ctx, paging),
    placeholderData: keepPreviousData,
  });
  const pagination = activity.data?.pagination;

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Activity log</h1>
      </header>
      <div className="table-meta">
        <span className="muted">
          {pagination ? `${pagination.total} entr${pagination.total === 1 ? 'y' : 'ies'}` : '\u00a0'}
        </span>
        <PageSize
          value={paging.limit}
          onChange={(n) => setSearch({ limit: n === 25 ? undefined : (n as 50 | 100), page: undefined })}
        />
      </div>
      <DataTable
        columns={columns(me?.username)}
        rows={activity.data?.data ?? []}
        rowKey={(r) => r._id}
        query={activity}
        className="activity-table"
        empty="No records found"
        failed="The activity log could not be loaded"
      />
      <Pager pagination={pagination} onPage={(page) => setSearch({ page })} />
    </section>
  );
}

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchActivity } from '../../api/account-calls';
import { useProfile } from '../../api/profile-query';
import type { AuthContextName } from '../../auth/auth-context';
import { formatDateTime } from '../../ui/dates';
import { EmptyRow } from '../../ui/EmptyRow';
import { shortDevice } from '../../ui/device';
import { Pager } from '../../ui/Pager';
import { usePageTitle } from '../../ui/use-page-title';
import { PageSize } from '../../ui/PageSize';

/** Logins and security changes of one's own account, newest first, with who made them when it was not oneself. */
export function ActivityLogPage({ ctx }: { ctx: AuthContextName }) {
  usePageTitle('Activity log');
  const { data: me } = useProfile(ctx);
  const [paging, setPaging] = useState({ page: 1, limit: 25 });
  const activity = useQuery({
    queryKey: ['activity', ctx, paging],
    queryFn: () => fetchActivity(ctx, paging),
    placeholderData: keepPreviousData,
  });
  const rows = activity.data?.data ?? [];
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
        <PageSize value={paging.limit} onChange={(limit) => setPaging({ page: 1, limit })} />
      </div>
      <div className={activity.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table activity-table">
          <thead>
            <tr>
              <th>Date</th>
              <th>Action</th>
              <th>IP</th>
              <th>Device</th>
              <th>By</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const by =
                r.actor === null ? (
                  <span className="muted">System</span>
                ) : r.actor === me?.username ? (
                  <span className="muted">You</span>
                ) : (
                  <span className="by-badge">{r.actor}</span>
                );
              return (
                <tr key={r._id}>
                  <td data-label="Date" className="nowrap">
                    {formatDateTime(r.at)}
                  </td>
                  <td data-label="Action" className="strong-cell">
                    {r.action}
                  </td>
                  <td data-label="IP" className="mono">
                    {r.ip ?? '-'}
                  </td>
                  <td data-label="Device" title={r.device ?? undefined}>
                    {shortDevice(r.device)}
                  </td>
                  <td data-label="By">{by}</td>
                </tr>
              );
            })}
            {rows.length === 0 && (
              <EmptyRow
                span={5}
                query={activity}
                empty="No records found"
                failed="The activity log could not be loaded"
              />
            )}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} onPage={(page) => setPaging((p) => ({ ...p, page }))} />
    </section>
  );
}

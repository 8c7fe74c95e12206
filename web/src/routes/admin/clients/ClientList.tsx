import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ClientRow } from '@exch/contracts';
import { fetchDownline } from '../../../api/account-calls';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { DataTable } from '../../../ui/DataTable';
import { useListSearch } from '../../../ui/list-search';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { useSearchBox } from '../../../ui/use-search-box';
import type { ClientActionKind } from './client-actions';
import { ClientActionModal } from './ClientActionModal';
import { clientColumns } from './client-columns';
import { Breadcrumb, Legend, ParentSummary } from './ClientListParts';
import { clientSearch, downlineOrder } from './client-search';

/**
 * The downline one level below `parent` (the logged-in account when absent): searched, sorted and
 * paged by the server, with the per-row actions of SPEC.md's client list. The search, sort, page
 * and size are in the URL.
 */
export function ClientList({ parent, heading }: { parent?: string; heading: 'h1' | 'h2' }) {
  const { data: me } = useProfile('admin');
  const [view, setView] = useListSearch(clientSearch);
  const search = view.q ?? '';
  const [text, setText] = useSearchBox(search, (typed) =>
    setView({ q: typed === '' ? undefined : typed, page: undefined }, { replace: true }),
  );
  const page = view.page ?? 1;
  const limit = view.limit ?? 25;
  const [action, setAction] = useState<{ kind: ClientActionKind; row: ClientRow } | null>(null);

  const params = { parent, search, ...downlineOrder(view.sort), page, limit };
  const list = useQuery({
    queryKey: ['downline', params],
    queryFn: () => fetchDownline(params),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  const Heading = heading;
  const title = parent === undefined ? 'Client list' : `Client list: ${parent}`;

  return (
    <section className="card table-card client-list">
      <header className="card-head">
        <Heading>{title}</Heading>
        {hasPrivilege(me, 'create-client') && (
          <Link to="/admin/add-user" className="btn btn-sm btn-accent">
            + Add user
          </Link>
        )}
      </header>

      {parent !== undefined && <Breadcrumb data={data} parent={parent} />}
      {parent !== undefined && (
        <ParentSummary
          username={parent}
          role={data?.parent.username.toLowerCase() === parent.toLowerCase() ? data.parent.role.name : undefined}
        />
      )}

      <div className="toolbar">
        <label className="search-box">
          <span className="visually-hidden">Search clients</span>
          <input
            type="search"
            name="search"
            placeholder="Search username or name"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <PageSize
          value={limit}
          onChange={(n) => setView({ limit: n === 25 ? undefined : (n as 50 | 100), page: undefined })}
        />
      </div>

      <DataTable
        columns={clientColumns({
          me,
          parentName: data?.parent.username ?? '',
          onAction: (kind, row) => setAction({ kind, row }),
        })}
        rows={data?.users ?? []}
        rowKey={(r) => r._id}
        rowProps={(r) => ({ 'data-username': r.username, className: r.accountLocked ? 'row-locked' : undefined })}
        query={list}
        className="clients-table"
        empty={search !== '' ? `No clients match "${search}"` : 'No clients yet'}
        failed="The client list could not be loaded"
        sort={{
          value: view.sort,
          onChange: (sort) => setView({ sort: clientSearch({ sort }).sort, page: undefined }),
        }}
      />

      <TableFoot
        total={data?.total}
        noun="client"
        pagination={{ page, totalPages }}
        onPage={(p) => setView({ page: p })}
      />
      <Legend me={me} />

      {action !== null && (
        <ClientActionModal kind={action.kind} row={action.row} me={me} onClose={() => setAction(null)} />
      )}
    </section>
  );
}

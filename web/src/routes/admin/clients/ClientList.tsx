import { useEffect, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ClientRow, DownlineResponse, UserDto } from '@exch/contracts';
import { fetchClient, fetchDownline, type DownlineSort } from '../../../api/account-calls';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { formatRupees } from '../../../ui/money';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { CLIENT_ACTIONS, type ClientActionKind } from './client-actions';
import { ClientActionModal } from './ClientActionModal';

/** SPEC.md section 9 debounces searches by 300 to 500 ms. */
const SEARCH_DEBOUNCE_MS = 400;

interface SortState {
  sort: DownlineSort;
  order: 'asc' | 'desc';
}

const SORTABLE: { key: DownlineSort; label: string }[] = [
  { key: 'username', label: 'Username' },
  { key: 'creditReference', label: 'Credit reference' },
  { key: 'balance', label: 'Balance' },
  { key: 'exposure', label: 'Exposure' },
  { key: 'role', label: 'Role' },
  { key: 'createdAt', label: 'Created' },
];

/**
 * The downline one level below `parent` (the logged-in account when absent): searched, sorted and
 * paged by the server, with the per-row actions of SPEC.md's client list.
 */
export function ClientList({ parent, heading }: { parent?: string; heading: 'h1' | 'h2' }) {
  const { data: me } = useProfile('admin');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<SortState>({ sort: 'username', order: 'asc' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [action, setAction] = useState<{ kind: ClientActionKind; row: ClientRow } | null>(null);

  // A new search starts on its first page.
  useEffect(() => setPage(1), [search]);

  const params = { parent, search, ...sorting, page, limit };
  const list = useQuery({
    queryKey: ['downline', params],
    queryFn: () => fetchDownline(params),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const rows = data?.users ?? [];
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  const sortBy = (key: DownlineSort): void => {
    setSorting((s) => ({ sort: key, order: s.sort === key && s.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };

  const Heading = heading;
  const title = parent === undefined ? 'Client list' : `Client list: ${parent}`;
  const mayCreate = hasPrivilege(me, 'create-client');

  return (
    <section className="card table-card client-list">
      <header className="card-head">
        <Heading>{title}</Heading>
        {mayCreate && (
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
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </label>
        <label className="sort-select mobile-only">
          <span>Sort</span>
          <select
            value={`${sorting.sort}:${sorting.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [DownlineSort, 'asc' | 'desc'];
              setSorting({ sort, order });
              setPage(1);
            }}
          >
            {SORTABLE.flatMap((s) => [
              <option key={`${s.key}:asc`} value={`${s.key}:asc`}>
                {s.label} ↑
              </option>,
              <option key={`${s.key}:desc`} value={`${s.key}:desc`}>
                {s.label} ↓
              </option>,
            ])}
          </select>
        </label>
        <PageSize
          value={limit}
          onChange={(n) => {
            setLimit(n);
            setPage(1);
          }}
        />
      </div>

      <div className={list.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table clients-table">
          <thead>
            <tr>
              <SortHeader label="Username" column="username" sorting={sorting} onSort={sortBy} />
              <SortHeader label="Credit ref." column="creditReference" sorting={sorting} onSort={sortBy} numeric />
              <SortHeader label="Balance" column="balance" sorting={sorting} onSort={sortBy} numeric />
              <SortHeader label="Exposure" column="exposure" sorting={sorting} onSort={sortBy} numeric />
              <th className="num">Avail. bal.</th>
              <th className="num">Client P&amp;L</th>
              <th>Status</th>
              <th className="actions-head">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ClientLine
                key={row._id}
                row={row}
                me={me}
                parentName={data?.parent.username ?? ''}
                onAction={(kind) => setAction({ kind, row })}
              />
            ))}
            {rows.length === 0 && (
              <tr className="empty-row">
                <td colSpan={8}>
                  {list.isPending
                    ? 'Loading...'
                    : list.isError
                      ? 'The client list could not be loaded'
                      : search !== ''
                        ? `No clients match "${search}"`
                        : 'No clients yet'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <TableFoot total={data?.total} noun="client" pagination={{ page, totalPages }} onPage={setPage} />
      <Legend me={me} />

      {action !== null && (
        <ClientActionModal kind={action.kind} row={action.row} me={me} onClose={() => setAction(null)} />
      )}
    </section>
  );
}

function SortHeader({
  label,
  column,
  sorting,
  onSort,
  numeric = false,
}: {
  label: string;
  column: DownlineSort;
  sorting: SortState;
  onSort: (c: DownlineSort) => void;
  numeric?: boolean;
}) {
  const active = sorting.sort === column;
  return (
    <th
      className={numeric ? 'num' : undefined}
      aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className={active ? 'sort-button active' : 'sort-button'} onClick={() => onSort(column)}>
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {active ? (sorting.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

interface ClientLineProps {
  row: ClientRow;
  me: UserDto | undefined;
  /** Whose downline is shown: only an account's direct upline moves its chips. */
  parentName: string;
  onAction: (kind: ClientActionKind) => void;
}

function ClientLine({ row, me, parentName, onAction }: ClientLineProps) {
  const money = (v: number) => formatRupees(v);
  return (
    <tr data-username={row.username} className={row.accountLocked ? 'row-locked' : undefined}>
      <td className="user-cell" data-label="Username">
        <div className="user-line">
          {row.downlineCount > 0 ? (
            <Link
              to="/admin/list-clients/$username"
              params={{ username: row.username }}
              className="user-link"
              title={`Open the ${row.downlineCount} account(s) below ${row.username}`}
            >
              {row.username}
            </Link>
          ) : (
            <span className="user-name">{row.username}</span>
          )}
          <span className="role-badge">{row.role.name}</span>
          {row.downlineCount > 0 && (
            <span className="downline-count" title="Accounts below">
              {row.downlineCount}
            </span>
          )}
        </div>
        {row.fullName && <div className="user-full muted">{row.fullName}</div>}
      </td>
      <td className="num" data-label="Credit ref.">
        {money(row.creditReference)}
      </td>
      <td className="num strong-cell" data-label="Balance" data-testid="client-balance">
        {money(row.balance)}
      </td>
      <td className={row.exposure > 0 ? 'num negative' : 'num'} data-label="Exposure">
        {money(row.exposure)}
      </td>
      <td className={row.availableBalance < 0 ? 'num negative' : 'num'} data-label="Avail. bal.">
        {money(row.availableBalance)}
      </td>
      <td
        className={
          row.clientPnl > 0
            ? 'num positive strong-cell'
            : row.clientPnl < 0
              ? 'num negative strong-cell'
              : 'num strong-cell'
        }
        data-label="Client P&L"
      >
        {money(row.clientPnl)}
      </td>
      <td data-label="Status">
        <div className="state-stack">
          <span
            className={row.accountLocked ? 'state-badge state-locked' : 'state-badge state-ok'}
            data-testid="account-state"
            title="Account"
          >
            {row.accountLocked ? 'Locked' : 'Active'}
          </span>
          <span
            className={row.betLocked ? 'state-badge state-locked' : 'state-badge state-ok'}
            data-testid="bet-state"
            title="Betting"
          >
            {row.betLocked ? 'Bet locked' : 'Bet open'}
          </span>
        </div>
      </td>
      <td className="actions-cell" data-label="Actions">
        <div className="row-actions">
          {CLIENT_ACTIONS.filter((a) => hasPrivilege(me, a.privilege)).map((a) => {
            const chips = a.kind === 'deposit' || a.kind === 'withdraw';
            const blocked = chips && me !== undefined && row.parentId !== me._id;
            const pressed =
              a.kind === 'account-lock' ? row.accountLocked : a.kind === 'bet-lock' ? row.betLocked : undefined;
            const name = a.name(row);
            return (
              <button
                key={a.kind}
                type="button"
                className={`act act-${a.tone}${pressed ? ' act-on' : ''}`}
                aria-label={`${name}: ${row.username}`}
                title={
                  blocked ? `Only ${parentName}, the direct upline, moves chips to and from ${row.username}` : name
                }
                aria-pressed={pressed}
                disabled={blocked}
                onClick={() => onAction(a.kind)}
              >
                {a.short}
              </button>
            );
          })}
          {hasPrivilege(me, 'account-statement') && (
            <Link
              to="/admin/user-transactions/$userId"
              params={{ userId: row._id }}
              className="act act-plain"
              aria-label={`Statement: ${row.username}`}
              title="Statement"
            >
              S
            </Link>
          )}
          {hasPrivilege(me, 'create-client') && (
            <Link
              to="/admin/add-user/$username"
              params={{ username: row.username }}
              className="act act-plain"
              aria-label={`Edit: ${row.username}`}
              title="Edit details"
            >
              E
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The trail from the logged-in account down to the one whose downline is shown. */
function Breadcrumb({ data, parent }: { data: DownlineResponse | undefined; parent: string }) {
  const trail = data?.breadcrumb ?? [];
  return (
    <nav className="breadcrumb" aria-label="Downline trail">
      <Link to="/admin/list-clients">My clients</Link>
      {trail.slice(1).map((crumb, i, rest) => (
        <span key={crumb._id} className="crumb">
          <span className="crumb-sep" aria-hidden="true">
            ›
          </span>
          {i === rest.length - 1 ? (
            <b aria-current="page">{crumb.username}</b>
          ) : (
            <Link to="/admin/list-clients/$username" params={{ username: crumb.username }}>
              {crumb.username}
            </Link>
          )}
        </span>
      ))}
      {trail.length === 0 && (
        <span className="crumb">
          <span className="crumb-sep" aria-hidden="true">
            ›
          </span>
          <b>{parent}</b>
        </span>
      )}
    </nav>
  );
}

/** The drilled-into account's own figures above its downline. */
function ParentSummary({ username, role }: { username: string; role: string | undefined }) {
  const client = useQuery({ queryKey: ['client', username], queryFn: () => fetchClient(username), retry: false });
  const c = client.data?.user;
  const item = (label: string, value: ReactNode, className?: string) => (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="param-list parent-summary" aria-label="Account whose downline is shown">
      {item('username', username)}
      {item('role', c?.role.name ?? role ?? '…')}
      {c && item('balance', formatRupees(c.balance))}
      {c && item('credit reference', formatRupees(c.creditReference))}
      {c && item('exposure', formatRupees(c.exposure))}
      {c &&
        item(
          'client p&l',
          formatRupees(c.clientPnl),
          c.clientPnl < 0 ? 'negative' : c.clientPnl > 0 ? 'positive' : undefined,
        )}
    </dl>
  );
}

function Legend({ me }: { me: UserDto | undefined }) {
  const items: [string, string][] = CLIENT_ACTIONS.filter((a) => hasPrivilege(me, a.privilege)).map((a) => [
    a.short,
    a.legend,
  ]);
  if (hasPrivilege(me, 'account-statement')) items.push(['S', 'Statement']);
  if (hasPrivilege(me, 'create-client')) items.push(['E', 'Edit']);
  if (items.length === 0) return null;
  return (
    <p className="legend muted">
      {items.map(([short, label]) => (
        <span key={short}>
          <b>{short}</b> {label}
        </span>
      ))}
      <span>Click a username with a count to open its downline.</span>
    </p>
  );
}

import { Link, createRoute, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { fetchClient } from '../../api/account-calls';
import { formatRupees } from '../../ui/money';
import { usePageTitle } from '../../ui/use-page-title';
import { StatementPage, statementSearch } from '../shared/StatementPage';
import { adminLayoutRoute } from './admin-layout-route';
import { RequirePrivilege } from './RequirePrivilege';
import { lazyPage } from './lazy-page';
import { clientSearch } from './clients/client-search';
const MultiLoginPage = lazyPage(() => import('./MultiLoginPage'), 'MultiLoginPage');
const AddUserPage = lazyPage(() => import('./clients/UserFormPages'), 'AddUserPage');
const EditUserPage = lazyPage(() => import('./clients/UserFormPages'), 'EditUserPage');
const ClientList = lazyPage(() => import('./clients/ClientList'), 'ClientList');

/** Managing the downline (SPEC.md section 2). */
export const adminClientRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/list-clients',
    validateSearch: clientSearch,
    component: ClientListPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/list-clients/$username',
    validateSearch: clientSearch,
    component: DownlinePage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/add-user',
    component: () => (
      <RequirePrivilege privilege="create-client">
        <AddUserPage />
      </RequirePrivilege>
    ),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/add-user/$username',
    component: EditPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/user-transactions/$userId',
    validateSearch: statementSearch,
    component: UserTransactionsPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/multi-login',
    component: () => (
      <RequirePrivilege privilege="multi-login">
        <MultiLoginPage />
      </RequirePrivilege>
    ),
  }),
] as const;

function ClientListPage() {
  usePageTitle('Client list');
  return (
    <RequirePrivilege privilege="view-clients">
      <ClientList heading="h1" />
    </RequirePrivilege>
  );
}

function DownlinePage() {
  const username = useParams({ from: '/admin/list-clients/$username', select: (p) => p.username });
  usePageTitle(`Client list: ${username}`);
  return (
    <RequirePrivilege privilege="view-clients">
      {/* A new account's list starts afresh: its own search box and actions. */}
      <ClientList key={username} parent={username} heading="h1" />
    </RequirePrivilege>
  );
}

function EditPage() {
  const username = useParams({ from: '/admin/add-user/$username', select: (p) => p.username });
  return (
    <RequirePrivilege privilege="create-client">
      <EditUserPage key={username} username={username} />
    </RequirePrivilege>
  );
}

/** A downline account's statement, reached with S from the client list. */
function UserTransactionsPage() {
  const userId = useParams({ from: '/admin/user-transactions/$userId', select: (p) => p.userId });
  const client = useQuery({ queryKey: ['client', userId], queryFn: () => fetchClient(userId), retry: false });
  const c = client.data?.user;
  return (
    <RequirePrivilege privilege="account-statement">
      <StatementPage
        key={userId}
        ctx="admin"
        userId={userId}
        subject={c?.username ?? userId}
        title={c ? `Account statement: ${c.username}` : 'Account statement'}
        intro={
          <p className="statement-intro">
            <Link to="/admin/list-clients">‹ Client list</Link>
            {c && (
              <>
                <span>
                  <b>{c.username}</b> <span className="role-badge">{c.role.name}</span>
                </span>
                <span className="muted">
                  Balance <b className="strong-inline">{formatRupees(c.balance)}</b>
                </span>
                <span className="muted">
                  Credit ref. <b className="strong-inline">{formatRupees(c.creditReference)}</b>
                </span>
              </>
            )}
          </p>
        }
      />
    </RequirePrivilege>
  );
}

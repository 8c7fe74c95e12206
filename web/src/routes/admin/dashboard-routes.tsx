import { createRoute } from '@tanstack/react-router';
import { ROLE_NAME } from '@exch/contracts';
import { useProfile } from '../../api/profile-query';
import { hasPrivilege } from '../../auth/privileges';
import { formatRupees } from '../../ui/money';
import { usePageTitle } from '../../ui/use-page-title';
import { WalletStats } from '../../ui/WalletStats';
import { ActivityLogPage, activitySearch } from '../shared/ActivityLogPage';
import { ChangePasswordPage } from '../shared/ChangePasswordPage';
import { SecurityPage } from '../shared/SecurityPage';
import { adminLayoutRoute } from './admin-layout-route';
import { lazyPage } from './lazy-page';
const ClientList = lazyPage(() => import('./clients/ClientList'), 'ClientList');

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/',
  component: AdminDashboardPage,
});

export const adminChangePasswordRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/change-password',
  component: () => <ChangePasswordPage ctx="admin" />,
});

/** Not in SPEC.md's list: the back office's own two-step verification, the page players have at settings/security-auth. */
export const adminSecurityRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/settings/security-auth',
  component: () => <SecurityPage ctx="admin" />,
});

/** Not in SPEC.md's list either: the back-office login's own logins and security changes. */
export const adminActivityRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/activity-log',
  validateSearch: activitySearch,
  component: () => <ActivityLogPage ctx="admin" />,
});

/** /admin: the admin's own account, and the client list below it (SPEC.md section 2: index is the client list). */
function AdminDashboardPage() {
  const { data: user } = useProfile('admin');
  usePageTitle('Dashboard');
  return (
    <>
      <section className="card welcome-card">
        <header className="card-head">
          <h1>Dashboard</h1>
          {user && <span className="role-badge">{ROLE_NAME[user.role.slug]}</span>}
        </header>
        {user && (
          <dl className="stat-grid">
            <div className="stat">
              <dt>Username</dt>
              <dd data-testid="admin-username">{user.username}</dd>
            </div>
            <div className="stat">
              <dt>Role</dt>
              <dd>{ROLE_NAME[user.role.slug]}</dd>
            </div>
            <WalletStats wallet={user.balance} />
            <div className="stat">
              <dt>Credit reference</dt>
              <dd>{formatRupees(user.creditRefrences)}</dd>
            </div>
          </dl>
        )}
      </section>
      {user && hasPrivilege(user, 'view-clients') && <ClientList heading="h2" />}
    </>
  );
}

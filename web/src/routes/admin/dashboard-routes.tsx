import { createRoute } from '@tanstack/react-router';
import { ROLE_NAME } from '@exch/contracts';
import { useProfile } from '../../api/profile-query';
import { ComingCard } from '../../ui/ComingCard';
import { formatRupees } from '../../ui/money';
import { usePageTitle } from '../../ui/use-page-title';
import { WalletStats } from '../../ui/WalletStats';
import { comingPage } from '../coming-page';
import { adminLayoutRoute } from './admin-layout-route';

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/',
  component: AdminDashboardPage,
});

export const adminChangePasswordRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '/change-password',
  component: comingPage('Change password', 'Change the password you log in to the back office with.'),
});

/** /admin: the admin's own account; the client list of SPEC.md comes below it in a later issue. */
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
      <ComingCard title="Client list" blurb="Your downline accounts with balance, exposure, credit and actions." />
    </>
  );
}
